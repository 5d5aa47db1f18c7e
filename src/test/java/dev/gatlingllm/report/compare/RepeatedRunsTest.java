package dev.gatlingllm.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RepeatedRunsTest {
  @Test
  void welchsIntervalOfTwoThreeRunSamples() {
    // Variances 4 / 3 each: standard error √(8/3) = 1.633; Welch-Satterthwaite ν = 4, t = 2.776:
    // 10 ± 4.533.
    double[] interval = RepeatedRuns.welch(new double[] {10, 12, 14}, new double[] {20, 22, 24});
    assertEquals(10 - 4.533, interval[0], 1e-3);
    assertEquals(10 + 4.533, interval[1], 1e-3);
  }

  @Test
  void unequalVariancesTakeFewerDegreesOfFreedom() {
    // Then: variance 0 (all 5); now: s² = 4, n = 3, so ν = 2, t = 4.303; se = √(4/3) = 1.1547.
    double[] interval = RepeatedRuns.welch(new double[] {5, 5, 5}, new double[] {8, 10, 12});
    assertEquals(5 - 4.303 * 1.1547, interval[0], 1e-3);
    assertEquals(5 + 4.303 * 1.1547, interval[1], 1e-3);
  }
}
