package dev.gatlingllm.report.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** requests.csv and the itls.csv beside it, read in step: a blank row still has its line of gaps. */
class RequestsCsvReaderTest {
  @TempDir Path dir;

  private static String row(String requestId) {
    return RequestsCsv.row(new RequestRow(1_700_000_000_000L, 0, true, "chat", true, 200, null, 1_000, 500, 1_000,
        10_000, 100_000, 10_000, 10_000, 10_000, 3, 20, TokenCountSource.SERVER_USAGE, 3,
        TokenCountSource.SERVER_USAGE, 3, -1, 0, 1_000, 101_000, true, new long[0], requestId, -1, -1, null, -1));
  }

  @Test
  void eachRowComesWithItsOwnGapsAcrossABlankLine() throws Exception {
    Path rows = Files.writeString(dir.resolve("requests.csv"),
        RequestsCsv.HEADER + "\n" + row("a") + "\n\n" + row("b") + "\n");
    Path gaps = Files.writeString(dir.resolve("itls.csv"),
        RequestsCsvWriter.ITLS_HEADER + "\n1.000;2.000\n\n3.000;4.000\n");
    List<String> read = new ArrayList<>();
    try (RequestsCsvReader reader = RequestsCsvReader.open(rows, gaps)) {
      assertFalse(reader.headerMissing());
      while (reader.next()) {
        read.add(reader.row().requestId() + "=" + reader.gaps());
      }
    }
    assertEquals(List.of("a=1.000;2.000", "b=3.000;4.000"), read);
  }

  @Test
  void withoutAGapsFileEveryRowHasNoGaps() throws Exception {
    Path rows = Files.writeString(dir.resolve("requests.csv"), RequestsCsv.HEADER + "\n" + row("a") + "\n");
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
