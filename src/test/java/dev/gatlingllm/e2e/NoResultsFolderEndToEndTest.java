package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.ConfigFactory;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run where Gatling writes no results folder, as on a Gatling Enterprise injector (only the
 * console data writer, so no simulation.log): the LLM report goes to {@code llm.reportDir}, and a
 * report folder that cannot be written costs one console line, never the run.
 */
class NoResultsFolderEndToEndTest {
  @TempDir Path dir;
  private LlmSimulator simulator;

  @BeforeEach
  void consoleWriterOnly() {
    simulator = LlmSimulator.builder().model("sim").build().start();
    System.setProperty("test.baseUrl", simulator.baseUri().toString());
    System.setProperty("gatling.data.writers.0", "console");
    // Gatling reads system properties through Typesafe Config, which caches them per JVM.
    ConfigFactory.invalidateCaches();
  }

  @AfterEach
  void restore() {
    System.clearProperty("gatling.data.writers.0");
    System.clearProperty("llm.reportDir");
    ConfigFactory.invalidateCaches();
    simulator.close();
  }

  @Test
  void theReportGoesToTheConfiguredDirectory() throws Exception {
    Path reports = dir.resolve("llm-reports");
    System.setProperty("llm.reportDir", reports.toString());
    InProcessGatling.Run run =
        InProcessGatling.run(NoResultsFolderSimulation.class, dir.resolve("results"));
    assertEquals(0, run.exitCode(), run.tail());
    assertEquals(
        List.of(),
        files(dir.resolve("results"), "simulation.log"),
        "Gatling kept no simulation.log");
    List<Path> summaries = files(reports, "summary.json");
    assertEquals(1, summaries.size(), run.tail());
    assertEquals("llm", summaries.get(0).getParent().getFileName().toString());
    var summary = new ObjectMapper().readTree(summaries.get(0).toFile());
    assertEquals(NoResultsFolderSimulation.USERS, summary.get("completed").asInt());
    assertEquals(0, summary.get("failed").asInt());
    assertTrue(
        run.console().contains(summaries.get(0).getParent().resolve("index.html").toString()),
        "the console names the page");
  }

  @Test
  void aReportDirectoryThatCannotBeWrittenCostsOneLineNotTheRun() throws Exception {
    Path file = Files.writeString(dir.resolve("not-a-directory"), "x");
    System.setProperty("llm.reportDir", file.toString());
    InProcessGatling.Run run =
        InProcessGatling.run(NoResultsFolderSimulation.class, dir.resolve("results"));
    assertEquals(0, run.exitCode(), run.tail());
    assertEquals(
        1,
        run.console().lines().filter(l -> l.startsWith("LLM report off for this run")).count(),
        run.tail());
    assertTrue(
        run.console()
            .lines()
            .anyMatch(l -> l.matches("Successful requests: +" + NoResultsFolderSimulation.USERS)),
        "the console summary is still printed: " + run.tail());
  }

  private static List<Path> files(Path root, String name) throws Exception {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> all = Files.walk(root)) {
      return all.filter(p -> p.getFileName().toString().equals(name)).toList();
    }
  }
}
