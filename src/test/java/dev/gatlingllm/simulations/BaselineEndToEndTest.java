package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's simulation run twice against the simulator, the second time with {@code llm.baseline}
 * naming the first: against the same server nothing regresses; against a server whose first token
 * takes twice as long, the TTFT percentiles regress, in the console, junit.xml, summary.md and
 * comparison.md.
 */
class BaselineEndToEndTest {
  @TempDir Path then;
  @TempDir Path same;
  @TempDir Path slower;

  @Test
  void aSlowerFirstTokenRegressesAndTheSameServerDoesNot() throws Exception {
    InProcessGatling.Run first = runAgainst("ttft=100;itl=2", then, Map.of());
    assertEquals(0, first.exitCode(), first.tail());
    Path baseline = InProcessGatling.llmDir(then);

    InProcessGatling.Run again =
        runAgainst("ttft=100;itl=2", same, Map.of("llm.baseline", baseline.toString()));
    assertEquals(0, again.exitCode(), again.tail());
    assertTrue(again.console().contains("No regression against the baseline"), again.tail());

    InProcessGatling.Run worse =
        runAgainst(
            "ttft=200;itl=2",
            slower,
            Map.of("llm.baseline", baseline.getParent().toString())); // the run's own folder
    String console = worse.console();
    assertTrue(console.matches("(?s).*\\d+ regressions? against the baseline.*"), worse.tail());
    assertTrue(console.matches("(?s).*\\nwhole run +TTFT p50 ms .*▼ regression.*"), worse.tail());
    assertTrue(console.contains("the build fails"), worse.tail());
    Path llm = InProcessGatling.llmDir(slower);
    String junit = Files.readString(llm.resolve("junit.xml"));
    assertTrue(junit.contains("<testsuite name=\"baseline\""), junit);
    assertTrue(junit.matches("(?s).*name=\"whole run: TTFT p50 ms\".*?<failure.*"), junit);
    assertTrue(Files.readString(llm.resolve("summary.md")).contains("## Against the baseline"));
    assertTrue(Files.exists(llm.resolve("comparison.md")));
    String page = Files.readString(llm.resolve("index.html"));
    assertTrue(
        page.matches(
            "(?s).*<h2>Against the baseline</h2>.*<tr class=\"bad\"><td>whole run</td><td>TTFT p50 ms</td>.*<h2>Charts</h2>.*"),
        "the page's section, before its charts");
  }

  private InProcessGatling.Run runAgainst(String timing, Path results, Map<String, String> extra)
      throws Exception {
    try (LlmSimulator server =
        LlmSimulator.builder().host("127.0.0.1").port(0).timing(timing).build().start()) {
      Map<String, String> all = new java.util.HashMap<>(extra);
      all.put("test.baseUrl", "http://127.0.0.1:" + server.port());
      return InProcessGatling.run(OwnChatSimulation.class, results, all);
    }
  }
}
