package dev.gatlingllm.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * Stops a run whose launching JVM is gone. A CI system that cancels a job sends SIGTERM to Maven,
 * which exits (143) without stopping the Gatling JVM it forked: that JVM would load the server
 * until its planned end, and nobody would read its report. When the parent JVM ends, this begins
 * the same orderly stop as a SIGTERM ({@link System#exit} runs the shutdown hooks, and the run's
 * report is written with its aborted requests).
 *
 * <p>Only a JVM parent is watched (Maven, Gradle, an IDE or a launcher of one's own): a run started
 * from a shell that exits ({@code nohup ... &}) is meant to outlive it. {@code
 * -Dllm.stopWithParent=false} turns the watch off. One daemon thread per JVM, which reads the
 * parent's state twice a second.
 */
final class ParentWatchdog {
  /** The JVM's exit status when its parent ended: the one of a SIGTERM (128 + 15). */
  static final int EXIT_STATUS = 143;

  static final String PROPERTY = "llm.stopWithParent";
  private static final long POLL_MILLIS = 500;
  private static final AtomicBoolean STARTED = new AtomicBoolean();

  private ParentWatchdog() {}

  /** Starts the watch once per JVM, unless turned off or the parent is no JVM. */
  static void startOnce(PrintStream console) {
    if (!Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))
        || !STARTED.compareAndSet(false, true)) {
      return;
    }
    Optional<ProcessHandle> parent = ProcessHandle.current().parent().filter(ParentWatchdog::isJvm);
    if (parent.isEmpty()) {
      return;
    }
    Thread watch = new Thread(() -> watch(parent.get(), console), "llm-parent-watchdog");
    watch.setDaemon(true);
    watch.start();
  }

  private static void watch(ProcessHandle parent, PrintStream console) {
    try {
      // isAlive compares the process's start time too: a new process that got the parent's pid is
      // not it.
      while (!ended(parent::isAlive, ParentWatchdog::canOpenFiles)) {
        TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
      }
    } catch (InterruptedException e) {
      return;
    }
    console.println(
        "[gatling-llm] the launching process " + parent.pid() + " ended: stopping the run");
    System.exit(EXIT_STATUS);
  }

  /**
   * Whether the parent ended. The JDK reads the parent's state from a file ({@code /proc} on
   * Linux), and says "not alive" when it cannot open it: a run out of file descriptors (thousands
   * of streams under a low {@code ulimit -n}) would read that as its parent's death and stop
   * itself. So "not alive" counts only while this JVM can open a file at all.
   */
  static boolean ended(BooleanSupplier alive, BooleanSupplier canOpenFiles) {
    return !alive.getAsBoolean() && canOpenFiles.getAsBoolean();
  }

  private static boolean canOpenFiles() {
    Path probe = Path.of("/proc/self/stat");
    if (!Files.exists(probe)) {
      return true; // no /proc: the JDK asks the system directly, without a descriptor
    }
    try (var in = Files.newInputStream(probe)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean isJvm(ProcessHandle process) {
    return process
        .info()
        .command()
        .map(command -> Path.of(command).getFileName().toString())
        .filter(name -> name.equals("java") || name.equals("java.exe"))
        .isPresent();
  }
}
