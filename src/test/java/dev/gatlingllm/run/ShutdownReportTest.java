package dev.gatlingllm.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The report written when the JVM is stopped mid-run, and only then. */
class ShutdownReportTest {

  /** An idempotent finish, as RunReporter's: counts the reports actually written. */
  private static final class Finish implements Runnable {
    final AtomicInteger written = new AtomicInteger();
    private boolean done;
    ShutdownReport hook;

    @Override
    public synchronized void run() {
      if (done) {
        return;
      }
      done = true;
      if (hook != null) {
        hook.cancel();
      }
      written.incrementAndGet();
    }
  }

  @Test
  void aNormalEndWritesOnceAndRemovesTheHook() {
    Finish finish = new Finish();
    finish.hook = new ShutdownReport(finish).register();
    finish.run(); // the run's normal end
    assertEquals(1, finish.written.get());
    assertFalse(finish.hook.cancel(), "the normal end already removed the hook");
    finish.hook.runNow(); // even if it fired now, nothing would be written twice
    assertEquals(1, finish.written.get());
  }

  @Test
  void aStoppedRunWritesWhatItMeasuredFromTheHook() {
    Finish finish = new Finish();
    finish.hook = new ShutdownReport(finish).register();
    try {
      finish.hook.runNow(); // what SIGINT/SIGTERM runs
      assertEquals(1, finish.written.get());
      finish.run(); // Gatling's end of run after all: nothing more
      assertEquals(1, finish.written.get());
    } finally {
      finish.hook.cancel();
    }
  }

  @Test
  void theHookIsRegisteredWithTheJvm() {
    ShutdownReport hook = new ShutdownReport(() -> {}).register();
    assertTrue(hook.cancel(), "registered, so removable once");
    assertFalse(hook.cancel());
  }

  /**
   * The console's line of a stop that left requests unended gives both counts, so that it agrees
   * with the report's "N requests in flight aborted" (the hostile pass read "496 requests in flight
   * ... in no count" beside "0 requests in flight aborted").
   */
  @Test
  void theStopLineSaysBothCountsOfTheRequestsInFlight() {
    assertEquals(
        "[gatling-llm] of 500 requests in flight at the stop, 4 ended (aborted, or as they"
            + " finished) and 496 did not end within 3 s (their event loops ran nothing more):"
            + " those are in no count",
        RunReporter.stopLine(500, 496));
  }
}
