package dev.gatlingllm.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MeanIntervalTest {
  @Test
  void threeRunsGiveStudentsIntervalWithTwoDegreesOfFreedom() {
    // Mean 12, s = 2: 12 ± 4.303 x 2 / √3 = 12 ± 4.969.
    MeanInterval interval = MeanInterval.of(new double[] {10, 12, 14});
    assertEquals(3, interval.count());
    assertEquals(12, interval.mean(), 1e-12);
    assertEquals(12 - 4.9687, interval.low(), 1e-3);
    assertEquals(12 + 4.9687, interval.high(), 1e-3);
    assertEquals(4.9687, interval.halfWidth(), 1e-3);
  }

  @Test
  void aRunWithoutTheFigureIsLeftOutAndOneRunHasNoInterval() {
    MeanInterval two = MeanInterval.of(new double[] {10, Double.NaN, 14});
    assertEquals(2, two.count());
    assertEquals(12, two.mean(), 1e-12);
    // s = 2.828, t(1) = 12.706: 12 ± 12.706 x 2.828 / √2 = 12 ± 25.41.
    assertEquals(12 - 25.412, two.low(), 1e-2);
    MeanInterval one = MeanInterval.of(new double[] {7});
    assertEquals(7, one.mean());
    assertTrue(Double.isNaN(one.low()) && Double.isNaN(one.halfWidth()));
    assertTrue(Double.isNaN(MeanInterval.of(new double[0]).mean()));
  }

  @Test
  void beyondThirtyDegreesTheNormalQuantileServes() {
    assertEquals(2.042, MeanInterval.tQuantile975(30));
    assertEquals(1.96, MeanInterval.tQuantile975(31));
  }
}
