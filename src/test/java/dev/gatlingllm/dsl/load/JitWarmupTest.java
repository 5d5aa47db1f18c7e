package dev.gatlingllm.dsl.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

  @Test
  void aBoundOnRequestsEndsItAtExactlyThatManyWhatEverTheCompilersDo() {
    JitWarmup warmup =
        JitWarmup.of(4, 5, Duration.ofSeconds(3), Duration.ofSeconds(60), now::get, () -> 0L);
    int started = 0;
    while (warmup.startOne()) {
      started++;
      compiledMillis.addAndGet(900); // busy compilers: only the bound can end it
    }
    assertEquals(5, started);
    assertEquals(5, warmup.started());
    assertTrue(warmup.endReason().contains("its 5 requests sent"), warmup.endReason());
    assertFalse(warmup.startOne(), "stays over");
    assertEquals(5, warmup.started());
  }

  @Test
  void itsSummaryAddsUpTheRequestsAndTokensItSent() {
    JitWarmup warmup = warmup(3, 60);
    warmup.record(true, null, 100, 20);
    warmup.record(false, "HTTP 500", 100, 0);
    warmup.record(true, null, 1_000, 300);
    assertEquals(
        "gatling-llm: the JIT warm-up sent 3 requests (1 failed) (1,200 input + 320 output"
            + " tokens); none of them is in a figure",
        warmup.sentSummary());
  }

  @Test
  void itsAnnouncementSaysWhatItSendsAndHowToTurnItOff() {
    assertEquals(
        "gatling-llm: JIT warm-up before the first level: 8 streams send real requests, left out"
            + " of every figure, until the JVM's compilers are quiet: at most 30 s and 200"
            + " requests. -Dllm.warmupSeconds=0 turns it off, -Dllm.warmupMaxRequests=N bounds it",
        JitWarmup.of(8, Duration.ofSeconds(30), 200).announcement());
    assertTrue(JitWarmup.of(1, Duration.ofSeconds(10)).announcement().contains("at most 10 s."));
  }
}
