package dev.gatlingllm.hosted;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 429 answers from the simulator are counted, each as its own KO record, and retried after their
 * Retry-After (capped): the retry is a new record, sent no earlier than the server asked.
 */
class RateLimitRetryEndToEndTest {
  @TempDir Path results;

  @Test
  void every429IsCountedAndRetriedAfterItsRetryAfterCapped() throws Exception {
    InProcessGatling.Run run;
    try (LlmSimulator simulator =
        LlmSimulator.builder().host("127.0.0.1").port(0).build().start()) {
      System.setProperty("test.simulatorUrl", "http://127.0.0.1:" + simulator.port());
      try {
        run = InProcessGatling.run(RateLimitRetrySimulation.class, results);
      } finally {
        System.clearProperty("test.simulatorUrl");
      }
    }
    assertEquals(0, run.exitCode(), run.tail());
    Path llm = InProcessGatling.llmDir(results);
    List<RequestRow> rows = InProcessGatling.requests(results);

    // Users 1, 3, 5, 7, 9 (Retry-After: 1) and 2 (Retry-After: 30, capped at 2 s) were turned away
    // once.
    List<RequestRow> limited = rows.stream().filter(r -> r.status().httpStatus() == 429).toList();
    List<RequestRow> ok = rows.stream().filter(row -> row.status().ok()).toList();
    assertEquals(6, limited.size(), "one KO record per 429");
    assertEquals(10, ok.size(), "every user's request succeeded in the end");
    assertEquals(16, rows.size(), "sent = OK + KO");
    assertEquals(5, limited.stream().filter(r -> r.status().retryAfterSeconds() == 1).count());
    assertEquals(1, limited.stream().filter(r -> r.status().retryAfterSeconds() == 30).count());
    assertTrue(
        limited.stream().allMatch(r -> r.status().error().startsWith("HTTP 429: ")),
        limited.get(0).status().error());

    // Each retry follows its 429 after the wait asked (capped), not sooner; and not much later
    // either.
    for (RequestRow refused : limited) {
      long waitMs =
          Math.min(
              refused.status().retryAfterSeconds() * 1000,
              RateLimitRetrySimulation.MAX_WAIT.toMillis());
      long end = refused.placement().startEpochMillis() + refused.latency().durationMicros() / 1000;
      boolean retried =
          ok.stream()
              .anyMatch(
                  r ->
                      r.placement().startEpochMillis() >= end + waitMs - 1
                          && r.placement().startEpochMillis() <= end + waitMs + 500);
      assertTrue(retried, "a retry " + waitMs + " ms after the 429 that ended at " + end);
    }
    long cappedStart =
        limited.stream()
            .filter(l -> l.status().retryAfterSeconds() == 30)
            .findFirst()
            .orElseThrow()
            .placement()
            .startEpochMillis();
    long retriedAfterCap =
        ok.stream().filter(r -> r.placement().startEpochMillis() >= cappedStart + 1_900).count();
    assertTrue(retriedAfterCap >= 1, "the capped retry came after 2 s, long before 30 s");

    JsonNode summary = new ObjectMapper().readTree(llm.resolve("summary.json").toFile());
    JsonNode level = summary.path("levels").get(0);
    assertEquals(6, summary.path("rate_limited").asInt(), summary.toPrettyString());
    assertEquals(6, summary.path("rate_limited_with_retry_after").asInt());
    assertEquals(16, summary.path("completed").asInt() + summary.path("failed").asInt());
    assertEquals(6.0 / 16, summary.path("rate_limited_share").asDouble(), 1e-9);
    assertEquals(summary.path("rate_limited").asInt(), level.path("rate_limited").asInt());
    assertEquals(610, summary.path("rate_budget").path("requests_per_minute").asInt());
    assertTrue(run.console().contains("HTTP 429 (with Retry-After):"), run.tail());
  }
}
