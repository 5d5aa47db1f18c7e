package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped mid-way (SIGTERM, as a CI job's timeout or {@code kill} does) still writes its LLM
 * report with the figures so far: the simulation runs in a JVM of its own, which the test stops
 * once requests.csv shows that requests were done; summary.json must then exist and count exactly
 * the requests requests.csv holds (those in flight at the stop as aborted), no more ended than the
 * simulator finished.
 */
class StoppedRunEndToEndTest {
  private static final int REQUESTS_BEFORE_STOP = 20;

  @TempDir Path results;

  @Test
  void aJvmStoppedMidRunWritesTheSummaryOfTheRequestsDone() throws Exception {
    try (LlmSimulator simulator =
        LlmSimulator.builder().timing("ttft=20;itl=10").groundTruth(true).build().start()) {
      String java = ProcessHandle.current().info().command().orElse("java");
      Path log = results.resolve("child.log");
      Process child =
          new ProcessBuilder(
                  List.of(
                      java,
                      "--add-opens=java.base/java.lang=ALL-UNNAMED",
                      "-Xmx512m",
                      "-cp",
                      System.getProperty("java.class.path"),
                      "-Dtest.baseUrl=" + simulator.baseUri(),
                      "io.gatling.app.Gatling",
                      "--simulation",
                      StoppedRunSimulation.class.getName(),
                      "--results-folder",
                      results.toString(),
                      "--no-reports"))
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      Path llm;
      try {
        llm = awaitRequests(child, 120);
        child.destroy(); // SIGTERM
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the stopped JVM did not exit");
      } finally {
        child.destroyForcibly();
      }
      String output = Files.readString(log, StandardCharsets.UTF_8);
      Path summaryFile = llm.resolve("summary.json");
      assertTrue(
          Files.exists(summaryFile),
          "no summary.json after SIGTERM; the child printed:\n" + tail(output));
      JsonNode summary = new ObjectMapper().readTree(summaryFile.toFile());
      long counted =
          summary.path("completed").asLong()
              + summary.path("failed").asLong()
              + summary.path("aborted").asLong();
      long rows = dataRows(llm.resolve("requests.csv"));
      assertTrue(counted >= REQUESTS_BEFORE_STOP, "counted " + counted);
      assertEquals(rows, counted, "summary.json and requests.csv count the same requests");
      assertTrue(
          summary.path("completed").asLong() + summary.path("failed").asLong()
              <= simulator.groundTruth().size() + simulator.groundTruthDropped(),
          "the client counted more requests ended than the server finished");
      assertTrue(
          summary.path("run_duration_s").asDouble() < StoppedRunSimulation.PLANNED_SECONDS,
          "the run was stopped before its planned end");
    }
  }

  /**
   * Waits until the child's requests.csv holds REQUESTS_BEFORE_STOP rows; returns its llm folder.
   */
  private Path awaitRequests(Process child, int seconds) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline) {
      assertTrue(child.isAlive(), "the child JVM ended before it was stopped");
      Optional<Path> llm = InProcessGatling.createdLlmDir(results);
      if (llm.isPresent()
          && Files.exists(llm.get().resolve("requests.csv"))
          && dataRows(llm.get().resolve("requests.csv")) >= REQUESTS_BEFORE_STOP) {
        return llm.get();
      }
      Thread.sleep(200);
    }
    throw new AssertionError(
        "no " + REQUESTS_BEFORE_STOP + " requests in requests.csv after " + seconds + " s");
  }

  private static long dataRows(Path csv) throws IOException {
    try (Stream<String> lines = Files.lines(csv, StandardCharsets.UTF_8)) {
      return Math.max(0, lines.filter(line -> !line.isBlank()).count() - 1);
    }
  }

  private static String tail(String text) {
    return text.length() > 3_000 ? text.substring(text.length() - 3_000) : text;
  }
}
