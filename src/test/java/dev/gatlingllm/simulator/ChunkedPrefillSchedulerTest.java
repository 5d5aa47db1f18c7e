package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** vLLM V1's chunked prefill against the TGI-like scheduler, on the virtual clock. */
class ChunkedPrefillSchedulerTest {

  private static final CapacityModel CHUNKED =
      CapacityModel.DEFAULT.withScheduling(
          new SchedulingPolicy(SchedulerKind.CHUNKED, 2048, false, 16));

  @Test
  void itlStaysBoundedAt128StreamsWhereTheTgiSchedulerStallsTheBatch() {
    // 128 streams of 256-token prompts and 128-token answers: the reference workload
    CapacitySweep.Level chunked = CapacitySweep.reference(CHUNKED).runLevel(128);
    CapacitySweep.Level tgi =
        CapacitySweep.reference(CapacityModel.DEFAULT.withScheduling(SchedulingPolicy.TGI))
            .runLevel(128);

    double chunkedRatio = chunked.itlP99Millis() / chunked.itlP50Millis();
    double tgiRatio = tgi.itlP99Millis() / tgi.itlP50Millis();
    assertTrue(chunkedRatio <= 3, "chunked ITL p99 within 3x its median: " + describe(chunked));
    assertTrue(tgiRatio > 10, "TGI's whole prefills stall every stream: " + describe(tgi));
    assertTrue(tgiRatio > 5 * chunkedRatio, describe(tgi) + " vs " + describe(chunked));
  }

  @Test
  void ttftGrowsWithLoad() {
    List<CapacitySweep.Level> levels = CapacitySweep.reference(CHUNKED).run(1, 64, 128, 192);
    for (int i = 1; i < levels.size(); i++) {
      assertTrue(
          levels.get(i).ttftP50Millis() > levels.get(i - 1).ttftP50Millis(),
          "TTFT p50 grows: " + levels);
    }
    // past the 112 slots the queue adds whole answers' durations to TTFT
    assertTrue(levels.get(2).ttftP50Millis() > 5 * levels.get(1).ttftP50Millis(), "" + levels);
  }

  @Test
  void aLongPromptIsPrefilledInChunksWhileTheOthersKeepDecoding() {
    // budget 100 tokens per iteration; a decoding stream takes 1 of it, the 250-token prompt the
    // rest: 99 + 99 + 52 tokens, so its first token comes at the end of the third iteration
    CapacityModel model =
        new CapacityModel(4, 100_000, 10_000, 0, 1.0, 0, 100, 0, true, 0, 0, 0)
            .withScheduling(new SchedulingPolicy(SchedulerKind.CHUNKED, 100, false, 16));
    ContinuousBatchingEngine engine = new ContinuousBatchingEngine(model);
    EngineRequest decoding = new EngineRequest(10, 20, 20);
    engine.submit(decoding);
    long t = engine.beginIteration(0);
    engine.completeIteration(t, (r, time, last) -> {});
    EngineRequest longPrompt = new EngineRequest(250, 1, 1);
    engine.submit(longPrompt);
    List<String> log = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      long start = t;
      t = engine.beginIteration(t);
      long duration = (t - start) / 1_000;
      engine.completeIteration(
          t, (r, time, last) -> log.add((r == decoding ? "d" : "p") + r.generated()));
      log.add(duration + "us");
    }
    // each iteration: a 10 ms step plus 0.1 ms per prompt token in it
    assertEquals(
        List.of("d2", "19900us", "d3", "19900us", "d4", "p1", "15200us"),
        log,
        "the decoding stream gets a token every iteration");
  }

  private static String describe(CapacitySweep.Level level) {
    return String.format(
        "ITL p50 %.1f ms, p99 %.1f ms at %d streams",
        level.itlP50Millis(), level.itlP99Millis(), level.streams());
  }
}
