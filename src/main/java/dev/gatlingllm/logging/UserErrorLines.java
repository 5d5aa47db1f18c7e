package dev.gatlingllm.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.io.PrintStream;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

/**
 * Turns a run that fails on a {@link UserError} into one line: Gatling logs a simulation that
 * cannot be built as "Run crashed" with the stack of every frame between its launcher and the
 * check, 36 to 58 lines for a mistyped number. This logback filter drops any log event whose
 * throwable holds a user error and prints its line instead ({@code gatling-llm: llm.seed must be an
 * integer, was 'abc'}); Gatling still ends the run with a failure, so Maven's exit code is not
 * zero. Installed once, by the first read of the {@code llm.*} properties, in any simulation;
 * without logback (another SLF4J binding) nothing changes.
 */
public final class UserErrorLines extends TurboFilter {
  private static boolean installed;

  /** The exit status of a run that a user error stopped in Gatling's launcher. */
  static final int EXIT_STATUS = 1;

  private final PrintStream console;
  private final boolean exitAfter;

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

  /** Puts the filter on logback's context, once per JVM. */
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
      context.addTurboFilter(filter);
    }
  }

  @Override
  public FilterReply decide(
      Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
    UserError error = userError(t);
    if (error == null) {
      return FilterReply.NEUTRAL;
    }
    if (!error.alreadySaid()) {
      console.println("gatling-llm: " + error.getMessage());
    }
    if (exitAfter) {
      console.flush();
      System.exit(EXIT_STATUS);
    }
    return FilterReply.DENY;
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
