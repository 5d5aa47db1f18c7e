package dev.gatlingllm.simulator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Runs a closed-model concurrency sweep against {@link ContinuousBatchingEngine} on a virtual
 * clock, with no sockets and no sleeping: the shape the simulator's defaults produce, in
 * milliseconds of simulated time.
 *
 * <p>Each of the {@code streams} clients sends a request, waits for its last token and sends the
 * next one at once; clients start evenly spread over the first {@code rampSeconds}. Figures follow
 * the project's metrics definitions: TTFT from send to first token (the request overhead included),
 * per-stream speed = (N - 1) / (last - first token), output throughput = tokens produced in the
 * window / window. Requests are attributed to the window by their send time.
 */
public final class CapacitySweep {

  /** The figures of one concurrency level. */
  public record Level(
      int streams,
      double perStreamTokensPerSecond,
      double outputTokensPerSecond,
      double ttftP50Millis,
      double ttftP99Millis,
      int completedRequests) {

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "| %d | %.1f | %.0f | %.0f | %.0f |",
          streams,
          perStreamTokensPerSecond,
          outputTokensPerSecond,
          ttftP50Millis,
          ttftP99Millis);
    }
  }

  private final CapacityModel model;
  private final int promptTokens;
  private final int outputTokens;
  private final double rampSeconds;
  private final double warmupSeconds;
  private final double windowSeconds;

  public CapacitySweep(
      CapacityModel model,
      int promptTokens,
      int outputTokens,
      double rampSeconds,
      double warmupSeconds,
      double windowSeconds) {
    this.model = model;
    this.promptTokens = promptTokens;
    this.outputTokens = outputTokens;
    this.rampSeconds = rampSeconds;
    this.warmupSeconds = warmupSeconds;
    this.windowSeconds = windowSeconds;
  }

  /**
   * The reference workload of docs/simulator.md: 256-token prompts, 128 output tokens, ignore_eos.
   */
  public static CapacitySweep reference(CapacityModel model) {
    return new CapacitySweep(model, 256, 128, 2.0, 10.0, 60.0);
  }

  public List<Level> run(int... streamCounts) {
    List<Level> levels = new ArrayList<>();
    for (int streams : streamCounts) {
      levels.add(runLevel(streams));
    }
    return levels;
  }

  private static final class Tracked {
    final EngineRequest request;
    final long sentNanos;
    long firstTokenNanos = -1;

    Tracked(EngineRequest request, long sentNanos) {
      this.request = request;
      this.sentNanos = sentNanos;
    }
  }

  private record Arrival(long readyNanos, Tracked tracked) {}

  public Level runLevel(int streams) {
    ContinuousBatchingEngine engine = new ContinuousBatchingEngine(model);
    PriorityQueue<Arrival> arrivals =
        new PriorityQueue<>((a, b) -> Long.compare(a.readyNanos, b.readyNanos));
    Map<EngineRequest, Tracked> inFlight = new IdentityHashMap<>();
    long overhead = model.requestOverheadNanos();
    long windowStart = seconds(warmupSeconds);
    long windowEnd = windowStart + seconds(windowSeconds);

    for (int i = 0; i < streams; i++) {
      long sent = seconds(rampSeconds) * i / streams;
      Tracked t = new Tracked(new EngineRequest(promptTokens, outputTokens, outputTokens), sent);
      arrivals.add(new Arrival(sent + overhead, t));
    }

    double[] ttfts = new double[1024];
    int ttftCount = 0;
    double speedSum = 0;
    int completed = 0;
    long windowTokens = 0;
    long now = 0;
    List<Tracked> finished = new ArrayList<>();

    while (now < windowEnd) {
      while (!arrivals.isEmpty() && arrivals.peek().readyNanos <= now) {
        Tracked t = arrivals.poll().tracked;
        inFlight.put(t.request, t);
        engine.submit(t.request);
      }
      long end = engine.beginIteration(now);
      if (end < 0) {
        now = arrivals.isEmpty() ? windowEnd : arrivals.peek().readyNanos;
        continue;
      }
      finished.clear();
      final long iterationEnd = end;
      engine.completeIteration(
          end,
          (request, time, last) -> {
            Tracked t = inFlight.get(request);
            if (t.firstTokenNanos < 0) t.firstTokenNanos = time;
            if (last) finished.add(t);
          });
      if (end >= windowStart && end < windowEnd) {
        windowTokens += engine.activeCount() + finished.size();
      }
      for (Tracked t : finished) {
        inFlight.remove(t.request);
        if (t.sentNanos >= windowStart && t.sentNanos < windowEnd) {
          if (ttftCount == ttfts.length) ttfts = Arrays.copyOf(ttfts, ttftCount * 2);
          ttfts[ttftCount++] = (t.firstTokenNanos - t.sentNanos) / 1e6;
          if (outputTokens > 1) {
            speedSum += (outputTokens - 1) / ((iterationEnd - t.firstTokenNanos) / 1e9);
          }
          completed++;
        }
        Tracked next =
            new Tracked(new EngineRequest(promptTokens, outputTokens, outputTokens), iterationEnd);
        arrivals.add(new Arrival(iterationEnd + overhead, next));
      }
      now = end;
    }
    Arrays.sort(ttfts, 0, ttftCount);
    return new Level(
        streams,
        completed == 0 ? 0 : speedSum / completed,
        windowTokens / windowSeconds,
        percentile(ttfts, ttftCount, 0.50),
        percentile(ttfts, ttftCount, 0.99),
        completed);
  }

  private static double percentile(double[] sorted, int count, double p) {
    if (count == 0) return Double.NaN;
    int index = (int) Math.ceil(p * count) - 1;
    return sorted[Math.max(0, Math.min(count - 1, index))];
  }

  private static long seconds(double s) {
    return Math.round(s * 1e9);
  }

  /** Prints the default model's sweep as a markdown table. */
  public static void main(String[] args) {
    System.out.println("| streams | per-stream tok/s | output tok/s | TTFT p50 ms | TTFT p99 ms |");
    System.out.println("|---|---|---|---|---|");
    for (Level level : reference(CapacityModel.DEFAULT).run(1, 4, 16, 32, 64, 128)) {
      System.out.println(level);
    }
  }
}
