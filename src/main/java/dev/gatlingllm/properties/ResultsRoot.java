package dev.gatlingllm.properties;

import dev.gatlingllm.logging.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Checks, when a simulation is built, that {@code llm.resultsDir} (where the build plugin puts
 * Gatling's results, e.g. {@code target/gatling}) can be written: Gatling itself fails on an
 * unwritable results folder only after loading the simulation, with its whole stack; this says it
 * in one line first. {@code llm.reportDir}, the LLM report's own folder, is not checked here: an
 * unwritable one turns the LLM report off with one line, and the run goes on.
 */
public final class ResultsRoot {
  private ResultsRoot() {}

  /**
   * @throws UserError naming the property, the folder and why it cannot be written
   */
  public static void requireWritable(Properties properties) {
    String value = properties.getProperty("llm.resultsDir");
    if (value != null && !value.isBlank()) {
      String problem = problem(Path.of(value.trim()));
      if (problem != null) {
        throw new UserError(
            "llm.resultsDir: cannot write the run's results in " + value + ": " + problem);
      }
    }
  }

  /** Why {@code folder} cannot hold the run's results, or null when it can. */
  static String problem(Path folder) {
    try {
      Files.createDirectories(folder);
    } catch (IOException e) {
      return e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : " " + e.getMessage())
          + " (is a file in its way, or the disk read-only?)";
    }
    return Files.isWritable(folder) ? null : "not writable (check its permissions)";
  }
}
