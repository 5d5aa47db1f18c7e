package dev.gatlingllm.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.simulations.ConcurrencySweepSimulation;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.simulator.RequestShape;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's levels as the fit reads them, and what a user gave that cannot be fitted said in one
 * line.
 */
class SweepRunReaderTest {
  @TempDir Path dir;

  @Test
  void levelsMeasuredFromTheirFirstSendAreRunByTheTwinAsTheyRan() throws Exception {
    try (LlmSimulator server = LlmSimulator.builder().timing("ttft=5;itl=1").build().start()) {
      InProcessGatling.Run run =
          InProcessGatling.run(
              ConcurrencySweepSimulation.class,
              dir,
              Map.of(
                  "llm.baseUrl", server.baseUri().toString(),
                  "llm.levels", "1,3",
                  "llm.requestsPerLevel", "6",
                  "llm.outputTokens", "8",
                  "llm.warmupRequests", "0",
                  "llm.warmupSeconds", "0",
                  "llm.probe", "false"));
      assertEquals(0, run.exitCode(), run.tail());
    }
    List<LevelObservation> levels = SweepRunReader.read(dir).levels();
    assertEquals(List.of(1, 3), levels.stream().map(LevelObservation::concurrency).toList());
    // a sweep in request mode measures each level from its first send: 6 requests, by 1 stream
    // and by 3
    assertEquals(6, levels.get(0).requestsPerStream());
    assertEquals(2, levels.get(1).requestsPerStream());
    assertEquals(6, levels.get(1).requests());
    assertEquals(8.0, levels.get(1).outputTokens(), 1e-9);
  }

  @Test
  void aMissingFolderIsSaid() {
    Path none = dir.resolve("none");
    UserError error = assertThrows(UserError.class, () -> SweepRunReader.read(none));
    assertEquals("no results folder " + none, error.getMessage());
  }

  @Test
  void aFolderWithoutAReportIsSaid() {
    UserError error = assertThrows(UserError.class, () -> SweepRunReader.read(dir));
    assertEquals(
        dir + " holds no llm/summary.json and llm/requests.csv: give a run's results folder",
        error.getMessage());
  }

  @Test
  void aRunWithoutLevelsIsSaid() throws Exception {
    Path llm = Files.createDirectories(dir.resolve("run-1").resolve("llm"));
    Files.writeString(llm.resolve("summary.json"), "{\"levels\":[]}");
    Files.writeString(llm.resolve("requests.csv"), "");
    UserError error = assertThrows(UserError.class, () -> SweepRunReader.read(dir));
    assertEquals(
        llm.resolve("summary.json") + " has no levels: a sweep's run is needed",
        error.getMessage());
  }

  @Test
  void requestsOfVariedLengthsAreReplayedInTheOrderTheyWereSentLessTheChatTemplate()
      throws Exception {
    // The client asked for 100-token prompts on average; the server counted 110 on average: its
    // chat template's 10 tokens come off each prompt. Rows are written as requests end, not as
    // they were sent.
    SweepRunFiles.writeLevel(
        dir.resolve("run-1"),
        100,
        SweepRunFiles.row(1010, 120, 32, 1),
        SweepRunFiles.row(1000, 70, 16, 2),
        SweepRunFiles.row(1030, 100, 24, 4),
        SweepRunFiles.row(1002, 150, 48, 1));
    LevelObservation level = SweepRunReader.read(dir).levels().get(0);
    assertEquals(110.0, level.inputTokens(), 1e-9);
    assertEquals(100.0, level.requestedInputTokens(), 1e-9);
    assertEquals(
        List.of(
            new RequestShape(60, 16),
            new RequestShape(140, 48),
            new RequestShape(110, 32),
            new RequestShape(90, 24)),
        level.shapes());
    assertEquals(2, level.requestsPerStream(), "4 requests of 2 streams, from the first send");
    // TPOTs 1, 2, 4 and 1 ms: the median between 1 and 2, the mean speed 2.75 / 4 tokens a ms
    assertEquals(1.5, level.tpotP50Millis(), 1e-9);
    assertEquals(4 / 2.75, level.meanSpeedTpotMillis(), 1e-9);
  }
}
