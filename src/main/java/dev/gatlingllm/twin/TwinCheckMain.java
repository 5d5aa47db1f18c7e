package dev.gatlingllm.twin;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.simulator.CapacityModel;
import dev.gatlingllm.simulator.CapacitySweep;
import dev.gatlingllm.simulator.LlmSimulator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Checks a fitted twin against runs of the real server it was not fitted on: each of their levels
 * run again on the twin's virtual clock, as it ran (its streams, its requests, their lengths in the
 * order they were sent), and the twin's figures beside the server's (docs/simulator.md, "A twin of
 * a real server"):
 *
 * <pre>
 *   ./mvnw -q exec:java -Dexec.mainClass=dev.gatlingllm.twin.TwinCheckMain \
 *     -Dexec.args="twin.properties target/gatling/concurrencysweepsimulation-..."
 * </pre>
 *
 * No simulator is started and nothing is sent: a minute of load takes a second. What it cannot see
 * is what the real-time simulator adds (its timers, the client's jitter); running the load against
 * the simulator started from the profile shows that.
 */
public final class TwinCheckMain {
  private TwinCheckMain() {}

  public static void main(String[] args) {
    if (args.length < 2) {
      System.err.println("usage: TwinCheckMain <twin profile> <results folder>...");
      System.err.println(
          "  runs each level of the given runs on the twin's virtual clock, beside the server's"
              + " figures");
      System.exit(2);
    }
    try {
      List<String> folders = List.of(args).subList(1, args.length);
      System.out.print(table(check(Path.of(args[0]), folders)));
    } catch (UserError e) {
      System.err.println("twin check: " + e.getMessage());
      System.exit(1);
    }
  }

  /**
   * Every level of these runs beside the twin's run of it.
   *
   * @throws UserError in one line: a profile that cannot be read or names no setting, a folder with
   *     no sweep's report
   */
  public static List<FittedTwin.Check> check(Path profile, List<String> folders) {
    CapacityModel model;
    try {
      model = LlmSimulator.builder().profile(profile).config().capacity();
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    List<FittedTwin.Check> checks = new ArrayList<>();
    for (String folder : folders) {
      List<LevelObservation> levels = SweepRunReader.read(Path.of(folder)).levels();
      List<CapacitySweep.Level> twin = TwinFit.simulate(model, levels);
      for (int i = 0; i < levels.size(); i++) {
        checks.add(new FittedTwin.Check(levels.get(i), twin.get(i)));
      }
    }
    return checks;
  }

  /** The checks as a Markdown table: the server's figure, the twin's, the twin's error. */
  public static String table(List<FittedTwin.Check> checks) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        "| streams | prompt | output | output tok/s server / twin | TTFT p50 ms server / twin |"
            + " TPOT p50 ms server / twin |\n");
    sb.append("|---|---|---|---|---|---|\n");
    for (FittedTwin.Check check : checks) {
      LevelObservation m = check.measured();
      sb.append(
          String.format(
              Locale.ROOT,
              "| %d | %.0f | %.0f | %.1f / %.1f (%+.0f %%) | %.1f / %.1f (%+.0f %%) |"
                  + " %.2f / %.2f (%+.0f %%) |%n",
              m.concurrency(),
              m.requestedInputTokens(),
              m.outputTokens(),
              m.outputTokensPerSecond(),
              check.twin().outputTokensPerSecond(),
              100 * check.throughputError(),
              m.ttftP50Millis(),
              check.twin().ttftP50Millis(),
              100 * check.ttftError(),
              m.tpotP50Millis(),
              check.twin().tpotP50Millis(),
              100 * check.tpotError()));
    }
    return sb.toString();
  }
}
