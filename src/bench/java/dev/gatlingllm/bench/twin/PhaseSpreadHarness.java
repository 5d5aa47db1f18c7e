package dev.gatlingllm.bench.twin;

import dev.gatlingllm.dsl.prompts.LengthRange;
import dev.gatlingllm.simulator.CapacityModel;
import dev.gatlingllm.simulator.CapacitySweep;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.simulator.RequestShape;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How much a level's median TTFT is a figure of the load, and how much of the phase its streams
 * settled in: one twin, one level, run on the virtual clock with prompts' and outputs' lengths
 * drawn from eight seeds, at several request counts, once with equal outputs and once with varied
 * ones. Nothing but the seed changes between the runs of a row.
 *
 * <pre>
 *   ./mvnw -q -Pbench test-compile exec:exec@phase \
 *     -Dharness.args="profile=twin.properties streams=6 input=64 output=32 ratio=0.5"
 * </pre>
 */
public final class PhaseSpreadHarness {
  private PhaseSpreadHarness() {}

  public static void main(String[] args) {
    String profile = null;
    int streams = 6;
    int input = 64;
    int output = 32;
    double ratio = 0.5;
    for (String arg : args) {
      String[] kv = arg.split("=", 2);
      switch (kv[0]) {
        case "profile" -> profile = kv[1];
        case "streams" -> streams = Integer.parseInt(kv[1]);
        case "input" -> input = Integer.parseInt(kv[1]);
        case "output" -> output = Integer.parseInt(kv[1]);
        case "ratio" -> ratio = Double.parseDouble(kv[1]);
        default -> throw new IllegalArgumentException("unknown argument " + arg);
      }
    }
    if (profile == null) {
      throw new IllegalArgumentException("profile=<a twin's sim.* file> is needed");
    }
    CapacityModel model = LlmSimulator.builder().profile(Path.of(profile)).config().capacity();
    System.out.printf(
        Locale.ROOT,
        "%d streams, prompts %d +/- %.0f %%, outputs %d (equal, or +/- %.0f %%), ramp 1 s,"
            + " 8 seeds a row: median TTFT ms, then output tok/s%n",
        streams,
        input,
        100 * ratio,
        output,
        100 * ratio);
    for (boolean varied : new boolean[] {false, true}) {
      for (int requests : new int[] {128, 512, 2048}) {
        StringBuilder ttfts = new StringBuilder();
        StringBuilder rates = new StringBuilder();
        for (int seed = 0; seed < 8; seed++) {
          CapacitySweep.Level level =
              new CapacitySweep(model, input, output, 1.0, 0, 0)
                  .withShapes(shapes(seed, requests, input, output, ratio, varied))
                  .runRequests(streams, Math.max(1, requests / streams));
          ttfts.append(String.format(Locale.ROOT, " %.0f", level.ttftP50Millis()));
          rates.append(String.format(Locale.ROOT, " %.0f", level.outputTokensPerSecond()));
        }
        System.out.printf(
            Locale.ROOT,
            "%-14s %5d requests: TTFT p50%s | tok/s%s%n",
            varied ? "varied outputs" : "equal outputs",
            requests,
            ttfts,
            rates);
      }
    }
  }

  private static List<RequestShape> shapes(
      long seed, int count, int input, int output, double ratio, boolean variedOutputs) {
    SplittableRandom random = new SplittableRandom(seed);
    List<RequestShape> shapes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      shapes.add(
          new RequestShape(
              draw(random, input, ratio), variedOutputs ? draw(random, output, ratio) : output));
    }
    return shapes;
  }

  private static int draw(SplittableRandom random, int mean, double ratio) {
    return LengthRange.around(mean, ratio).draw(random);
  }
}
