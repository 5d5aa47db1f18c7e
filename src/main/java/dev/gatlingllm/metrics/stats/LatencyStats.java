package dev.gatlingllm.metrics.stats;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One latency in microseconds: an auto-resizing HDR histogram (3 significant digits, so memory
 * grows with the range of values seen, not with their number) plus exact count, sum, sum of
 * squares, min and max. Not thread-safe: its owner locks.
 */
public final class LatencyStats {
  private static final int SIGNIFICANT_DIGITS = 3;

  private final Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);
  private long count;
  private long sumMicros;
  private double sumSquares;
  private long minMicros = Long.MAX_VALUE;
  private long maxMicros = Long.MIN_VALUE;

  /** Adds one value; a negative value means "absent" and is ignored. */
  public void add(long micros) {
    if (micros < 0) {
      return;
    }
    histogram.recordValue(micros);
    count++;
    sumMicros += micros;
    sumSquares += (double) micros * micros;
    minMicros = Math.min(minMicros, micros);
    maxMicros = Math.max(maxMicros, micros);
  }

  public void addAll(LatencyStats other) {
    if (other.count == 0) {
      return;
    }
    histogram.add(other.histogram);
    count += other.count;
    sumMicros += other.sumMicros;
    sumSquares += other.sumSquares;
    minMicros = Math.min(minMicros, other.minMicros);
    maxMicros = Math.max(maxMicros, other.maxMicros);
  }

  public long count() {
    return count;
  }

  /** How many values exceed {@code micros} (to the histogram's 3 significant digits). */
  public long countAbove(long micros) {
    if (count == 0 || micros >= maxMicros) {
      return 0;
    }
    return histogram.getCountBetweenValues(
        histogram.nextNonEquivalentValue(micros), histogram.getMaxValue());
  }

  public Distribution toDistribution() {
    if (count == 0) {
      return Distribution.EMPTY;
    }
    double mean = (double) sumMicros / count;
    double variance = Math.max(0, sumSquares / count - mean * mean);
    return new Distribution(
        count,
        mean / 1000.0,
        Math.sqrt(variance) / 1000.0,
        minMicros / 1000.0,
        maxMicros / 1000.0,
        percentileMillis(50),
        percentileMillis(90),
        percentileMillis(95),
        percentileMillis(99));
  }

  /**
   * The nearest-rank percentile in ms (HDR, 3 significant digits, clamped to the exact min and
   * max).
   */
  public double percentileMillis(double percentile) {
    long value = histogram.getValueAtPercentile(percentile);
    // The histogram answers with the top of the value's bucket; the exact extremes bound it more
    // tightly.
    return Math.min(Math.max(value, minMicros), maxMicros) / 1000.0;
  }

  /**
   * Up to {@code binCount} equal-width bars from the minimum to the 99.9th percentile; the few
   * values above go into the last bar so that one outlier does not flatten the chart.
   */
  public List<HistogramBin> bins(int binCount) {
    List<HistogramBin> bins = new ArrayList<>();
    if (count == 0) {
      return bins;
    }
    long low = minMicros;
    long high = Math.max(low + 1, Math.min(maxMicros, histogram.getValueAtPercentile(99.9)) + 1);
    long width = Math.max(1, (high - low + binCount - 1) / binCount);
    int used = (int) Math.min(binCount, (high - low + width - 1) / width);
    long[] counts = new long[used];
    for (HistogramIterationValue value : histogram.recordedValues()) {
      long micros = Math.min(Math.max(value.getValueIteratedTo(), low), maxMicros);
      int index = (int) Math.min(used - 1, (micros - low) / width);
      counts[index] += value.getCountAddedInThisIterationStep();
    }
    for (int i = 0; i < used; i++) {
      bins.add(
          new HistogramBin(
              (low + i * width) / 1000.0, (low + (i + 1) * width) / 1000.0, counts[i]));
    }
    return bins;
  }

  /** The percentiles of {@link #percentileCurve()}: the body, then the tail nine by nine. */
  static final double[] CURVE_PERCENTILES = {50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 99.999};

  /**
   * Latency by percentile: the exact minimum (0), p50 to p99.999 and the exact maximum (100). A
   * percentile beyond what the count resolves (p99.99 of 1,000 values) is the maximum, as nearest
   * rank gives it. Empty without values. Unlike equal-width bars, the curve keeps a tail of a few
   * slow gaps visible beside a body of fast ones.
   */
  public List<PercentilePoint> percentileCurve() {
    List<PercentilePoint> curve = new ArrayList<>();
    if (count == 0) {
      return curve;
    }
    curve.add(new PercentilePoint(0, minMicros / 1000.0));
    for (double percentile : CURVE_PERCENTILES) {
      curve.add(new PercentilePoint(percentile, percentileMillis(percentile)));
    }
    curve.add(new PercentilePoint(100, maxMicros / 1000.0));
    return curve;
  }

  public EncodedStats encode() {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    String base64 =
        Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    return new EncodedStats(
        base64,
        count,
        sumMicros,
        sumSquares,
        count == 0 ? -1 : minMicros,
        count == 0 ? -1 : maxMicros);
  }

  public static LatencyStats decode(EncodedStats encoded) {
    LatencyStats stats = new LatencyStats();
    if (encoded.count() == 0) {
      return stats;
    }
    try {
      Histogram decoded =
          Histogram.decodeFromCompressedByteBuffer(
              ByteBuffer.wrap(Base64.getDecoder().decode(encoded.hdrBase64())), 0);
      stats.histogram.add(decoded);
    } catch (DataFormatException | IllegalArgumentException e) {
      throw new IllegalArgumentException("corrupt histogram data: " + e.getMessage(), e);
    }
    stats.count = encoded.count();
    stats.sumMicros = encoded.sumMicros();
    stats.sumSquares = encoded.sumSquares();
    stats.minMicros = encoded.minMicros();
    stats.maxMicros = encoded.maxMicros();
    return stats;
  }
}
