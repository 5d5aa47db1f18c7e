package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import dev.gatlingllm.testing.GatlingConsoleStats;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default run tells the capacity story: {@code ./mvnw gatling:test}'s simulation with its own
 * defaults (levels, lengths, SLOs, the embedded simulator's capacity model), only shorter (3
 * requests per stream instead of 5, a 10-s JIT warm-up), must show a knee (throughput flattens
 * while TTFT grows) and a capacity below the top level, put there by the default SLOs. Detailed
 * results are on (they change no figure): the per-request arrays come through a real run too.
 */
class DefaultSweepStoryTest {
  @TempDir Path results;

  private static final Map<String, String> SHORTER =
      Map.of(
          "llm.requestsPerStream", "3", "llm.warmupSeconds", "10", "llm.detailedResults", "true");

  @Test
  void theDefaultSweepHasAKneeAndACapacityBelowItsTopLevelSetByTheDefaultSlos() throws Exception {
    InProcessGatling.Run run;
    try {
      SHORTER.forEach(System::setProperty);
      run = InProcessGatling.run(ConcurrencySweepSimulation.class, results);
    } finally {
      SHORTER.keySet().forEach(System::clearProperty);
    }
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode summary = InProcessGatling.summary(results);
    JsonNode levels = summary.path("levels");
    assertEquals(6, levels.size(), "1, 4, 16, 32, 64, 128 streams");
    assertEquals(0, summary.path("failed").asInt());

    JsonNode knee = summary.path("knee");
    assertFalse(knee.isNull() || knee.isMissingNode(), "a knee: " + levels);
    JsonNode atKnee = levels.get(knee.path("level_index").asInt());
    JsonNode doubled = levels.get(knee.path("next_level_index").asInt());
    double gain =
        doubled.path("output_throughput").asDouble() / atKnee.path("output_throughput").asDouble()
            - 1;
    assertTrue(
        gain < SweepAnalysis.KNEE_THRESHOLD, "doubling the load adds less than 10 %: " + gain);
    assertTrue(
        doubled.path("p99_ttft_ms").asDouble() > atKnee.path("p99_ttft_ms").asDouble(),
        "while TTFT grows");
    assertTrue(
        levels.get(levels.size() - 1).path("p99_ttft_ms").asDouble()
            > 3 * levels.get(0).path("p99_ttft_ms").asDouble(),
        "TTFT explodes from the first to the top level");

    // The default SLOs are set and decide the capacity: the highest level with >= 95 % good
    // requests.
    assertEquals(
        500.0, summary.path("slos").path("ttft_ms").asDouble(), summary.path("slos").toString());
    assertEquals(
        50.0, summary.path("slos").path("tpot_ms").asDouble(), summary.path("slos").toString());
    JsonNode capacity = summary.path("capacity");
    assertFalse(capacity.isNull() || capacity.isMissingNode(), "some level meets the SLOs");
    assertTrue(capacity.path("load").asDouble() < 128, "capacity below the top level: " + capacity);
    JsonNode above = levels.get(capacity.path("level_index").asInt() + 1);
    assertTrue(
        above.path("good_fraction").asDouble() < 0.95,
        "the level above misses the target: " + above);
    String story = summary.path("capacity_story").asText();
    assertTrue(story.contains(above.path("label").asText() + " misses it"), story);
    assertTrue(
        story.contains("SLO (500 ms)") || story.contains("SLO (50 ms)"), "names the SLO: " + story);
    assertTrue(run.console().contains(story), "the console tells the same story");

    long measured = summary.path("completed").asLong();
    assertEquals(
        3 * (1 + 4 + 16 + 32 + 64 + 128), measured, "3 requests per stream, every one measured");
    gatlingsReportCountsTheTestAloneAndNoSloMissAsFailed(run.console(), measured, levels);
    assertEquals(measured, summary.path("ttfts").size());
    assertEquals(measured, summary.path("itls").size());
    for (int i = 0; i < measured; i++) {
      assertEquals(48, summary.path("output_lens").get(i).asInt());
      assertEquals(
          47, summary.path("itls").get(i).size(), "one token per event: 47 gaps after the first");
      assertTrue(summary.path("ttfts").get(i).asDouble() > 0);
    }
  }

  /**
   * What a Gatling user reads first: Global KO % is 0 when every request succeeded, although some
   * missed an SLO; {@code chat} holds the measured requests only (the warm-ups are in no record);
   * the misses are counted as OK {@code chat SLO miss} records, as many as the requests the LLM
   * report judged not good; the ready sweep's {@code global().failedRequests()} assertion passes.
   */
  private static void gatlingsReportCountsTheTestAloneAndNoSloMissAsFailed(
      String console, long measured, JsonNode levels) {
    Map<String, GatlingConsoleStats.Counts> gatling = GatlingConsoleStats.lastTable(console);
    assertEquals(0, gatling.get("Global").ko(), "Global KO: " + gatling);
    assertEquals(
        measured,
        gatling.get("chat").total(),
        "the warm-ups' requests are not in Gatling's report: " + gatling);
    assertEquals(measured, gatling.get("chat TTFT").ok(), gatling.toString());
    long notGood = 0;
    for (JsonNode level : levels) {
      notGood += level.path("completed").asLong() - level.path("good_requests").asLong();
    }
    assertTrue(notGood > 0, "the default SLOs are missed somewhere: " + levels);
    GatlingConsoleStats.Counts misses = gatling.get("chat SLO miss");
    assertEquals(
        notGood,
        misses == null ? 0 : misses.ok(),
        "one OK miss record per request not good: " + gatling);
    assertFalse(gatling.containsKey("chat SLO"), "no verdict records by default: " + gatling);
    assertEquals(measured * 2 + notGood, gatling.get("Global").total(), gatling.toString());
    assertTrue(
        console.contains("Global: percentage of failed events is less than 1.0 : true"),
        "the ready sweep's Global assertion passes");
  }
}
