package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.dsl.load.TraceReplay;
import dev.gatlingllm.simulator.CapacityModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trace sizing, by hand computation on the simulator's default model: a 120 k-token prompt as
 * in Mooncake's conversation trace, the timeouts it could outlast, and the engine share of a pace.
 */
class TraceSizingTest {
  private static final CapacityModel MODEL = CapacityModel.DEFAULT;
  private static final Duration IDLE = Duration.ofSeconds(30);
  private static final Duration OVERALL = Duration.ofSeconds(600);

  @TempDir Path dir;

  @Test
  void theEmbeddedKvBudgetHoldsTwiceTheLongestRequestWhenTheDefaultCannot() throws IOException {
    TraceReplay small = replay(1, row(0, 600, 24), row(100_000, 1100, 16));
    assertEquals(131_072, TraceSizing.embeddedKvCacheTokens(small.entries()), "the default");
    TraceReplay mooncake = replay(1, row(0, 600, 24), row(100_000, 120_000, 500));
    assertEquals(241_000, TraceSizing.embeddedKvCacheTokens(mooncake.entries()));
    assertEquals(
        List.of(),
        TraceSizing.warnings(
            mooncake,
            withKv(MODEL, TraceSizing.embeddedKvCacheTokens(mooncake.entries())),
            true,
            IDLE,
            OVERALL),
        "sized: a 120 k prompt prefills in 1.9 s, far from the timeouts");
    assertTrue(
        TraceSizing.warnings(mooncake, MODEL, true, IDLE, OVERALL)
            .get(0)
            .startsWith("the trace's longest request needs 120500 KV tokens"),
        "unsized, the default budget holds it alone only");
  }

  @Test
  void aKvBudgetTheUserSetBelowTwiceTheLongestRequestIsWarned() throws IOException {
    TraceReplay trace = replay(1, row(0, 600, 24), row(100_000, 120_000, 500));
    List<String> lines = TraceSizing.warnings(trace, MODEL, true, IDLE, OVERALL);
    assertEquals(1, lines.size(), lines.toString());
    assertEquals(
        "the trace's longest request needs 120500 KV tokens, more than half of"
            + " sim.kvCacheTokens=131072: it is admitted only once the batch has all but drained,"
            + " and every request behind it waits too; set -Dsim.kvCacheTokens=241000",
        lines.get(0));
  }

  @Test
  void aRequestLongerThanTheTimeoutsIsWarnedWithThePropertyToChange() throws IOException {
    // 120 000 tokens: 23 ms overhead + 24 ms + 15.4 us x 120 000 = 1.895 s to the first token;
    // 40 000 tokens out: + 39 999 x 10.30355 ms (one sequence's decode step) = 414.0 s in all.
    TraceReplay trace = replay(1, row(0, 120_000, 40_000), row(1000, 100, 10));
    assertEquals(
        1_895_000_000L, TraceSizing.firstTokenNanos(MODEL, trace.entries().get(0)), "by hand");
    List<String> lines =
        TraceSizing.warnings(
            trace, withKv(MODEL, 1_000_000), false, Duration.ofSeconds(1), Duration.ofSeconds(300));
    assertEquals(
        List.of(
            "the trace's longest prompt (120000 tokens) could take 2 s to its first token on a"
                + " server as fast as the simulator, alone, more than llm.idleTimeoutSeconds=1:"
                + " set -Dllm.idleTimeoutSeconds=10",
            "the trace's slowest request (120000 tokens in, 40000 out) could take 414 s on a"
                + " server as fast as the simulator, alone, more than llm.timeoutSeconds=300:"
                + " set -Dllm.timeoutSeconds=830"),
        lines);
  }

  @Test
  void aPaceBeyondTheEmbeddedEngineIsWarnedWithASlowerSpeed() throws IOException {
    // Two requests of 1000 in, 100 out, 1 s apart: prefills 2 x (24 + 15.4) ms = 78.8 ms; the KV
    // budget holds 131072 / 1100 = 119 of them, the slots 112, so decode costs step(112) / 112 per
    // token: (10300 + 3.55 x 112^1.9) us / 112 for 200 tokens.
    TraceReplay trace = replay(1, row(0, 1000, 100), row(1000, 1000, 100));
    TraceSizing.EngineShare share = TraceSizing.engineShare(trace, MODEL);
    assertEquals(0.0788, share.prefill(), 1e-9);
    double step = (10_300 + 3.55 * Math.pow(112, 1.9)) / 1e6;
    assertEquals(200 * step / 112, share.decode(), 1e-6);
    assertTrue(TraceSizing.warnings(trace, MODEL, true, IDLE, OVERALL).isEmpty());

    // The same requests 10 ms apart ask for about 10 times the engine's time.
    TraceReplay fast = replay(1, row(0, 1000, 100), row(10, 1000, 100));
    List<String> lines = TraceSizing.warnings(fast, MODEL, true, IDLE, OVERALL);
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(
        lines.get(0).startsWith("at this pace the trace asks the embedded simulator for about "),
        lines.get(0));
    double total = TraceSizing.engineShare(fast, MODEL).total();
    assertTrue(
        lines.get(0).contains("(-Dllm.trace.speed=" + speed(0.9 / total) + ")"), lines.get(0));
    assertTrue(
        TraceSizing.warnings(fast, MODEL, false, IDLE, OVERALL).isEmpty(),
        "a real server's capacity is unknown: no pace warning");
  }

  private static String speed(double value) {
    return new java.math.BigDecimal(value)
        .round(new java.math.MathContext(2))
        .stripTrailingZeros()
        .toPlainString();
  }

  private static CapacityModel withKv(CapacityModel model, long kv) {
    return new CapacityModel(
        model.slots(),
        kv,
        model.decodeStepBaseMicros(),
        model.decodeStepPerStreamMicros(),
        model.decodeStepExponent(),
        model.prefillBaseMicros(),
        model.prefillPerTokenMicros(),
        model.maxPrefillTokensPerStep(),
        model.prefillBlocksDecode(),
        model.requestOverheadMicros(),
        model.maxWaitingSteps(),
        model.waitingServedRatio());
  }

  private static String row(long ms, int input, int output) {
    return "{\"timestamp\": "
        + ms
        + ", \"input_length\": "
        + input
        + ", \"output_length\": "
        + output
        + "}";
  }

  private TraceReplay replay(double speed, String... lines) throws IOException {
    Path path = Files.createTempFile(dir, "trace", ".jsonl");
    Files.write(path, List.of(lines));
    return TraceReplay.read(path.toString(), TraceReplay.Options.defaults().speed(speed));
  }
}
