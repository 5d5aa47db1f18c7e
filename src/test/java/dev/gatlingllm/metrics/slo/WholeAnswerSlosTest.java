package dev.gatlingllm.metrics.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.ResultBuilder;
import org.junit.jupiter.api.Test;

/**
 * An embeddings or rerank answer comes whole: the TTFT and TPOT SLOs do not judge it, the E2EL SLO
 * does; a generation request without a first token still misses a TTFT SLO.
 */
class WholeAnswerSlosTest {
  private static final Slos TTFT_TPOT = new Slos(500.0, 50.0, null);
  private static final Slos WITH_E2EL = new Slos(500.0, 50.0, 100.0);

  private static RequestResult embeddings(long e2elMillis) {
    return ResultBuilder.result().inputs(8).e2elNanos(e2elMillis * 1_000_000).build();
  }

  @Test
  void onlyTheE2elSloJudgesAWholeAnswer() {
    assertTrue(TTFT_TPOT.isGood(embeddings(40), false), "no TTFT to miss");
    assertNull(TTFT_TPOT.whyNotGood(embeddings(40), false));
    assertTrue(WITH_E2EL.isGood(embeddings(40), false));
    assertFalse(WITH_E2EL.isGood(embeddings(140), false));
    assertEquals("E2EL > 100 ms", WITH_E2EL.whyNotGood(embeddings(140), false));
  }

  @Test
  void aGenerationRequestWithoutAFirstTokenStillMissesTheTtftSlo() {
    RequestResult chat = ResultBuilder.result().e2elNanos(40_000_000).build();
    assertFalse(TTFT_TPOT.isGood(chat, false));
  }
}
