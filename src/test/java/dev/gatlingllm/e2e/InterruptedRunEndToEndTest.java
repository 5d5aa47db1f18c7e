package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.report.csv.RequestsCsvReader;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.ScriptedHttpServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped while its streams are in flight counts every request the server received: each
 * stream of the scripted server lasts about 1.7 s (first token at 50 ms, then one every 150 ms), so
 * whenever the run is stopped its four users are mid-stream. Stopped by SIGTERM to the Gatling JVM
 * itself, and by the end of the JVM that launched it (a CI system's cancel stops Maven, not its
 * fork).
 */
class InterruptedRunEndToEndTest {
  private static final int TOKENS = 12;

  /** Two rounds of the four users: the second one is in flight when the run is stopped. */
  private static final int RECEIVED_BEFORE_STOP = 6;

  @TempDir Path results;

  @Test
  void sigtermCountsTheRequestsInFlightAsAborted() throws Exception {
    try (ScriptedHttpServer server = new ScriptedHttpServer(request -> slowStream())) {
      Path log = results.resolve("child.log");
      Process child =
          new ProcessBuilder(gatlingCommand(server))
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      try {
        awaitReceived(server, child.toHandle());
        child.destroy(); // SIGTERM
        assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the stopped JVM did not exit");
      } finally {
        child.destroyForcibly();
      }
      assertEveryReceivedRequestCounted(server, log);
    }
  }

  /**
   * A stop while the report of a run that ended is being written (Ctrl-C right after the last
   * level): the report is still written whole. The level's closing line is printed as the writing
   * starts; the stop follows it at once.
   */
  @Test
  void sigtermWhileTheReportIsWrittenLeavesTheWholeReport() throws Exception {
    try (ScriptedHttpServer server =
        new ScriptedHttpServer(
            request ->
                new ScriptedHttpServer.Script()
                    .chunkedHeaders(200, "text/event-stream")
                    .chunk("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\n\n")
                    .chunk("data: [DONE]\n\n")
                    .endChunks())) {
      Path log = results.resolve("child.log");
      List<String> command = new ArrayList<>(gatlingCommand(server));
      command.set(
          command.indexOf(StoppedRunSimulation.class.getName()),
          dev.gatlingllm.simulations.OwnChatSimulation.class.getName());
      Process child =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      try {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(log, StandardCharsets.ISO_8859_1).contains(") ended after ")) {
          assertTrue(child.isAlive() && System.nanoTime() < deadline, "no closing line");
          Thread.sleep(5);
        }
        child.destroy(); // SIGTERM
        assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the stopped JVM did not exit");
      } finally {
        child.destroyForcibly();
      }
      String output = Files.readString(log, StandardCharsets.UTF_8);
      Path llm =
          InProcessGatling.createdLlmDir(results)
              .orElseThrow(() -> new AssertionError("no llm folder:\n" + tail(output)));
      for (String file : List.of("summary.json", "run.json", "index.html")) {
        assertTrue(Files.exists(llm.resolve(file)), file + " after the stop:\n" + tail(output));
      }
      assertTrue(output.contains("LLM report: "), "the console summary:\n" + tail(output));
    }
  }

  @Test
  void theRunStopsWithTheJvmThatLaunchedIt() throws Exception {
    try (ScriptedHttpServer server = new ScriptedHttpServer(request -> slowStream())) {
      Path log = results.resolve("parent.log");
      List<String> command =
          new ArrayList<>(
              List.of(
                  java(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  ParentLauncher.class.getName()));
      command.addAll(gatlingCommand(server));
      Process parent =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      ProcessHandle child = null;
      try {
        child = awaitChild(parent);
        awaitReceived(server, child);
        parent
            .destroy(); // SIGTERM to the launcher, as a CI cancel to Maven: the fork is not stopped
        // with it
        assertTrue(parent.waitFor(30, TimeUnit.SECONDS), "the launcher did not exit");
        assertTrue(
            child.onExit().get(20, TimeUnit.SECONDS) != null && !child.isAlive(),
            "the Gatling JVM outlived its launcher");
      } finally {
        parent.destroyForcibly();
        if (child != null) {
          child.destroyForcibly();
        }
      }
      String output = assertEveryReceivedRequestCounted(server, log);
      assertTrue(output.contains("ended: stopping the run"), "the stop says why:\n" + tail(output));
    }
  }

  /**
   * summary.json's completed + failed + aborted = what the server received, each aborted one a row
   * of its own.
   */
  private String assertEveryReceivedRequestCounted(ScriptedHttpServer server, Path log)
      throws Exception {
    Thread.sleep(300); // the server's threads finish reading the last requests written
    int received = server.received().size();
    String output = Files.readString(log, StandardCharsets.UTF_8);
    Path llm =
        InProcessGatling.createdLlmDir(results)
            .orElseThrow(() -> new AssertionError("no llm folder:\n" + tail(output)));
    Path summaryFile = llm.resolve("summary.json");
    assertTrue(
        Files.exists(summaryFile),
        "no summary.json after the stop; the run printed:\n" + tail(output));
    JsonNode summary = new ObjectMapper().readTree(summaryFile.toFile());
    long completed = summary.path("completed").asLong();
    long failed = summary.path("failed").asLong();
    long aborted = summary.path("aborted").asLong();
    assertEquals(
        received,
        completed + failed + aborted,
        "completed "
            + completed
            + " + failed "
            + failed
            + " + aborted "
            + aborted
            + " vs received "
            + received);
    assertEquals(0, failed, "the server failed nothing");
    assertTrue(aborted >= 1, "the users were mid-stream at the stop; summary: " + summary);
    assertTrue(summary.path("interrupted_at").isTextual(), "no interrupted_at in " + summary);
    assertTrue(output.contains("Run interrupted at "), "the console says so:\n" + tail(output));
    assertTrue(
        Files.readString(llm.resolve("index.html")).contains("Run interrupted at "),
        "the page says so");

    List<RequestRow> rows = rows(llm.resolve("requests.csv"));
    assertEquals(received, rows.size(), "a row for every request the server received");
    List<RequestRow> abortedRows =
        rows.stream()
            .filter(row -> "aborted: run interrupted".equals(row.status().error()))
            .toList();
    assertEquals(aborted, abortedRows.size(), "a row for every aborted request");
    for (RequestRow row : abortedRows) {
      assertEquals("aborted: run interrupted", row.status().error());
      assertEquals(200, row.status().httpStatus(), "the headers had come");
      // The first token comes 50 ms after the request, the stop later: the partial timings are
      // kept.
      if (row.tokens().tokenEvents() > 0) {
        assertTrue(
            row.latency().ttftMicros() > 0 && row.tokens().tokenEvents() < TOKENS,
            "partial timings of " + row);
      }
    }
    return output;
  }

  private static ScriptedHttpServer.Script slowStream() {
    ScriptedHttpServer.Script script =
        new ScriptedHttpServer.Script().chunkedHeaders(200, "text/event-stream");
    for (int i = 0; i < TOKENS; i++) {
      script
          .at(50 + 150L * i)
          .chunk("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"t" + i + " \"}}]}\n\n");
    }
    return script
        .chunk("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"length\"}]}\n\n")
        .chunk("data: [DONE]\n\n")
        .endChunks();
  }

  private List<String> gatlingCommand(ScriptedHttpServer server) {
    return List.of(
        java(),
        "--add-opens=java.base/java.lang=ALL-UNNAMED",
        "-Xmx512m",
        "-cp",
        System.getProperty("java.class.path"),
        "-Dtest.baseUrl=" + server.baseUrl(),
        "io.gatling.app.Gatling",
        "--simulation",
        StoppedRunSimulation.class.getName(),
        "--results-folder",
        results.toString(),
        "--no-reports");
  }

  private static String java() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  private static ProcessHandle awaitChild(Process parent) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      Optional<ProcessHandle> child = parent.toHandle().children().findFirst();
      if (child.isPresent()) {
        return child.get();
      }
      assertTrue(parent.isAlive(), "the launcher ended before it forked");
      Thread.sleep(50);
    }
    throw new AssertionError("the launcher forked no JVM");
  }

  private static void awaitReceived(ScriptedHttpServer server, ProcessHandle gatling)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
    while (server.received().size() < RECEIVED_BEFORE_STOP) {
      assertTrue(gatling.isAlive(), "the Gatling JVM ended before it was stopped");
      assertTrue(
          System.nanoTime() < deadline,
          "the server received " + server.received().size() + " requests");
      Thread.sleep(20);
    }
  }

  private static List<RequestRow> rows(Path csv) throws IOException {
    List<RequestRow> rows = new ArrayList<>();
    try (RequestsCsvReader reader = RequestsCsvReader.open(csv, null)) {
      assertFalse(reader.headerMissing());
      while (reader.next()) {
        rows.add(reader.row());
      }
    }
    return rows;
  }

  private static String tail(String text) {
    return text.length() > 3_000 ? text.substring(text.length() - 3_000) : text;
  }
}
