package dev.gatlingllm.dsl.load;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class JitWarmupTest {
  private static final long SECOND = 1_000_000_000L;

  private final AtomicLong now = new AtomicLong(1_000 * SECOND);
  private final AtomicLong compiledMillis = new AtomicLong();

  private JitWarmup warmup(int minSeconds, int maxSeconds) {
    return JitWarmup.of(
        4,
        Duration.ofSeconds(minSeconds),
        Duration.ofSeconds(maxSeconds),
        now::get,
        compiledMillis::get);
  }

  /** Advances one second during which the compilers worked {@code compileMillis}, then asks. */
  private boolean second(JitWarmup warmup, long compileMillis) {
    now.addAndGet(SECOND);
    compiledMillis.addAndGet(compileMillis);
    return warmup.done();
  }

  @Test
  void endsAfterTwoQuietSecondsOnceTheMinimumHasPassed() {
    JitWarmup warmup = warmup(3, 60);
    assertFalse(warmup.done(), "the first question starts the clock");
    assertFalse(second(warmup, 800), "compilers at 80 % of a core");
    assertFalse(second(warmup, 300));
    assertFalse(second(warmup, 10), "one quiet second is not enough");
    assertNull(warmup.endReason());
    assertTrue(second(warmup, 20), "two quiet seconds in a row, 4 s in");
    assertTrue(warmup.endReason().contains("JIT compilers quiet"), warmup.endReason());
    assertTrue(warmup.done(), "stays done");
  }

  @Test
  void aBusySecondResetsTheQuietCount() {
    JitWarmup warmup = warmup(0, 60);
    warmup.done();
    assertFalse(second(warmup, 10));
    assertFalse(second(warmup, 400), "busy again");
    assertFalse(second(warmup, 10));
    assertTrue(second(warmup, 10));
  }

  @Test
  void quietCompilersDoNotEndItBeforeTheMinimum() {
    JitWarmup warmup = warmup(5, 60);
    warmup.done();
    for (int s = 1; s < 5; s++) {
      assertFalse(second(warmup, 0), "second " + s);
    }
    assertTrue(second(warmup, 0));
  }

  @Test
  void busyCompilersEndItAtTheMaximum() {
    JitWarmup warmup = warmup(1, 10);
    warmup.done();
    for (int s = 1; s < 10; s++) {
      assertFalse(second(warmup, 500), "second " + s);
    }
    assertTrue(second(warmup, 500));
    assertTrue(warmup.endReason().contains("maximum"), warmup.endReason());
  }

  @Test
  void refusesNonsense() {
    assertThrows(IllegalArgumentException.class, () -> JitWarmup.of(0, Duration.ofSeconds(5)));
    assertThrows(IllegalArgumentException.class, () -> JitWarmup.of(4, Duration.ZERO));
  }
}
