package dev.gatlingllm.metrics.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RowBuilder;
import org.junit.jupiter.api.Test;

/**
 * The pooling figures of a window are its embeddings and rerank requests' own: a mixed window's
 * chat requests add nothing to them, a failed pooling request counts in their error rate, and a
 * window of pooling requests alone is told apart from a mixed one.
 */
class PooledInputsTest {
  private static RowBuilder embeddings(boolean ok, long e2elMicros) {
    return RowBuilder.row()
        .ok(ok)
        .good(ok)
        .inputs(4)
        .inputTokens(40)
        .e2elMicros(ok ? e2elMicros : -1)
        .durationMicros(e2elMicros);
  }

  @Test
  void aMixedWindowsPoolingFiguresAreItsPoolingRequestsAlone() {
    LevelAccumulator window = new LevelAccumulator();
    window.addRequest(embeddings(true, 10_000).build());
    window.addRequest(embeddings(true, 30_000).build());
    window.addRequest(embeddings(false, 5_000).error("HTTP 503").build());
    window.addRequest(
        RowBuilder.row()
            .ok(true)
            .good(true)
            .inputTokens(100)
            .outputTokens(50)
            .e2elMicros(900_000)
            .ttftMicros(100_000)
            .build());
    Figures f = window.toFigures(2.0);
    PooledInputs pooled = f.pooled();

    assertEquals(2, pooled.requests());
    assertEquals(1, pooled.failed());
    assertEquals(3, pooled.sent());
    assertEquals(1.0 / 3, pooled.errorRate(), 1e-12);
    assertEquals(2 / 3.0, pooled.goodFraction(), 1e-12);
    assertEquals(1.0, pooled.requestThroughput(), 1e-12, "2 requests over 2 s");
    assertEquals(4.0, pooled.inputsPerSecond(), 1e-12, "8 inputs over 2 s");
    assertEquals(40.0, pooled.inputTokensPerSecond(), 1e-12);
    assertEquals(2, pooled.e2el().count(), "the chat request's E2EL is not theirs");
    assertEquals(30.0, pooled.e2el().max(), 1e-3);
    assertFalse(pooled.coversAll(f.counts()), "a chat request ran beside them");
  }

  @Test
  void aWindowOfPoolingRequestsAloneIsToldApart() {
    LevelAccumulator window = new LevelAccumulator();
    window.addRequest(embeddings(true, 10_000).build());
    window.addRequest(embeddings(false, 5_000).build());
    Figures f = window.toFigures(1.0);
    assertTrue(f.pooled().coversAll(f.counts()));
    assertFalse(new LevelAccumulator().toFigures(1.0).pooled().coversAll(f.counts()));
  }
}
