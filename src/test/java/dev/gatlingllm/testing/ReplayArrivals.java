package dev.gatlingllm.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.simulator.GroundTruthRecord;
import java.util.Arrays;
import java.util.List;

/**
 * The replay tolerance: the arrivals a server logged against the trace's planned offsets. Each
 * arrival's offset from its planned time; their spread around the median offset is how well the
 * recorded gaps were kept, whatever the constant delay from the replay's start to the server: the
 * median error at most 20 ms, the largest at most 250 ms.
 */
public final class ReplayArrivals {
  static final double MEDIAN_ERROR_MS = 20;
  static final double LARGEST_ERROR_MS = 250;

  private ReplayArrivals() {}

  /**
   * The last {@code plannedMs.length} requests the server received (those before are the JIT
   * warm-up's), in order.
   */
  public static long[] lastArrivals(List<GroundTruthRecord> truth, int count) {
    long[] all = truth.stream().mapToLong(GroundTruthRecord::receivedNanos).sorted().toArray();
    return Arrays.copyOfRange(all, all.length - count, all.length);
  }

  /**
   * @param plannedMs each request's planned offset from the first one, in arrival order
   * @param arrivals the server's receive times, in order
   */
  public static void assertKeepPlannedGaps(double[] plannedMs, long[] arrivals) {
    double[] offsetsMs = new double[arrivals.length];
    for (int i = 0; i < arrivals.length; i++) {
      offsetsMs[i] = (arrivals[i] - arrivals[0]) / 1e6 - plannedMs[i];
    }
    double[] sorted = offsetsMs.clone();
    Arrays.sort(sorted);
    double median = sorted[sorted.length / 2];
    double[] errorsMs = new double[arrivals.length];
    for (int i = 0; i < arrivals.length; i++) {
      errorsMs[i] = Math.abs(offsetsMs[i] - median);
    }
    Arrays.sort(errorsMs);
    assertTrue(
        errorsMs[errorsMs.length / 2] <= MEDIAN_ERROR_MS,
        "median arrival error " + errorsMs[errorsMs.length / 2] + " ms");
    assertTrue(
        errorsMs[errorsMs.length - 1] <= LARGEST_ERROR_MS,
        "largest arrival error " + errorsMs[errorsMs.length - 1] + " ms");
  }
}
