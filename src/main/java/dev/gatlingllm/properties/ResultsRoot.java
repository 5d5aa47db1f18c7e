package dev.gatlingllm.properties;

import dev.gatlingllm.logging.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Checks, when a simulation is built, that the folders the run will write to can be written: {@code
 * llm.resultsDir} (where the build plugin puts Gatling's results, e.g. {@code target/gatling}) and
 * {@code llm.reportDir}. Gatling itself fails on an unwritable results folder only after loading
 * the simulation, with its whole stack; this says it in one line first.
 */
public final class ResultsRoot {
  private ResultsRoot() {}

  /**
   * @throws UserError naming the property, the folder and why it cannot be written
   */
  public static void requireWritable(Properties properties) {
    for (String name : new String[] {"llm.resultsDir", "llm.reportDir"}) {
      String value = properties.getProperty(name);
      if (value != null && !value.isBlank()) {
        String problem = problem(Path.of(value.trim()));
        if (problem != null) {
          throw new UserError(
              name + ": cannot write the run's results in " + value + ": " + problem);
        }
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
