package dev.gatlingllm.report.csv;

import static dev.gatlingllm.metrics.aggregate.SyntheticResults.MS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.SyntheticResults;
import dev.gatlingllm.metrics.request.RequestIds;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.metrics.stats.Micros;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestsCsvTest {
  static final long T0 = 1_700_000_000_000L;

  @Test
  void rowsAreWrittenInTheBackgroundAndReadBackExactly(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("llm/requests.csv");
    RunRecorder recorder = new RunRecorder(RunConfig.startingAt(T0).withSlos(new Slos(150.0, null, null)), new RequestsCsvWriter(file));
    long[] gaps = {10 * MS, 30 * MS, 20 * MS, 1_234_567};
    recorder.record("chat", T0 + 5, SyntheticResults.okWithGaps(123_456_789, gaps, 9, 42, 8));
    recorder.record("bad, \"quoted\"", T0 + 6, SyntheticResults.failed(502, "=HYPERLINK(\"x\")\nline two, <b>", 7 * MS));
    recorder.close();

    List<String> lines = Files.readAllLines(file);
    assertEquals(3, lines.size(), "header and one line per request, even with a newline in a message");
    assertEquals(RequestsCsv.HEADER, lines.get(0));
    assertTrue(lines.get(1).startsWith(T0 + 5 + ",0,chat,OK,,123.457,61.728,123.457,"), lines.get(1));

    RequestsCsv.Reader reader = new RequestsCsv.Reader(lines.get(0));
    RequestRow ok = reader.parse(lines.get(1));
    assertEquals(123_457, ok.ttftMicros());
    assertEquals(184_691, ok.e2elMicros(), "123.456789 + 61.234567 ms, rounded once");
    assertEquals(Micros.of((61_234_567) / 8), ok.tpotMicros());
    assertEquals(15_309, ok.itlMeanMicros(), "(10 + 30 + 20 + 1.234567) / 4 ms");
    assertEquals(10_000, ok.itlP50Micros(), "nearest rank 2 of 1.23, 10, 20, 30");
    assertEquals(30_000, ok.itlMaxMicros());
    assertEquals(5, ok.tokenEvents());
    assertEquals(42, ok.inputTokens());
    assertEquals(9, ok.outputTokens());
    assertEquals(9, ok.serverOutputTokens());
    assertEquals(8, ok.clientOutputTokens());
    assertEquals(TokenCountSource.SERVER_USAGE, ok.outputTokenSource());
    assertTrue(ok.good());
    assertTrue(ok.inWindow());
    assertArrayEquals(new long[] {0, 9}, ok.windowTokens());
    assertEquals("req-123456789", ok.requestId());
    assertTrue(lines.get(1).endsWith(",0:9,req-123456789,-1,-1,,-1,-1,-1"),
        "the server's id, then no Retry-After, no server decode time: " + lines.get(1));

    RequestRow failed = reader.parse(lines.get(2));
    assertEquals("bad, \"quoted\"", failed.requestName());
    assertEquals("'=HYPERLINK(\"x\") line two, <b>", failed.error());
    assertEquals(502, failed.httpStatus());
    assertEquals(-1, failed.ttftMicros());
    assertEquals(7_000, failed.durationMicros());
    assertEquals(false, failed.ok());
    assertEquals(false, failed.good());
    assertEquals(null, failed.requestId());
    assertTrue(lines.get(2).endsWith(",,-1,-1,,-1,-1,-1"), "no id from the server, an empty field: " + lines.get(2));
  }

  @Test
  void requestIdIsSanitisedLikeOtherFreeText() {
    assertEquals("request_id", RequestsCsv.COLUMNS.get(RequestsCsv.COLUMNS.size() - 7));
    String row = RequestsCsv.row(withRequestId("=1+2,\"x\"\r\nnext"));
    assertTrue(row.endsWith(",\"'=1+2,\"\"x\"\"  next\",3,15.500,,-1,-1,-1"), row);
    RequestRow back = new RequestsCsv.Reader(RequestsCsv.HEADER).parse(row);
    assertEquals("'=1+2,\"x\"  next", back.requestId());
  }

  @Test
  void aHugeRequestIdInAFileIsReadBoundedWithoutCuttingACharacterInTwo() {
    String emoji = "\uD83D\uDE00"; // one character, two chars in Java
    String huge = "a".repeat(127) + emoji + "b".repeat(10_000);
    RequestRow back = new RequestsCsv.Reader(RequestsCsv.HEADER).parse(RequestsCsv.row(withRequestId(huge)));
    assertEquals("a".repeat(127), back.requestId(), "cut before the surrogate pair, not inside it");
    assertEquals("x".repeat(RequestIds.MAX_CHARS), RequestIds.bounded("x".repeat(500)));
    assertEquals("a".repeat(126) + emoji, RequestIds.bounded("a".repeat(126) + emoji + "c"));
  }

  @Test
  void aFileWrittenBeforeTheRequestIdColumnStillParses() {
    RequestRow record = withRequestId("gone");
    String header = String.join(",", RequestsCsv.COLUMNS.subList(0, RequestsCsv.COLUMNS.size() - 7));
    String row = RequestsCsv.row(record);
    String oldRow = row;
    for (int i = 0; i < 7; i++) {
      oldRow = oldRow.substring(0, oldRow.lastIndexOf(','));
    }
    RequestRow back = new RequestsCsv.Reader(header).parse(oldRow);
    assertEquals(null, back.requestId());
    assertEquals(-1, back.retryAfterSeconds());
    assertEquals(-1, back.serverDecodeMicros());
    assertEquals(55_555, back.e2elMicros());
    assertArrayEquals(new long[] {2, 5, 3, 6}, back.windowTokens());
    // Any other column is still required.
    String noWindowTokens = String.join(",", RequestsCsv.COLUMNS.subList(0, RequestsCsv.COLUMNS.size() - 8));
    assertThrows(IllegalArgumentException.class, () -> new RequestsCsv.Reader(noWindowTokens));
  }

  private static RequestRow withRequestId(String requestId) {
    return new RequestRow(T0, 2, false, "n", true, 200, null, 1, 22, 333, 4_444, 55_555, 6, 7, 8, 9, 10,
        TokenCountSource.TOKENIZER, 11, TokenCountSource.EVENT_COUNT, -1, 12, 0, 13, 14, true, new long[] {2, 5, 3, 6},
        requestId, 3, 15_500, null, -1);
  }

  @Test
  void rowFormatRoundTrips() {
    RequestRow record = withRequestId("chatcmpl-1");
    RequestRow back = new RequestsCsv.Reader(RequestsCsv.HEADER).parse(RequestsCsv.row(record));
    assertEquals(RequestsCsv.row(record), RequestsCsv.row(back));
    assertEquals("0.001", Micros.formatMillis(1));
    assertEquals("55.555", Micros.formatMillis(55_555));
    assertEquals("-1", Micros.formatMillis(-1));
    assertArrayEquals(new long[] {2, 5, 3, 6}, back.windowTokens());
    assertEquals("chatcmpl-1", back.requestId());
    assertEquals(3, back.retryAfterSeconds());
    assertEquals(15_500, back.serverDecodeMicros());
  }

  @Test
  void theLaterColumnsComeLastAndAFileWithoutThemStillParses() {
    assertEquals(List.of(RequestsCsv.REQUEST_ID, RequestsCsv.RETRY_AFTER, RequestsCsv.SERVER_DECODE,
            RequestsCsv.FINISH_REASON, RequestsCsv.MAX_TOKENS, RequestsCsv.SERVER_REASONING, RequestsCsv.SERVER_PREFILL),
        RequestsCsv.COLUMNS.subList(RequestsCsv.COLUMNS.size() - 7, RequestsCsv.COLUMNS.size()));
    String row = RequestsCsv.row(new RequestsCsv.Reader(RequestsCsv.HEADER).parse(
        RequestsCsv.row(withRequestId("r-1")).replace(",3,15.500,,-1,-1,-1", ",3,15.500,stop,64,48,12.345")));
    assertTrue(row.endsWith(",r-1,3,15.500,stop,64,48,12.345"), row);
    assertEquals(12_345, new RequestsCsv.Reader(RequestsCsv.HEADER).parse(row).serverPrefillMicros());
    String withoutPrefill = row.substring(0, row.lastIndexOf(','));
    String header = String.join(",", RequestsCsv.COLUMNS.subList(0, RequestsCsv.COLUMNS.size() - 1));
    RequestRow back = new RequestsCsv.Reader(header).parse(withoutPrefill);
    assertEquals(-1, back.serverPrefillMicros());
    assertEquals(48, back.serverReasoningTokens());
    String withoutReasoning = withoutPrefill.substring(0, withoutPrefill.lastIndexOf(','));
    header = String.join(",", RequestsCsv.COLUMNS.subList(0, RequestsCsv.COLUMNS.size() - 2));
    back = new RequestsCsv.Reader(header).parse(withoutReasoning);
    assertEquals(-1, back.serverReasoningTokens());
    assertEquals(64, back.maxTokens());
    String withoutLimits = withoutReasoning.substring(0, withoutReasoning.lastIndexOf(",stop,64"));
    header = String.join(",", RequestsCsv.COLUMNS.subList(0, RequestsCsv.COLUMNS.size() - 4));
    back = new RequestsCsv.Reader(header).parse(withoutLimits);
    assertEquals(null, back.finishReason());
    assertEquals(-1, back.maxTokens());
    assertEquals(15_500, back.serverDecodeMicros());
    String withoutDecode = withoutLimits.substring(0, withoutLimits.lastIndexOf(','));
    header = String.join(",", RequestsCsv.COLUMNS.subList(0, RequestsCsv.COLUMNS.size() - 5));
    back = new RequestsCsv.Reader(header).parse(withoutDecode);
    assertEquals(3, back.retryAfterSeconds());
    assertEquals(-1, back.serverDecodeMicros());
    header = String.join(",", RequestsCsv.COLUMNS.subList(0, RequestsCsv.COLUMNS.size() - 6));
    back = new RequestsCsv.Reader(header).parse(withoutDecode.substring(0, withoutDecode.lastIndexOf(',')));
    assertEquals("r-1", back.requestId());
    assertEquals(-1, back.retryAfterSeconds());
  }

}
