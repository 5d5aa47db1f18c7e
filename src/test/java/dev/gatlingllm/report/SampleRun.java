package dev.gatlingllm.report;

import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.request.Verdict;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.metrics.sweep.Pricing;
import dev.gatlingllm.report.csv.RequestsCsvWriter;
import dev.gatlingllm.values.LevelWindow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntPredicate;

/**
 * A seeded three-level sweep (2, 4, 8 streams; 20 s each with a 2 s settle time) of 600 varied
 * requests: failures, multi-token events, client counts that differ from the server's, streams that
 * cross level boundaries, requests in settle times.
 */
public final class SampleRun {
  static final long T0 = 1_750_000_000_000L;
  static final int REQUESTS = 600;
  static final String HOSTILE_ERROR = "HTTP 503: <script>alert('x')</script> & \"overloaded\"";

  private SampleRun() {}

  static RunConfig config() {
    List<LevelWindow> levels = new ArrayList<>();
    int[] streams = {2, 4, 8};
    for (int i = 0; i < streams.length; i++) {
      long start = T0 + i * 20_000L;
      levels.add(new LevelWindow(i, streams[i], 0, start, start + 2_000, start + 20_000));
    }
    return RunConfig.startingAt(T0)
        .withLevels(levels)
        .withSlos(new Slos(500.0, 30.0, null))
        .withTarget(AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.TTFT, 90, 700))
        .withPricing(new Pricing(4.47, 0.65))
        .withWorkload(
            "<img src=x onerror=alert(1)>",
            "http://127.0.0.1:8080/v1/chat/completions?api_key=sk-test-0123456789abcdef",
            200,
            64)
        .withToolVersion("0.1.0-test")
        .withMetadata(Map.of("gpu", "simulated", "api_key", "sk-test-0123456789abcdef"));
  }

  /**
   * A successful chat request of 11 output tokens: TTFT 30 ms, TPOT 10 ms, E2EL 130 ms, 1,200 input
   * tokens, the server's counts.
   */
  static ResultBuilder okChat() {
    return ResultBuilder.result()
        .sendLatenessNanos(0)
        .ttfbNanos(10_000_000)
        .ttftNanos(30_000_000)
        .ttftFromScheduledNanos(30_000_000)
        .ttfoNanos(30_000_000)
        .e2elNanos(130_000_000)
        .tpotNanos(10_000_000)
        .durationNanos(131_000_000)
        .tokenEvents(11)
        .itlNanos(new long[] {10_000_000})
        .outputTokens(11, TokenCountSource.SERVER_USAGE)
        .serverOutputTokens(11)
        .inputTokens(1_200, TokenCountSource.SERVER_USAGE);
  }

  /** A successful embeddings request of a batch of 8 texts, 64 input tokens by the server. */
  static RequestResult okEmbeddings(long e2elMillis) {
    return ResultBuilder.result()
        .sendLatenessNanos(0)
        .e2elNanos(e2elMillis * 1_000_000)
        .durationNanos(e2elMillis * 1_000_000)
        .inputs(8)
        .inputTokens(64, TokenCountSource.SERVER_USAGE)
        .build();
  }

  /**
   * A sweep of embeddings requests alone: at level i, {@code requests[i]} of them of {@code
   * e2elMillis[i]} ms each, all started in its measurement window.
   */
  static void recordEmbeddingsSweep(RunRecorder recorder, int[] requests, long[] e2elMillis) {
    for (int level = 0; level < requests.length; level++) {
      long start = T0 + level * 20_000L + 5_000;
      for (int i = 0; i < requests[level]; i++) {
        recorder.record("embed", start + i, okEmbeddings(e2elMillis[level]));
      }
    }
  }

  public static long end() {
    return T0 + 60_000;
  }

  /** Records the requests whose number {@code which} accepts. */
  public static void record(RunRecorder recorder, IntPredicate which) {
    Random random = new Random(42);
    for (int n = 0; n < REQUESTS; n++) {
      long start = T0 + (long) (random.nextDouble() * 60_000);
      // Every tenth server sends no request id.
      String requestId = n % 10 == 0 ? null : "chatcmpl-" + n;
      RequestResult result = randomResult(random, (int) ((start - T0) / 20_000), requestId);
      if (which.test(n)) {
        recorder.record(n % 3 == 0 ? "chat, long" : "chat", start, result);
      }
    }
  }

  public static RunRecorder recorder(Path llmDir) throws java.io.IOException {
    return new RunRecorder(
        config(), new RequestsCsvWriter(llmDir.resolve(LlmReportWriter.REQUESTS_CSV)));
  }

  /**
   * TTFT grows with the level (by start time): up to 180, 330, then 830 ms, so that, with 5 % of
   * requests failing, capacity for p90 TTFT <= 700 ms is 4 streams.
   */
  private static RequestResult randomResult(Random random, int level, String requestId) {
    if (random.nextDouble() < 0.05) {
      String message =
          random.nextBoolean()
              ? HOSTILE_ERROR
              : "stream stalled: no data for 30000 ms (idle timeout)";
      long duration = 1_000_000L * (10 + random.nextInt(3000));
      return ResultBuilder.result()
          .outcome(Verdict.ko(503, message))
          .sendLatenessNanos(random.nextInt(2_000_000))
          .durationNanos(duration)
          .requestId(requestId)
          .build();
    }
    long ttft =
        30_000_000L + (long) (random.nextDouble() * new long[] {150, 300, 800}[level] * 1_000_000L);
    int events = 1 + random.nextInt(80);
    long[] gaps = new long[events - 1];
    long e2el = ttft;
    for (int i = 0; i < gaps.length; i++) {
      gaps[i] = 2_000_000L + (long) (random.nextDouble() * 45_000_000L);
      e2el += gaps[i];
    }
    long tokens = random.nextInt(4) == 0 ? events * 2L + 1 : events;
    long client = random.nextBoolean() ? tokens - random.nextInt(2) : -1;
    long tpot = tokens > 1 ? (e2el - ttft) / (tokens - 1) : -1;
    long lateness = random.nextInt(3_000_000);
    return ResultBuilder.result()
        .sendLatenessNanos(lateness)
        .ttfbNanos(ttft / 3)
        .ttftNanos(ttft)
        .ttftFromScheduledNanos(ttft + lateness)
        .ttfoNanos(ttft + 1_000)
        .e2elNanos(e2el)
        .tpotNanos(tpot)
        .durationNanos(e2el + 500_000)
        .tokenEvents(events)
        .itlNanos(gaps)
        .outputTokens(tokens, TokenCountSource.SERVER_USAGE)
        .serverOutputTokens(tokens)
        .clientOutputTokens(client)
        .inputTokens(100 + random.nextInt(200), TokenCountSource.SERVER_USAGE)
        .requestId(requestId)
        .build();
  }
}
