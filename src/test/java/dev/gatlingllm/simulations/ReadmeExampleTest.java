package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import io.gatling.app.Gatling$;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's pasteable simulation is this compiled file, and it runs. */
class ReadmeExampleTest {
  private static final Path SOURCE =
      Path.of("simulations/dev/gatlingllm/simulations/MyChatSimulation.java");

  @Test
  void theReadmeShowsTheCompiledSimulationWordForWord() throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    int section = readme.indexOf("## A simulation you can paste");
    assertTrue(section >= 0, "the README has the section");
    int start = readme.indexOf("```java\n", section) + "```java\n".length();
    String shown = readme.substring(start, readme.indexOf("```\n", start));
    String source = Files.readString(SOURCE);
    String withoutPackage = source.substring(source.indexOf('\n') + 1).stripLeading();
    assertEquals(withoutPackage, shown);
  }

  @Test
  void itRunsAgainstAServerAndPassesItsAssertions(@TempDir Path results) throws Exception {
    try (LlmSimulator simulator =
        LlmSimulator.builder().host("127.0.0.1").port(0).timing("ttft=20;itl=1").build().start()) {
      System.setProperty("baseUrl", "http://127.0.0.1:" + simulator.port());
      System.setProperty("seconds", "2");
      int exit =
          Gatling$.MODULE$.fromArgs(
              new String[] {
                "--simulation",
                MyChatSimulation.class.getName(),
                "--results-folder",
                results.toString(),
                "--no-reports"
              });
      assertEquals(0, exit, "the run and its assertions pass");
    } finally {
      System.clearProperty("baseUrl");
      System.clearProperty("seconds");
    }
    JsonNode summary = InProcessGatling.summary(results);
    assertTrue(
        summary.path("completed").asInt() >= 16,
        "8 users, two turns each at least: " + summary.path("completed"));
    assertEquals(0, summary.path("failed").asInt());
  }
}
