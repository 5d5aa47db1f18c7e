package dev.gatlingllm.report.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RowBuilder;
import dev.gatlingllm.metrics.request.TokenCountSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * requests.csv and the itls.csv beside it, read in step: a blank row still has its line of gaps.
 */
class RequestsCsvReaderTest {
  @TempDir Path dir;

  private static String row(String requestId) {
    return RequestsCsv.row(
        RowBuilder.row()
            .startEpochMillis(1_700_000_000_000L)
            .level(0)
            .inWindow(true)
            .requestName("chat")
            .ok(true)
            .httpStatus(200)
            .good(true)
            .requestId(requestId)
            .ttftMicros(1_000)
            .ttfbMicros(500)
            .ttfoMicros(1_000)
            .tpotMicros(10_000)
            .e2elMicros(100_000)
            .itlMeanMicros(10_000)
            .itlP50Micros(10_000)
            .itlMaxMicros(10_000)
            .sendLatenessMicros(0)
            .ttftFromScheduledMicros(1_000)
            .durationMicros(101_000)
            .tokenEvents(3)
            .inputTokens(20)
            .inputTokenSource(TokenCountSource.SERVER_USAGE)
            .outputTokens(3)
            .outputTokenSource(TokenCountSource.SERVER_USAGE)
            .serverOutputTokens(3)
            .build());
  }

  @Test
  void eachRowComesWithItsOwnGapsAcrossABlankLine() throws Exception {
    Path rows =
        Files.writeString(
            dir.resolve("requests.csv"),
            RequestsCsv.HEADER + "\n" + row("a") + "\n\n" + row("b") + "\n");
    Path gaps =
        Files.writeString(
            dir.resolve("itls.csv"),
            RequestsCsvWriter.ITLS_HEADER + "\n1.000;2.000\n\n3.000;4.000\n");
    List<String> read = new ArrayList<>();
    try (RequestsCsvReader reader = RequestsCsvReader.open(rows, gaps)) {
      assertFalse(reader.headerMissing());
      while (reader.next()) {
        read.add(reader.row().status().requestId() + "=" + reader.gaps());
      }
    }
    assertEquals(List.of("a=1.000;2.000", "b=3.000;4.000"), read);
  }

  @Test
  void withoutAGapsFileEveryRowHasNoGaps() throws Exception {
    Path rows =
        Files.writeString(dir.resolve("requests.csv"), RequestsCsv.HEADER + "\n" + row("a") + "\n");
    try (RequestsCsvReader reader = RequestsCsvReader.open(rows, null)) {
      assertTrue(reader.next());
      assertEquals("", reader.gaps());
      assertFalse(reader.next());
    }
  }

  @Test
  void anEmptyFileHasNoHeaderAndNoRows() throws Exception {
    Path rows = Files.writeString(dir.resolve("requests.csv"), "");
    try (RequestsCsvReader reader = RequestsCsvReader.open(rows, null)) {
      assertTrue(reader.headerMissing());
      assertFalse(reader.next());
    }
  }
}
