package dev.gatlingllm.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * A duration read back from a file (requests.csv, itls.csv, a baseline's) is what {@link
 * Micros#formatMillis} writes, or refused: never NaN, an infinity or centuries taken as a latency.
 */
class MicrosTest {
  @Test
  void whatIsWrittenIsReadBack() {
    assertEquals(1_234_567, Micros.parseMillis(Micros.formatMillis(1_234_567)));
    assertEquals(-1, Micros.parseMillis(""), "absent");
    assertEquals(-1, Micros.parseMillis("-1"), "absent");
  }

  @Test
  void aDurationNoRunWritesIsRefused() {
    for (String forged : new String[] {"NaN", "Infinity", "1e300", "1000000000001", "soon"}) {
      assertThrows(NumberFormatException.class, () -> Micros.parseMillis(forged), forged);
    }
  }
}
