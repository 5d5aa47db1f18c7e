package dev.gatlingllm.metrics.server;

import dev.gatlingllm.metrics.level.MeasuredLevel;
import dev.gatlingllm.metrics.level.TimeInterval;
import java.util.List;

/**
 * What the server said about itself during one level's measurement windows. Gauges (running,
 * waiting, KV cache) are the mean and the peak of the scrapes inside the windows; counters
 * (preemptions, tokens) are their increase over the windows, read at the windows' edges by linear
 * interpolation between the scrapes around them; the server's TTFT is the histogram's increase
 * between the scrapes that enclose the windows. NaN where the server does not expose a figure or no
 * scrape fell in the windows.
 *
 * @param samples scrapes inside the windows
 * @param meanRunning mean requests running
 * @param peakRunning most requests running in one scrape
 * @param meanWaiting mean requests waiting
 * @param peakWaiting most requests waiting in one scrape
 * @param meanKvCacheUsage mean KV-cache usage, 0 to 1
 * @param peakKvCacheUsage highest KV-cache usage, 0 to 1
 * @param preemptions preemptions during the windows
 * @param generatedTokens output tokens the server counted during the windows
 * @param promptTokens prompt tokens the server counted during the windows
 * @param ttftCount requests in the server's TTFT histogram during the windows
 * @param ttftMeanMs their mean TTFT by the server's clock
 * @param ttftP50Ms their median TTFT, estimated from the buckets
 * @param ttftP99Ms their 99th percentile TTFT, estimated from the buckets
 * @param prefixCacheQueries prompt tokens looked up in the prefix cache during the windows
 * @param prefixCacheHits those of them found there
 */
public record ServerLevelFigures(
    int samples,
    double meanRunning,
    double peakRunning,
    double meanWaiting,
    double peakWaiting,
    double meanKvCacheUsage,
    double peakKvCacheUsage,
    double preemptions,
    double generatedTokens,
    double promptTokens,
    double ttftCount,
    double ttftMeanMs,
    double ttftP50Ms,
    double ttftP99Ms,
    double prefixCacheQueries,
    double prefixCacheHits) {

  /**
   * The share of the prompt tokens looked up in the prefix cache that were found there: what the
   * cache saved the server's prefills. NaN when the server counts neither, or looked nothing up.
   */
  public double prefixCacheHitShare() {
    return prefixCacheQueries > 0 ? prefixCacheHits / prefixCacheQueries : Double.NaN;
  }

  /** The figures of {@code level} from the scrapes, in time order. */
  public static ServerLevelFigures of(List<ServerSample> samples, MeasuredLevel level) {
    Gauge running = new Gauge();
    Gauge waiting = new Gauge();
    Gauge kv = new Gauge();
    int inside = 0;
    double preemptions = 0;
    double generated = 0;
    double prompt = 0;
    double cacheQueries = 0;
    double cacheHits = 0;
    CumulativeHistogram ttft = null;
    boolean ttftKnown = true;
    for (TimeInterval window : level.measured()) {
      for (ServerSample sample : samples) {
        if (sample.epochMillis() >= window.fromMillis()
            && sample.epochMillis() < window.toMillis()) {
          inside++;
          running.add(sample.running());
          waiting.add(sample.waiting());
          kv.add(sample.kvCacheUsage());
        }
      }
      preemptions += increase(samples, window, ServerSample::preemptions);
      generated += increase(samples, window, ServerSample::generatedTokens);
      prompt += increase(samples, window, ServerSample::promptTokens);
      cacheQueries += increase(samples, window, ServerSample::prefixCacheQueries);
      cacheHits += increase(samples, window, ServerSample::prefixCacheHits);
      CumulativeHistogram part = histogramIncrease(samples, window);
      if (part == null) {
        ttftKnown = false;
      } else if (ttft == null) {
        ttft = part;
      } else if (ttft.sameBuckets(part)) {
        ttft = plus(ttft, part);
      } else {
        ttftKnown = false;
      }
    }
    if (!ttftKnown) {
      ttft = null;
    }
    double count = ttft == null ? Double.NaN : ttft.count();
    return new ServerLevelFigures(
        inside,
        running.mean(),
        running.max,
        waiting.mean(),
        waiting.max,
        kv.mean(),
        kv.max,
        preemptions,
        generated,
        prompt,
        count,
        ttft == null || !(count > 0) ? Double.NaN : 1000 * ttft.sum() / count,
        ttft == null ? Double.NaN : 1000 * ttft.quantile(0.5),
        ttft == null ? Double.NaN : 1000 * ttft.quantile(0.99),
        cacheQueries,
        cacheHits);
  }

  private static final class Gauge {
    double sum;
    int count;
    double max = Double.NaN;

    void add(double value) {
      if (Double.isNaN(value)) {
        return;
      }
      sum += value;
      count++;
      max = Double.isNaN(max) ? value : Math.max(max, value);
    }

    double mean() {
      return count == 0 ? Double.NaN : sum / count;
    }
  }

  /**
   * A counter's increase over the window: its value at the window's end minus its value at the
   * start, each interpolated between the scrapes around that instant (clamped to the first and last
   * scrape). A counter that went down (a restarted server) counts from zero again.
   */
  static double increase(
      List<ServerSample> samples,
      TimeInterval window,
      java.util.function.ToDoubleFunction<ServerSample> counter) {
    double start = valueAt(samples, window.fromMillis(), counter);
    double end = valueAt(samples, window.toMillis(), counter);
    if (Double.isNaN(start) || Double.isNaN(end)) {
      return Double.NaN;
    }
    return end >= start ? end - start : end;
  }

  private static double valueAt(
      List<ServerSample> samples,
      long epochMillis,
      java.util.function.ToDoubleFunction<ServerSample> counter) {
    ServerSample before = null;
    ServerSample after = null;
    for (ServerSample sample : samples) {
      if (Double.isNaN(counter.applyAsDouble(sample))) {
        continue;
      }
      if (sample.epochMillis() <= epochMillis) {
        before = sample;
      } else {
        after = sample;
        break;
      }
    }
    if (before == null && after == null) {
      return Double.NaN;
    }
    if (before == null) {
      return counter.applyAsDouble(after);
    }
    if (after == null || after.epochMillis() == before.epochMillis()) {
      return counter.applyAsDouble(before);
    }
    double a = counter.applyAsDouble(before);
    double b = counter.applyAsDouble(after);
    if (b < a) {
      return a; // reset between the two scrapes: the value before it is the best we know
    }
    double share =
        (double) (epochMillis - before.epochMillis())
            / (after.epochMillis() - before.epochMillis());
    return a + (b - a) * share;
  }

  /**
   * The TTFT histogram's increase between the last scrape at or before the window and the first one
   * after it.
   */
  private static CumulativeHistogram histogramIncrease(
      List<ServerSample> samples, TimeInterval window) {
    ServerSample first = null;
    ServerSample last = null;
    for (ServerSample sample : samples) {
      if (sample.ttft() == null) {
        continue;
      }
      if (sample.epochMillis() <= window.fromMillis() || first == null) {
        first = sample;
      }
      last = sample;
      if (sample.epochMillis() >= window.toMillis()) {
        break;
      }
    }
    if (first == null || last == first) {
      return null;
    }
    return last.ttft().minus(first.ttft());
  }

  private static CumulativeHistogram plus(CumulativeHistogram a, CumulativeHistogram b) {
    double[] counts = new double[a.cumulativeCounts().length];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = a.cumulativeCounts()[i] + b.cumulativeCounts()[i];
    }
    return new CumulativeHistogram(a.upperBounds(), counts, a.sum() + b.sum());
  }
}
