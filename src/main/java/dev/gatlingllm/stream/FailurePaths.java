package dev.gatlingllm.stream;

import dev.gatlingllm.secrets.Redactor;

/**
 * Loads, before the load, the classes a request's failure goes through. The JVM loads a class when
 * it is first used, and loading reads a jar, which needs a file descriptor: a run whose first
 * failures are "Too many open files" would otherwise meet {@code NoClassDefFoundError} on the event
 * loop, in the very code that should end the request as a KO, and lose it (113 requests at the
 * server, 0 rows, some 5,000 stack lines in the hostile pass).
 */
public final class FailurePaths {
  private static volatile boolean loaded;

  private FailurePaths() {}

  /** Once per JVM: every transport failure's description and a request's KO without a send. */
  public static void loadNow() {
    if (loaded) {
      return;
    }
    TransportErrors.loadNow();
    long now = System.nanoTime();
    NotSent.finished("warm-up", now, now, -1, Redactor.NONE, null);
    StreamEnding.describe(new IllegalStateException("warm-up"));
    loaded = true;
  }
}
