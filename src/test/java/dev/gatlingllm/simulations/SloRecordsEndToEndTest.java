package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.testing.GatlingConsoleStats;
import dev.gatlingllm.testing.GatlingConsoleStats.Counts;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three SLO record modes, in Gatling's own counts, on a run where every request succeeds and
 * every request misses the TTFT SLO (1 ms, below the simulator's first-token time): 2 warm-up
 * requests, then 1 + 4 streams x 2 requests = 10 measured requests.
 */
class SloRecordsEndToEndTest {
  private static final long MEASURED = 10;

  @TempDir Path results;

  @Test
  void byDefaultEachMissIsAnOkRecordAndGlobalKoStaysZero() {
    InProcessGatling.Run run = run(null);
    Map<String, Counts> gatling = GatlingConsoleStats.lastTable(run.console());
    assertEquals(0, run.exitCode(), "the Global failed-requests assertion passes: " + run.tail());
    assertEquals(
        new Counts(MEASURED, MEASURED, 0), gatling.get("chat SLO miss"), gatling.toString());
    assertEquals(
        new Counts(MEASURED, MEASURED, 0),
        gatling.get("chat"),
        "the warm-up is in no record: " + gatling);
    assertEquals(
        new Counts(3 * MEASURED, 3 * MEASURED, 0), gatling.get("Global"), gatling.toString());
    assertFalse(gatling.containsKey("chat SLO"), gatling.toString());
  }

  @Test
  void verdictsAreKoForEachMissAndGatlingsGlobalAssertionThenFails() {
    InProcessGatling.Run run = run("verdicts");
    Map<String, Counts> gatling = GatlingConsoleStats.lastTable(run.console());
    assertEquals(new Counts(MEASURED, 0, MEASURED), gatling.get("chat SLO"), gatling.toString());
    assertEquals(
        new Counts(3 * MEASURED, 2 * MEASURED, MEASURED),
        gatling.get("Global"),
        gatling.toString());
    assertNull(gatling.get("chat SLO miss"), gatling.toString());
    assertEquals(2, run.exitCode(), "Global KO % counts the verdicts: " + run.tail());
    assertTrue(
        run.console().contains("Global: percentage of failed events is less than 1.0 : false"),
        run.tail());
  }

  @Test
  void noneLogsNoSloRecord() {
    InProcessGatling.Run run = run("none");
    Map<String, Counts> gatling = GatlingConsoleStats.lastTable(run.console());
    assertEquals(0, run.exitCode(), run.tail());
    assertEquals(
        new Counts(2 * MEASURED, 2 * MEASURED, 0), gatling.get("Global"), gatling.toString());
    assertEquals(
        Map.of(
            "Global",
            gatling.get("Global"),
            "chat",
            gatling.get("chat"),
            "chat TTFT",
            gatling.get("chat TTFT")),
        gatling);
  }

  private InProcessGatling.Run run(String sloRecords) {
    Map<String, String> properties =
        new HashMap<>(
            Map.of(
                "llm.levels",
                "1,4",
                "llm.requestsPerStream",
                "2",
                "llm.warmupSeconds",
                "0",
                "llm.warmupRequests",
                "2",
                "llm.outputTokens",
                "8",
                "llm.inputTokens",
                "32",
                "llm.slo.ttftMs",
                "1"));
    if (sloRecords != null) {
      properties.put("llm.sloRecords", sloRecords);
    }
    return InProcessGatling.run(ConcurrencySweepSimulation.class, results, properties);
  }
}
