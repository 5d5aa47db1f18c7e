package dev.gatlingllm.twin;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.simulator.SettingBounds;
import dev.gatlingllm.simulator.SimulatorSetting;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Fits a twin of a real server from one or more of its sweep runs and writes it as a {@code sim.*}
 * profile (docs/simulator.md, "A twin of a real server"):
 *
 * <pre>
 *   ./mvnw -q exec:java -Dexec.mainClass=dev.gatlingllm.twin.TwinFitMain \
 *     -Dexec.args="[--slots 4] target/gatling/concurrencysweepsimulation-... twin.properties"
 * </pre>
 *
 * Several results folders (before the output file) are fitted together, e.g. two input lengths.
 */
public final class TwinFitMain {
  private TwinFitMain() {}

  public static void main(String[] args) {
    List<String> rest = new ArrayList<>(List.of(args));
    int slots = 0;
    if (rest.size() >= 2 && rest.get(0).equals("--slots")) {
      try {
        slots = slots(rest.get(1));
      } catch (UserError e) {
        System.err.println("gatling-llm: twin fit: " + e.getMessage());
        System.exit(2);
      }
      rest = rest.subList(2, rest.size());
    }
    if (rest.size() < 2) {
      System.err.println("usage: TwinFitMain [--slots N] <results folder>... <out file>");
      System.err.println(
          "  fits the simulator to a real server's sweep run(s) and writes the sim.* settings;"
              + " --slots: the server's own (max_num_seqs, -np) when known");
      System.exit(2);
    }
    try {
      Path out = Path.of(rest.get(rest.size() - 1));
      String profile = fit(rest.subList(0, rest.size() - 1), slots);
      Files.writeString(out, profile, StandardCharsets.UTF_8);
      System.out.print(profile);
      System.out.println("twin written to " + out);
    } catch (UserError e) {
      System.err.println("gatling-llm: twin fit: " + e.getMessage());
      System.exit(1);
    } catch (IOException e) {
      System.err.println(
          "gatling-llm: twin fit: cannot write "
              + rest.get(rest.size() - 1)
              + ": "
              + e.getMessage());
      System.exit(1);
    }
  }

  /**
   * The {@code --slots} argument, within the bound of the profile's {@code sim.slots} it becomes.
   *
   * @throws UserError {@code --slots must be a whole number in [1, 100000] (sequences), was '0'}
   */
  static int slots(String text) {
    return SettingBounds.of(SimulatorSetting.SLOTS).readInt("--slots", text);
  }

  /**
   * The profile's text fitted from these results folders.
   *
   * @param slots the server's slots when known, else 0 to infer them
   */
  public static String fit(List<String> folders, int slots) {
    List<LevelObservation> levels = new ArrayList<>();
    List<String> sources = new ArrayList<>();
    String model = "";
    for (String folder : folders) {
      SweepRunReader.SweepRun run = SweepRunReader.read(Path.of(folder));
      levels.addAll(run.levels());
      sources.add(
          run.folder()
              + " (levels "
              + run.levels().stream()
                  .map(l -> String.valueOf(l.concurrency()))
                  .reduce((a, b) -> a + "," + b)
                  .orElse("")
              + ")");
      if (model.isEmpty()) model = run.model();
    }
    return TwinFit.fit(levels, slots).profile(sources, model);
  }
}
