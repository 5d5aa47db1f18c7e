package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JIT warm-up against a server that is not this machine's: announced before it starts, bounded
 * to {@link WorkloadSettings#REMOTE_WARMUP_MAX_REQUESTS} requests by default, and its requests and
 * tokens said after it, equal to what the server received. The server listens on 127.0.0.2: a
 * loopback address (this test sends nothing off the machine) that the warm-up's rule counts as
 * remote, as it counts every address but localhost, 127.0.0.1 and [::1].
 */
class RemoteWarmupTest {
  private static final int MEASURED = 4; // one level of 2 streams, llm.requestsPerLevel=4
  private static final int WARMUP_REQUESTS = 3; // llm.warmupRequests, after the JIT warm-up

  @TempDir Path results;

  @Test
  void theWarmupAgainstARemoteHostIsAnnouncedBoundedAndCounted() throws Exception {
    InProcessGatling.Run run;
    int received;
    try (LlmSimulator server =
        LlmSimulator.builder()
            .host("127.0.0.2")
            .port(0)
            .timing("ttft=5;itl=1")
            .groundTruth(true)
            .build()
            .start()) {
      run =
          InProcessGatling.run(
              ConcurrencySweepSimulation.class,
              results,
              Map.of(
                  "llm.baseUrl", "http://127.0.0.2:" + server.port(),
                  "llm.levels", "2",
                  "llm.requestsPerLevel", "4",
                  "llm.inputTokens", "16",
                  "llm.outputTokens", "4",
                  "llm.warmupRequests", String.valueOf(WARMUP_REQUESTS),
                  "llm.warmupSeconds", "120",
                  "llm.probe", "false"));
      received = server.groundTruth().size();
    }
    assertEquals(0, run.exitCode(), run.tail());
    int bound = WorkloadSettings.REMOTE_WARMUP_MAX_REQUESTS;
    String console = run.console();
    int announced =
        console.indexOf(
            "JIT warm-up before the first level: 2 streams send real requests, left out of every"
                + " figure, until the JVM's compilers are quiet: at most 120 s and "
                + bound
                + " requests. -Dllm.warmupSeconds=0 turns it off");
    assertTrue(announced >= 0, "announced before it starts: " + run.tail());

    // Its 2 streams of 4 output tokens a request at 1 ms a token cannot quiet the compilers within
    // the 3 s minimum before the bound: the bound ends it, and the server's count shows it.
    Matcher sent =
        Pattern.compile(
                "the JIT warm-up sent (\\d+) requests \\(([\\d,]+) input \\+ ([\\d,]+) output"
                    + " tokens\\); none of them is in a figure")
            .matcher(console);
    assertTrue(sent.find(), "what it sent, said after it: " + run.tail());
    assertTrue(sent.start() > announced);
    assertEquals(bound, Integer.parseInt(sent.group(1)), "the bound, exactly");
    assertEquals(bound * 4L, Long.parseLong(sent.group(3).replace(",", "")), "4 tokens each");
    assertEquals(bound * 16L, Long.parseLong(sent.group(2).replace(",", "")), "16 tokens each");
    assertTrue(console.contains("ended after"), "its end said as before");
    int said =
        console.indexOf(
            "gatling-llm: 3 warm-up requests, one at a time before the first level"
                + " (llm.warmupRequests), none of them in a figure; -Dllm.warmupRequests=0 turns"
                + " them off");
    assertTrue(said > sent.start(), "the warm-up requests said after the JIT's: " + run.tail());
    assertEquals(
        bound + WARMUP_REQUESTS + MEASURED,
        received,
        "the server received what the console said: both warm-ups and the levels");
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(MEASURED, summary.path("completed").asInt(), "the warm-up is in no figure");

    // The page's time chart shades what ran before the level: the warm-up's load is not the test's.
    String page = Files.readString(InProcessGatling.llmDir(results).resolve("index.html"));
    Matcher data = Pattern.compile("id=\"llm-data\">(.*?)</script>", Pattern.DOTALL).matcher(page);
    assertTrue(data.find());
    JsonNode timeline = new ObjectMapper().readTree(data.group(1)).path("timeline");
    assertTrue(timeline.path("warmupEndSeconds").asDouble() >= 1, "the warm-up's end: " + timeline);
    assertTrue(page.contains("before the first level: warm-up, in no figure"));
  }
}
