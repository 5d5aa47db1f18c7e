package dev.gatlingllm.real;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where a real server runs on this machine: how many threads it computes with and which CPUs it may
 * use. By default ({@link #SHARED}) it computes with two threads on any CPU, beside the client. A
 * measurement that must be repeatable gives it a core of its own ({@link #ownCore()}): on two cores
 * shared with the client, llama.cpp's two threads wait for each other whenever the client takes one
 * of the cores, and the same load run twice moved its figures by up to 4x.
 *
 * @param threads the server's compute threads ({@code -t})
 * @param cpus the CPUs the server may run on, in {@code taskset}'s list form; empty for any
 */
record Placement(int threads, Optional<String> cpus) {
  static final Placement SHARED = new Placement(2, Optional.empty());

  private static final Path TASKSET = Path.of("/usr/bin/taskset");

  /**
   * One thread on the machine's last CPU, when {@code taskset} can pin it there and a CPU is left
   * for the client ({@link #clientCpus()}); otherwise {@link #SHARED}.
   */
  static Placement ownCore() {
    int cpus = Runtime.getRuntime().availableProcessors();
    if (cpus < 2 || !Files.isExecutable(TASKSET)) {
      return SHARED;
    }
    return new Placement(1, Optional.of(Integer.toString(cpus - 1)));
  }

  /** The CPUs left to the client when the server is pinned; empty when it is not. */
  Optional<String> clientCpus() {
    int cpus = Runtime.getRuntime().availableProcessors();
    return this.cpus.map(ignored -> cpus == 2 ? "0" : "0-" + (cpus - 2));
  }

  /** What goes before the server's binary on its command line: {@code taskset -c <cpus>}. */
  List<String> launcher() {
    return cpus.map(list -> List.of(TASKSET.toString(), "-c", list)).orElse(List.of());
  }

  /**
   * Keeps every thread of this JVM (the client, in the same test) off the server's CPUs until
   * {@link Pinned#close()} gives it the whole machine back.
   */
  Pinned pinThisJvm() throws IOException, InterruptedException {
    Optional<String> client = clientCpus();
    if (client.isEmpty()) {
      return () -> {};
    }
    setAffinity(client.get());
    int all = Runtime.getRuntime().availableProcessors();
    return () -> setAffinity("0-" + (all - 1));
  }

  /** The JVM's CPU affinity, held until closed. */
  interface Pinned extends AutoCloseable {
    @Override
    void close() throws IOException, InterruptedException;
  }

  private static void setAffinity(String cpus) throws IOException, InterruptedException {
    String pid = Long.toString(ProcessHandle.current().pid());
    Process taskset =
        new ProcessBuilder(TASKSET.toString(), "-a", "-p", "-c", cpus, pid)
            .redirectErrorStream(true)
            .start();
    String output = new String(taskset.getInputStream().readAllBytes());
    if (taskset.waitFor() != 0) {
      throw new IOException("taskset -a -p -c " + cpus + " " + pid + ": " + output);
    }
  }
}
