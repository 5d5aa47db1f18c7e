package dev.gatlingllm.logging;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxy;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import java.io.PrintStream;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Set;
import org.slf4j.LoggerFactory;

/**
 * Turns a run that fails on a {@link UserError} into one line: Gatling logs a simulation that
 * cannot be built as "Run crashed" with the stack of every frame between its launcher and the
 * check, 36 to 58 lines for a mistyped number. This logback filter, on each appender, drops an
 * event whose throwable holds a user error and prints its line instead ({@code gatling-llm:
 * llm.seed must be an integer, was 'abc'}). In the JVM Gatling's launcher runs (the Maven, Gradle
 * or sbt plugin's fork), where the launcher would print the stack again, the JVM then exits with
 * status 1, so that the build fails; elsewhere (a run started in-process, as the tests do) Gatling
 * ends the run with its failure. Installed once, by the first read of the {@code llm.*} properties,
 * in any simulation; without logback (another SLF4J binding) nothing changes.
 *
 * <p>An appender's filter, not a turbo filter: an appender sees only the events that pass their
 * logger's level, while a turbo filter would be asked about every logging call, Gatling's DEBUG
 * calls for each chunk of every stream included.
 */
public final class UserErrorLines extends Filter<ILoggingEvent> {
  /** The exit status of a run that a user error stopped in Gatling's launcher. */
  static final int EXIT_STATUS = UserError.EXIT_STATUS;

  private static boolean installed;

  private final PrintStream console;
  private final boolean exitAfter;

  /** The errors whose line was printed: an event reaching several appenders prints it once. */
  private final Set<UserError> said = Collections.newSetFromMap(new IdentityHashMap<>());

  UserErrorLines(PrintStream console, boolean exitAfter) {
    this.console = console;
    this.exitAfter = exitAfter;
  }

  /**
   * Whether this JVM is Gatling's launcher's: its main class is Gatling's or the build plugins'
   * fork that calls it, or it runs their booter jar ({@code java -jar gatlingbooter123.jar
   * io.gatling.app.Gatling ...}, the Maven plugin's fork).
   *
   * @param javaCommand the {@code sun.java.command} property: the main class or jar, then the
   *     arguments
   */
  /** True in the JVM Gatling's launcher runs (the Maven, Gradle or sbt plugin's fork). */
  public static boolean inGatlingsLauncher() {
    return inGatlingsLauncher(System.getProperty("sun.java.command"));
  }

  static boolean inGatlingsLauncher(String javaCommand) {
    if (javaCommand == null) {
      return false;
    }
    String[] words = javaCommand.trim().split("\\s+", 3);
    for (int i = 0; i < Math.min(2, words.length); i++) {
      if (words[i].equals("io.gatling.app.Gatling")
          || words[i].equals("io.gatling.plugin.util.ForkMain")) {
        return true;
      }
    }
    return false;
  }

  /** Puts the filter on every appender of logback's loggers, once per JVM. */
  public static synchronized void install() {
    if (installed) {
      return;
    }
    installed = true;
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
      UserErrorLines filter =
          new UserErrorLines(
              System.out, inGatlingsLauncher(System.getProperty("sun.java.command")));
      filter.setName("gatling-llm-user-errors");
      filter.start();
      Set<Appender<ILoggingEvent>> appenders = Collections.newSetFromMap(new IdentityHashMap<>());
      for (Logger logger : context.getLoggerList()) {
        for (Iterator<Appender<ILoggingEvent>> it = logger.iteratorForAppenders(); it.hasNext(); ) {
          appenders.add(it.next());
        }
      }
      appenders.forEach(appender -> appender.addFilter(filter));
    }
  }

  @Override
  public FilterReply decide(ILoggingEvent event) {
    UserError error = userError(event.getThrowableProxy());
    if (error == null) {
      return FilterReply.NEUTRAL;
    }
    synchronized (said) {
      if (said.add(error) && !error.alreadySaid()) {
        console.println("gatling-llm: " + error.getMessage());
      }
    }
    if (exitAfter) {
      console.flush();
      System.exit(error.exitStatus());
    }
    return FilterReply.DENY;
  }

  /** The user error among the logged throwable and its causes, or null. */
  static UserError userError(IThrowableProxy logged) {
    return logged instanceof ThrowableProxy proxy ? userError(proxy.getThrowable()) : null;
  }

  /** The user error among {@code t} and its causes, or null. */
  static UserError userError(Throwable t) {
    for (Throwable cause = t; cause != null; cause = cause.getCause()) {
      if (cause instanceof UserError error) {
        return error;
      }
      if (cause.getCause() == cause) {
        return null;
      }
    }
    return null;
  }
}
