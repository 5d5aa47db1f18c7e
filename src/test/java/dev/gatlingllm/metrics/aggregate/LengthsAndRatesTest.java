package dev.gatlingllm.metrics.aggregate;

import static dev.gatlingllm.metrics.aggregate.SyntheticResults.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.OutputLengths;
import dev.gatlingllm.metrics.level.RateFigures;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.values.LevelWindow;
import dev.gatlingllm.values.RateBudget;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Early stops, output lengths, requests and tokens per minute, and 429s, per level, from rows of
 * known values.
 */
class LengthsAndRatesTest {
  static final long T0 = 1_700_000_000_000L;

  /** One level of 30 s, all of it measured. */
  private static RunRecorder recorder() {
    return new RunRecorder(
        RunConfig.startingAt(T0)
            .withLevels(List.of(new LevelWindow(0, 0, 1.0, T0, T0, T0 + 30_000)))
            .withRateBudget(new RateBudget(12, 5_000)));
  }

  /**
   * {@code r} as a request that asked for {@code maxTokens} and ended with {@code finishReason}.
   */
  private static RequestResult ended(RequestResult r, String finishReason, long maxTokens) {
    return ResultBuilder.from(r).generation(maxTokens, finishReason).build();
  }

  @Test
  void answersEndingBeforeTheirMaxTokensAreCountedWithTheLengthDistribution() {
    RunRecorder recorder = recorder();
    // 10 output tokens asked for each: one ran to the limit, one said "stop" after 4, one said
    // "stop" at exactly 10 tokens (the model ended by itself), one had no finish reason but 7
    // tokens.
    recorder.record(
        "chat",
        T0 + 1_000,
        ended(SyntheticResults.ok(100 * MS, 10, 10 * MS, 10, 50), "length", 10));
    recorder.record(
        "chat", T0 + 2_000, ended(SyntheticResults.ok(100 * MS, 4, 10 * MS, 4, 50), "stop", 10));
    recorder.record(
        "chat", T0 + 3_000, ended(SyntheticResults.ok(100 * MS, 10, 10 * MS, 10, 50), "stop", 10));
    recorder.record(
        "chat", T0 + 4_000, ended(SyntheticResults.ok(100 * MS, 7, 10 * MS, 7, 50), null, 10));
    // No limit asked: not counted as early, but its length is in the distribution.
    recorder.record(
        "chat", T0 + 5_000, ended(SyntheticResults.ok(100 * MS, 30, 10 * MS, 30, 50), "stop", -1));
    // A failure is no answer at all: neither early nor a length.
    recorder.record(
        "chat",
        T0 + 6_000,
        ended(SyntheticResults.failed(500, "HTTP 500: boom", 5 * MS), null, 10));

    OutputLengths lengths =
        recorder.snapshot(T0 + 30_000).levels().get(0).figures().outputLengths();
    assertEquals(4, lengths.withLimit());
    assertEquals(3, lengths.stoppedEarly());
    assertEquals(0.75, lengths.stoppedEarlyShare(), 1e-12);
    assertEquals(5, lengths.outputTokens().count());
    assertEquals(4.0, lengths.outputTokens().min(), 1e-9);
    assertEquals(30.0, lengths.outputTokens().max(), 1e-9);
    assertEquals((10 + 4 + 10 + 7 + 30) / 5.0, lengths.outputTokens().mean(), 1e-9);
    assertEquals(10.0, lengths.outputTokens().p50(), 1e-9);
  }

  @Test
  void ratesPerMinuteCountEveryAttemptAndMeterInputPlusMaxTokens() {
    RunRecorder recorder = recorder();
    for (int i = 0; i < 4; i++) {
      recorder.record(
          "chat",
          T0 + 1_000 + i,
          ended(SyntheticResults.ok(100 * MS, 10, 10 * MS, 10, 50), "length", 10));
    }
    // Two 429s, one with Retry-After: they count as requests sent, and their input (unknown here)
    // adds nothing.
    recorder.record(
        "chat",
        T0 + 2_000,
        ended(
            SyntheticResults.failed(429, "HTTP 429: Rate limit reached", MS)
                .withVerdict(
                    dev.gatlingllm.metrics.request.Verdict.ko(429, "HTTP 429: Rate limit reached")
                        .withRetryAfter(2)),
            null,
            10));
    recorder.record(
        "chat",
        T0 + 3_000,
        ended(SyntheticResults.failed(429, "HTTP 429: Rate limit reached", MS), null, 10));

    RunSummary summary = recorder.snapshot(T0 + 30_000);
    Figures level = summary.levels().get(0).figures();
    RateFigures rates = level.rates();
    assertEquals(6, rates.requests());
    assertEquals(2, rates.rateLimited());
    assertEquals(1, rates.withRetryAfter());
    assertEquals(2.0 / 6, rates.rateLimitedShare(), 1e-12);
    // The level was busy from the first send (1 s) to the last byte (the second 429, 3 s + 1 ms).
    double perMinute = 60 / 2.001;
    assertEquals(6 * perMinute, rates.requestsPerMinute(), 1e-9);
    assertEquals(4 * 50 * perMinute, rates.inputTokensPerMinute(), 1e-9);
    assertEquals(
        level.tokens().outputTokensInWindow() * perMinute, rates.outputTokensPerMinute(), 1e-9);
    assertEquals(40 * perMinute, rates.outputTokensPerMinute(), 1e-9);
    assertEquals((4 * (50 + 10) + 2 * 10.0) * perMinute, rates.meteredTokensPerMinute(), 1e-9);
    assertEquals(
        rates.inputTokensPerMinute() + rates.outputTokensPerMinute(),
        rates.totalTokensPerMinute(),
        1e-9);
    assertEquals(new RateBudget(12, 5_000), summary.config().rateBudget());
  }
}
