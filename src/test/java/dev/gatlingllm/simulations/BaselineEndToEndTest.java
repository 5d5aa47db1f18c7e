package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The concurrency sweep run three times against a server of known timing, the later two with {@code
 * llm.baseline} naming the first: against the same server nothing regresses; against one whose
 * decode step takes twice as long (ITL 40 ms instead of 20), TPOT and output tok/s regress, in the
 * console, junit.xml (failing cases), summary.md, comparison.md and the page. That the regression
 * sets the exit status is held in Gatling's launcher by {@code ScenarioPackIT}.
 */
class BaselineEndToEndTest {
  @TempDir Path then;
  @TempDir Path same;
  @TempDir Path slower;

  @Test
  void aSlowerDecodeStepRegressesAndTheSameServerDoesNot() throws Exception {
    assertEquals(0, sweep("ttft=50;itl=20", then, Map.of()).exitCode());
    Path baseline = InProcessGatling.llmDir(then).getParent(); // the run's folder

    InProcessGatling.Run again =
        sweep("ttft=50;itl=20", same, Map.of("llm.baseline", baseline.toString()));
    assertEquals(0, again.exitCode(), again.tail());
    assertTrue(again.console().contains("No regression against the baseline"), again.tail());

    InProcessGatling.Run worse =
        sweep("ttft=50;itl=40", slower, Map.of("llm.baseline", baseline.toString()));
    String console = worse.console();
    assertTrue(console.matches("(?s).*\\d+ regressions? against the baseline.*"), worse.tail());
    assertTrue(console.matches("(?s).*\\n4 streams +output tok/s .*▼ regression.*"), worse.tail());
    assertTrue(console.matches("(?s).*\\n4 streams +TPOT p50 ms .*▼ regression.*"), worse.tail());
    assertTrue(console.contains("the build fails"), worse.tail());
    // The figures compared are the reports' own: output tok/s then and now as summary.json has it.
    double thenTokS =
        InProcessGatling.summary(then).path("levels").get(0).path("output_throughput").asDouble();
    double nowTokS =
        InProcessGatling.summary(slower).path("levels").get(0).path("output_throughput").asDouble();
    assertTrue(
        console.matches(
            "(?s).*\\n4 streams +output tok/s +"
                + String.format(java.util.Locale.ROOT, thenTokS >= 100 ? "%.1f" : "%.2f", thenTokS)
                + " +"
                + String.format(java.util.Locale.ROOT, nowTokS >= 100 ? "%.1f" : "%.2f", nowTokS)
                + " .*"),
        thenTokS + " then, " + nowTokS + " now: " + worse.tail());
    Path llm = InProcessGatling.llmDir(slower);
    String junit = Files.readString(llm.resolve("junit.xml"));
    assertTrue(junit.contains("<testsuite name=\"baseline\""), junit);
    assertTrue(junit.matches("(?s).*name=\"4 streams: TPOT p50 ms\".*?<failure.*"), junit);
    assertTrue(junit.matches("(?s).*name=\"4 streams: output tok/s\".*?<failure.*"), junit);
    assertTrue(Files.readString(llm.resolve("summary.md")).contains("## Against the baseline"));
    assertTrue(Files.exists(llm.resolve("comparison.md")));
    String page = Files.readString(llm.resolve("index.html"));
    assertTrue(
        page.matches(
            "(?s).*<h2>Against the baseline</h2>.*<tr class=\"bad\"><td>4 streams</td><td>output"
                + " tok/s</td>.*<h2>Charts</h2>.*"),
        "the page's section, before its charts");
    assertTrue(page.contains("<script type=\"application/json\" id=\"llm-baseline\">"), "data");
  }

  /**
   * A baseline whose summary.json is {@code null} (the hostile pass's case that said "No
   * regression" and exit 0): the run stops before any load, in one line naming the file and what is
   * wrong; never "No regression". In Gatling's launcher the line's exit status is 4 (docs/ci.md);
   * in-process the run fails.
   */
  @TempDir Path broken;

  @Test
  void aBaselineThatIsNotAReportStopsTheRunBeforeTheLoad() throws Exception {
    Path llm = broken.resolve("baseline-run").resolve("llm");
    Files.createDirectories(llm);
    Files.writeString(llm.resolve("summary.json"), "null");
    Files.writeString(llm.resolve("requests.csv"), "");
    Throwable thrown =
        assertThrows(
            Exception.class,
            () ->
                sweep("ttft=50;itl=20", same, Map.of("llm.baseline", llm.getParent().toString())));
    // Gatling builds the simulation by reflection: the user error may come wrapped.
    while (!(thrown instanceof UserError) && thrown.getCause() != null) {
      thrown = thrown.getCause();
    }
    Throwable refused = thrown;
    assertTrue(refused instanceof UserError, String.valueOf(refused));
    assertEquals(
        "llm.baseline: the baseline cannot be compared with: "
            + llm.resolve("summary.json")
            + ": it is null, not the JSON object of a report: not a readable report of a run"
            + " (exit status 4, before any load)",
        refused.getMessage());
    assertTrue(InProcessGatling.createdLlmDir(same).isEmpty(), "no load, no report");
  }

  @TempDir Path spoiled;

  /**
   * A baseline readable before the load and broken by its end (overwritten with {@code null} once
   * this run's report folder exists): the comparison fails in one line naming the file, junit.xml
   * gets a failed {@code baseline readable} case, summary.md the line; never "No regression".
   */
  @Test
  void aBaselineBrokenDuringTheRunFailsTheComparisonAtItsEnd() throws Exception {
    assertEquals(0, sweep("ttft=50;itl=20", then, Map.of()).exitCode());
    Path baseline = InProcessGatling.llmDir(then).getParent();
    Path summary = baseline.resolve("llm/summary.json");
    Thread spoiler =
        new Thread(
            () -> {
              try {
                while (InProcessGatling.createdLlmDir(spoiled).isEmpty()) {
                  Thread.sleep(20);
                }
                Files.writeString(summary, "null");
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    spoiler.setDaemon(true);
    spoiler.start();
    InProcessGatling.Run run =
        sweep("ttft=50;itl=20", spoiled, Map.of("llm.baseline", baseline.toString()));
    String console = run.console();
    assertTrue(
        console.contains(
            "gatling-llm: the baseline cannot be compared with: "
                + summary
                + ": it is null, not the JSON object of a report: not a readable report of a run;"
                + " the build fails (exit status 4)"),
        run.tail());
    assertTrue(!console.contains("No regression"), run.tail());
    Path report = InProcessGatling.llmDir(spoiled);
    String junit = Files.readString(report.resolve("junit.xml"));
    assertTrue(junit.matches("(?s).*name=\"baseline readable\".*?<failure.*"), junit);
    assertTrue(
        Files.readString(report.resolve("summary.md")).contains("the baseline cannot be compared"));
  }

  /** One level of 4 streams for 12 s, 32 output tokens a request, against a fixed-timing server. */
  private static InProcessGatling.Run sweep(String timing, Path results, Map<String, String> extra)
      throws Exception {
    try (LlmSimulator server =
        LlmSimulator.builder().host("127.0.0.1").port(0).timing(timing).build().start()) {
      Map<String, String> all = new HashMap<>(extra);
      all.put("llm.baseUrl", "http://127.0.0.1:" + server.port());
      all.put("llm.levels", "4");
      all.put("llm.levelDuration", "12");
      all.put("llm.inputTokens", "32");
      all.put("llm.outputTokens", "32");
      all.put("llm.warmupSeconds", "0");
      all.put("llm.probe", "false");
      return InProcessGatling.run(ConcurrencySweepSimulation.class, results, all);
    }
  }
}
