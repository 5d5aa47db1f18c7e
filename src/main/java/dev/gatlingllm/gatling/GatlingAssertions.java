package dev.gatlingllm.gatling;

import dev.gatlingllm.check.CheckVerdict;
import io.gatling.charts.stats.LogFileData;
import io.gatling.charts.stats.LogFileReader;
import io.gatling.core.config.GatlingConfiguration;
import io.gatling.shared.model.assertion.AssertionMessage$;
import io.gatling.shared.model.assertion.AssertionResult;
import io.gatling.shared.model.assertion.AssertionValidator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The verdicts of the simulation's own Gatling assertions ({@code setUp(...).assertions(...)}),
 * judged the way Gatling judges them after the run: its reader of {@code simulation.log} and its
 * validator, so that junit.xml says what Gatling's console and exit code say. Gatling 3.15 writes
 * no file of its verdicts, and judges them only after the run's end, where no plugin code runs;
 * reading the closed log once more at the run's end is the one way to have them in the run's files.
 */
final class GatlingAssertions {
  private GatlingAssertions() {}

  /**
   * @param runFolder the run's results folder, holding its closed {@code simulation.log}
   * @return one verdict per assertion, none when the simulation has none or the folder holds no log
   */
  static List<CheckVerdict> judge(Path runFolder, GatlingConfiguration configuration) {
    if (runFolder == null || !Files.isRegularFile(runFolder.resolve("simulation.log"))) {
      return List.of();
    }
    LogFileData data =
        LogFileReader.apply(
                runFolder.getFileName().toString(), runFolder.getParent(), configuration)
            .read();
    if (data.assertions().isEmpty()) {
      return List.of();
    }
    List<CheckVerdict> verdicts = new ArrayList<>();
    for (AssertionResult result :
        CollectionConverters.asJava(
            new AssertionValidator(data).validateAssertions(data.assertions()))) {
      String name = AssertionMessage$.MODULE$.message(result.assertion());
      String message;
      if (result instanceof AssertionResult.Resolved resolved) {
        message = "actual value: " + format(resolved.actualValue());
      } else if (result instanceof AssertionResult.ResolutionError error) {
        message = error.error();
      } else {
        message = null;
      }
      verdicts.add(
          new CheckVerdict(CheckVerdict.GATLING_ASSERTIONS, name, result.success(), message));
    }
    return verdicts;
  }

  private static String format(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? String.format(Locale.ROOT, "%.0f", value)
        : String.format(Locale.ROOT, "%.3f", value);
  }
}
