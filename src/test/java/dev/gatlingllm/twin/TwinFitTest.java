package dev.gatlingllm.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.simulator.CapacityModel;
import dev.gatlingllm.simulator.CapacitySweep;
import dev.gatlingllm.simulator.SchedulerKind;
import dev.gatlingllm.simulator.SchedulingPolicy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fit against a server whose costs are known: the simulator itself on the virtual clock, swept
 * as a real server would be; the fitted settings must be the ones it ran with.
 */
class TwinFitTest {
  private static final CapacityModel KNOWN =
      new CapacityModel(4, 131_072, 800, 120.0, 1.3, 0, 40.0, 0, true, 3_000, 0, 0)
          .withScheduling(new SchedulingPolicy(SchedulerKind.CHUNKED, 2048, false, 16));

  /**
   * A small model on a CPU, as llama.cpp serves the repository's: each token attends to its context
   * at a cost that dominates the rest, so a prompt costs with the square of its length and a decode
   * step with the context it extends (BENCHMARKS.md, "The twin against llama.cpp").
   */
  private static final CapacityModel ATTENTION_BOUND =
      new CapacityModel(4, 131_072, 150, 60.0, 1.0, 0, 30.0, 0, true, 2_000, 0, 0)
          .withScheduling(new SchedulingPolicy(SchedulerKind.CHUNKED, 2048, false, 16))
          .withAttentionPerTokenPairNanos(2600);

  /** A level as the report would give it, with the server's prompt time when it says it. */
  private static LevelObservation observe(
      CapacitySweep.Level level, int prompt, int output, boolean serverPrefill) {
    return observe(KNOWN, level, prompt, output, serverPrefill);
  }

  private static LevelObservation observe(
      CapacityModel server,
      CapacitySweep.Level level,
      int prompt,
      int output,
      boolean serverPrefill) {
    double tpot = 1000.0 / level.perStreamTokensPerSecond();
    return new LevelObservation(
        level.streams(),
        level.completedRequests(),
        prompt,
        prompt,
        output,
        level.ttftP50Millis(),
        tpot,
        tpot, // alike requests: their mean speed is their median's
        level.ttftP50Millis(),
        level.ttftP50Millis() + (output - 1) * tpot,
        level.outputTokensPerSecond() / output,
        serverPrefill ? server.prefillNanos(prompt) / 1e6 : Double.NaN,
        0 /* a settled window: runLevel */,
        List.of() /* of the mean lengths */);
  }

  private static List<LevelObservation> sweep(int prompt, boolean serverPrefill, int... streams) {
    return sweep(KNOWN, prompt, 64, serverPrefill, streams);
  }

  private static List<LevelObservation> sweep(
      CapacityModel server, int prompt, int output, boolean serverPrefill, int... streams) {
    List<LevelObservation> levels = new ArrayList<>();
    // started over a second, as the ready simulations start a level's streams
    for (CapacitySweep.Level level :
        new CapacitySweep(server, prompt, output, 1.0, 2.0, 20.0).run(streams)) {
      levels.add(observe(server, level, prompt, output, serverPrefill));
    }
    return levels;
  }

  @Test
  void theFitRecoversTheSettingsASweepRanWith() {
    FittedTwin twin = TwinFit.fit(sweep(128, true, 1, 2, 4, 8, 16));
    assertEquals(List.of(), twin.notes(), "a clean sweep leaves nothing to say");
    CapacityModel fitted = twin.model();
    assertEquals(4, fitted.slots(), "the slots, from the levels that queued");
    assertEquals(40.0, fitted.prefillPerTokenMicros(), 0.5, "prefill per token");
    assertEquals(3_000, fitted.requestOverheadMicros(), 300, "request overhead");
    for (int batch : new int[] {1, 2, 4}) {
      double known = KNOWN.decodeStepNanos(batch);
      double got = fitted.decodeStepNanos(batch);
      assertEquals(known, got, 0.08 * known, "decode step at " + batch + " sequences");
    }
    assertEquals(SchedulerKind.CHUNKED, fitted.scheduling().scheduler());
  }

  @Test
  void withoutServerTimesTwoInputLengthsTellThePrefillFromTheOverhead() {
    List<LevelObservation> levels = new ArrayList<>(sweep(64, false, 1, 2, 4, 8));
    levels.addAll(sweep(512, false, 1, 2, 4, 8));
    CapacityModel fitted = TwinFit.fit(levels).model();
    assertEquals(40.0, fitted.prefillPerTokenMicros(), 4.0, "prefill per token, from TTFT's slope");
    assertEquals(3_000, fitted.requestOverheadMicros(), 600, "request overhead");
    assertEquals(4, fitted.slots());
  }

  @Test
  void theFittedTwinPredictsLoadsItWasNotFittedOn() {
    FittedTwin twin = TwinFit.fit(sweep(128, true, 1, 2, 4, 8));
    for (int streams : new int[] {1, 3, 6, 12}) {
      CapacitySweep.Level truth =
          new CapacitySweep(KNOWN, 256, 64, 1.0, 2.0, 20.0).runLevel(streams);
      CapacitySweep.Level predicted =
          new CapacitySweep(twin.model(), 256, 64, 1.0, 2.0, 20.0).runLevel(streams);
      assertEquals(
          truth.outputTokensPerSecond(),
          predicted.outputTokensPerSecond(),
          0.05 * truth.outputTokensPerSecond(),
          "output tok/s at " + streams);
      if (streams == 1 || streams == 12) {
        // between, the median TTFT depends on the phase the streams settle in (see below)
        assertEquals(
            truth.ttftP50Millis(),
            predicted.ttftP50Millis(),
            0.10 * truth.ttftP50Millis(),
            "TTFT at " + streams);
      }
    }
  }

  @Test
  void twoInputLengthsTellTheAttentionCostAndTheTwinPredictsAThirdLength() {
    List<LevelObservation> levels =
        new ArrayList<>(sweep(ATTENTION_BOUND, 32, 32, true, 1, 2, 4, 8));
    levels.addAll(sweep(ATTENTION_BOUND, 128, 32, true, 1, 2, 4, 8));
    FittedTwin twin = TwinFit.fit(levels, 4);
    CapacityModel fitted = twin.model();
    // by hand: 2600 ns per pair, the prompt's 30 us per token (no template: the twin's count is
    // the server's)
    assertEquals(2600, fitted.attentionPerTokenPairNanos(), 130, "attention per token pair");
    assertEquals(30.0, fitted.prefillPerTokenMicros(), 3.0, "prefill per token");
    for (int streams : new int[] {1, 3, 6, 8}) {
      CapacitySweep.Level truth =
          new CapacitySweep(ATTENTION_BOUND, 64, 32, 1.0, 2.0, 20.0).runLevel(streams);
      CapacitySweep.Level predicted =
          new CapacitySweep(fitted, 64, 32, 1.0, 2.0, 20.0).runLevel(streams);
      assertEquals(
          truth.outputTokensPerSecond(),
          predicted.outputTokensPerSecond(),
          0.10 * truth.outputTokensPerSecond(),
          "output tok/s at " + streams);
      if (streams == 1 || streams == 8) {
        // Near the slot count the median TTFT depends on the phase identical streams settle in
        // (their prompts in one pass or spread), which a hair's difference in costs can flip.
        assertEquals(
            truth.ttftP50Millis(),
            predicted.ttftP50Millis(),
            0.10 * truth.ttftP50Millis(),
            "TTFT at " + streams);
      }
      assertEquals(
          1 / truth.perStreamTokensPerSecond(),
          1 / predicted.perStreamTokensPerSecond(),
          0.10 / truth.perStreamTokensPerSecond(),
          "TPOT at " + streams);
    }
  }

  @Test
  void oneLevelIsTooFewToFit() {
    UserError error = assertThrows(UserError.class, () -> TwinFit.fit(sweep(128, true, 4)));
    assertTrue(error.getMessage().startsWith("too few points to fit"), error.getMessage());
  }

  /**
   * Levels that cannot be fitted (a TTFT and TPOT of zero, figures of 1e300, 2e9 output tokens) are
   * refused in one line naming the level and the figure, instead of a profile holding NaN or a step
   * of 3.3e18 us.
   */
  @Test
  void aFitThatCannotFitSaysSoInsteadOfWritingNaN() {
    List<LevelObservation> good = sweep(256, false, 1, 2, 4);
    LevelObservation first = good.get(0);
    List<java.util.function.UnaryOperator<LevelObservation>> spoilers =
        List.of(
            l -> with(l, 0, 0, l.outputTokens()),
            l -> with(l, 1e300, 1e300, l.outputTokens()),
            l -> with(l, l.ttftP50Millis(), l.tpotP50Millis(), 2e9));
    List<String> expected =
        List.of(
            "the runs cannot be fitted: at 1 streams the TTFT p50 is 0.0 ms",
            "the runs cannot be fitted: at 1 streams the TTFT p50 is 1.0E300 ms",
            "the runs cannot be fitted: at 1 streams the mean output is 2.0E9 tokens");
    for (int i = 0; i < spoilers.size(); i++) {
      List<LevelObservation> levels = new ArrayList<>(good);
      levels.set(0, spoilers.get(i).apply(first));
      UserError refused = assertThrows(UserError.class, () -> TwinFit.fit(levels));
      assertTrue(refused.getMessage().startsWith(expected.get(i)), refused.getMessage());
      assertTrue(refused.getMessage().endsWith("no profile written"), refused.getMessage());
    }
  }

  private static LevelObservation with(
      LevelObservation l, double ttft, double tpot, double outputTokens) {
    return new LevelObservation(
        l.concurrency(),
        l.requests(),
        l.inputTokens(),
        l.requestedInputTokens(),
        outputTokens,
        ttft,
        tpot,
        tpot,
        ttft,
        l.e2elMeanMillis(),
        l.requestsPerSecond(),
        l.serverPrefillP50Millis(),
        l.requestsPerStream(),
        l.shapes());
  }
}
