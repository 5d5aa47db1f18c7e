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
import dev.gatlingllm.metrics.request.RowBuilder;
import dev.gatlingllm.metrics.request.SchemaVerdict;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.metrics.stats.Micros;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestsCsvTest {
  static final long T0 = 1_700_000_000_000L;

  /** The first column added after the format was first published. */
  private static final int FIRST_LATER = RequestsCsv.COLUMNS.indexOf("request_id");

  @Test
  void rowsAreWrittenInTheBackgroundAndReadBackExactly(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("llm/requests.csv");
    RunRecorder recorder =
        new RunRecorder(
            RunConfig.startingAt(T0).withSlos(new Slos(150.0, null, null)),
            new RequestsCsvWriter(file));
    long[] gaps = {10 * MS, 30 * MS, 20 * MS, 1_234_567};
    recorder.record("chat", T0 + 5, SyntheticResults.okWithGaps(123_456_789, gaps, 9, 42, 8));
    recorder.record(
        "bad, \"quoted\"",
        T0 + 6,
        SyntheticResults.failed(502, "=HYPERLINK(\"x\")\nline two, <b>", 7 * MS));
    recorder.close();

    List<String> lines = Files.readAllLines(file);
    assertEquals(
        3, lines.size(), "header and one line per request, even with a newline in a message");
    assertEquals(RequestsCsv.HEADER, lines.get(0));
    assertTrue(
        lines.get(1).startsWith(T0 + 5 + ",0,chat,OK,,123.457,61.728,123.457,"), lines.get(1));

    RequestsCsv.Reader reader = new RequestsCsv.Reader(lines.get(0));
    RequestRow ok = reader.parse(lines.get(1));
    assertEquals(123_457, ok.latency().ttftMicros());
    assertEquals(184_691, ok.latency().e2elMicros(), "123.456789 + 61.234567 ms, rounded once");
    assertEquals(Micros.of((61_234_567) / 8), ok.latency().tpotMicros());
    assertEquals(15_309, ok.latency().itlMeanMicros(), "(10 + 30 + 20 + 1.234567) / 4 ms");
    assertEquals(10_000, ok.latency().itlP50Micros(), "nearest rank 2 of 1.23, 10, 20, 30");
    assertEquals(30_000, ok.latency().itlMaxMicros());
    assertEquals(5, ok.tokens().tokenEvents());
    assertEquals(42, ok.tokens().inputTokens());
    assertEquals(9, ok.tokens().outputTokens());
    assertEquals(9, ok.tokens().serverOutputTokens());
    assertEquals(8, ok.tokens().clientOutputTokens());
    assertEquals(TokenCountSource.SERVER_USAGE, ok.tokens().outputTokenSource());
    assertTrue(ok.status().good());
    assertTrue(ok.placement().inWindow());
    assertArrayEquals(new long[] {0, 9}, ok.placement().windowTokens());
    assertEquals("req-123456789", ok.status().requestId());
    assertTrue(
        lines.get(1).contains(",0:9,req-123456789,-1,-1,,-1,-1,-1"),
        "the server's id, then no Retry-After, no server decode time: " + lines.get(1));

    RequestRow failed = reader.parse(lines.get(2));
    assertEquals("bad, \"quoted\"", failed.placement().requestName());
    assertEquals("'=HYPERLINK(\"x\") line two, <b>", failed.status().error());
    assertEquals(502, failed.status().httpStatus());
    assertEquals(-1, failed.latency().ttftMicros());
    assertEquals(7_000, failed.latency().durationMicros());
    assertEquals(false, failed.status().ok());
    assertEquals(false, failed.status().good());
    assertEquals(null, failed.status().requestId());
    assertTrue(
        lines.get(2).contains(",,-1,-1,,-1,-1,-1"),
        "no id from the server, an empty field: " + lines.get(2));
  }

  @Test
  void requestIdIsSanitisedLikeOtherFreeText() {
    assertEquals("window_tokens", RequestsCsv.COLUMNS.get(FIRST_LATER - 1));
    String row = RequestsCsv.row(withRequestId("=1+2,\"x\"\r\nnext"));
    assertTrue(row.contains(";3:6,\"'=1+2,\"\"x\"\"  next\",3,15.500,,-1,-1,-1"), row);
    RequestRow back = new RequestsCsv.Reader(RequestsCsv.HEADER).parse(row);
    assertEquals("'=1+2,\"x\"  next", back.status().requestId());
  }

  @Test
  void aHugeRequestIdInAFileIsReadBoundedWithoutCuttingACharacterInTwo() {
    String emoji = "\uD83D\uDE00"; // one character, two chars in Java
    String huge = "a".repeat(127) + emoji + "b".repeat(10_000);
    RequestRow back =
        new RequestsCsv.Reader(RequestsCsv.HEADER).parse(RequestsCsv.row(withRequestId(huge)));
    assertEquals(
        "a".repeat(127), back.status().requestId(), "cut before the surrogate pair, not inside it");
    assertEquals("x".repeat(RequestIds.MAX_CHARS), RequestIds.bounded("x".repeat(500)));
    assertEquals("a".repeat(126) + emoji, RequestIds.bounded("a".repeat(126) + emoji + "c"));
  }

  @Test
  void aFileWrittenBeforeTheRequestIdColumnStillParses() {
    RequestRow back = readAsIfEndingAt("window_tokens", RequestsCsv.row(withRequestId("gone")));
    assertEquals(null, back.status().requestId());
    assertEquals(-1, back.status().retryAfterSeconds());
    assertEquals(-1, back.server().decodeMicros());
    assertEquals(55_555, back.latency().e2elMicros());
    assertArrayEquals(new long[] {2, 5, 3, 6}, back.placement().windowTokens());
    // Any other column is still required.
    String noWindowTokens = String.join(",", RequestsCsv.COLUMNS.subList(0, FIRST_LATER - 1));
    assertThrows(IllegalArgumentException.class, () -> new RequestsCsv.Reader(noWindowTokens));
  }

  /**
   * A row as a file written before the columns after {@code lastColumn} existed has it: that header
   * and the row's fields up to there (fields without a quoted comma).
   */
  private static RequestRow readAsIfEndingAt(String lastColumn, String row) {
    int columns = RequestsCsv.COLUMNS.indexOf(lastColumn) + 1;
    String header = String.join(",", RequestsCsv.COLUMNS.subList(0, columns));
    String[] fields = row.split(",", -1);
    return new RequestsCsv.Reader(header).parse(String.join(",", Arrays.copyOf(fields, columns)));
  }

  private static RequestRow withRequestId(String requestId) {
    return numberedWithId(requestId).build();
  }

  private static RowBuilder numberedWithId(String requestId) {
    return TestRows.numbered("n")
        .startEpochMillis(T0)
        .level(2)
        .inWindow(false)
        .ttfbMicros(22)
        .ttfoMicros(333)
        .tpotMicros(4_444)
        .e2elMicros(55_555)
        .windowTokens(new long[] {2, 5, 3, 6})
        .requestId(requestId)
        .retryAfterSeconds(3)
        .serverDecodeMicros(15_500);
  }

  @Test
  void rowFormatRoundTrips() {
    RequestRow record = withRequestId("chatcmpl-1");
    RequestRow back = new RequestsCsv.Reader(RequestsCsv.HEADER).parse(RequestsCsv.row(record));
    assertEquals(RequestsCsv.row(record), RequestsCsv.row(back));
    assertEquals("0.001", Micros.formatMillis(1));
    assertEquals("55.555", Micros.formatMillis(55_555));
    assertEquals("-1", Micros.formatMillis(-1));
    assertArrayEquals(new long[] {2, 5, 3, 6}, back.placement().windowTokens());
    assertEquals("chatcmpl-1", back.status().requestId());
    assertEquals(3, back.status().retryAfterSeconds());
    assertEquals(15_500, back.server().decodeMicros());
  }

  @Test
  void theHeaderIsPublishedAndStaysAsItIs() {
    // Users' scripts read requests.csv by name and by position: a change here breaks them.
    assertEquals(
        "start_epoch_ms,level,request_name,status,error,ttft_ms,ttfb_ms,ttfo_ms,tpot_ms,e2el_ms,"
            + "itl_mean_ms,itl_p50_ms,itl_max_ms,token_events,input_tokens,output_tokens,output_token_source,"
            + "send_lateness_ms,good,in_window,http_status,input_token_source,server_output_tokens,"
            + "client_output_tokens,ttft_from_scheduled_ms,duration_ms,window_tokens,request_id,retry_after_s,"
            + "server_decode_ms,finish_reason,max_tokens,server_reasoning_tokens,server_prefill_ms,"
            + "answer_events,repeat,schema_valid,images,image_bytes,inputs,session_id,turn,"
            + "audio_clips,audio_bytes,audio_ms",
        RequestsCsv.HEADER);
  }

  @Test
  void aRowWithEveryFigureSetIsReadBackEqual() {
    RequestRow record =
        RowBuilder.row()
            .startEpochMillis(T0 + 1)
            .level(3)
            .inWindow(true)
            .requestName("chat, \"long\"")
            .windowTokens(new long[] {3, 40, 4, 2})
            .ok(false)
            .httpStatus(503)
            .error("HTTP 503: busy")
            .good(false)
            .requestId("chatcmpl-7")
            .retryAfterSeconds(2)
            .ttftMicros(1_001)
            .ttfbMicros(502)
            .ttfoMicros(1_503)
            .tpotMicros(20_004)
            .e2elMicros(900_005)
            .itlMeanMicros(19_006)
            .itlP50Micros(18_007)
            .itlMaxMicros(40_008)
            .sendLatenessMicros(309)
            .ttftFromScheduledMicros(1_310)
            .durationMicros(901_011)
            .tokenEvents(41)
            .inputTokens(812)
            .inputTokenSource(TokenCountSource.TOKENIZER)
            .outputTokens(45)
            .outputTokenSource(TokenCountSource.SERVER_USAGE)
            .serverOutputTokens(45)
            .clientOutputTokens(44)
            .maxTokens(64)
            .finishReason("stop")
            .serverDecodeMicros(850_012)
            .serverPrefillMicros(12_013)
            .serverReasoningTokens(13)
            .answerEvents(39)
            .schema(SchemaVerdict.INVALID)
            .images(2)
            .imageBytes(688_128)
            .inputs(8)
            .sessionTurn("s1#2", 3)
            .audioClips(2)
            .audioBytes(64_088)
            .audioMillis(2_000)
            .build();
    String line = RequestsCsv.row(record);
    assertEquals(
        T0
            + 1
            + ",3,\"chat, \"\"long\"\"\",KO,HTTP 503: busy,1.001,0.502,1.503,20.004,900.005,19.006,18.007,"
            + "40.008,41,812,45,SERVER_USAGE,0.309,false,true,503,TOKENIZER,45,44,1.310,901.011,3:40;4:2,chatcmpl-7,2,"
            + "850.012,stop,64,13,12.013,39,0,false,2,688128,8,s1#2,3,2,64088,2000",
        line);
    RequestRow back = new RequestsCsv.Reader(RequestsCsv.HEADER).parse(line);
    assertEquals(record.status(), back.status());
    assertEquals(record.latency(), back.latency());
    assertEquals(record.tokens(), back.tokens());
    assertEquals(record.server(), back.server());
    assertEquals(record.placement().startEpochMillis(), back.placement().startEpochMillis());
    assertEquals(record.placement().level(), back.placement().level());
    assertEquals(record.placement().inWindow(), back.placement().inWindow());
    assertEquals(record.placement().requestName(), back.placement().requestName());
    assertArrayEquals(record.placement().windowTokens(), back.placement().windowTokens());
    assertEquals(record.placement().sessionTurn(), back.placement().sessionTurn());
  }

  @Test
  void theLaterColumnsComeLastAndAFileWithoutThemStillParses() {
    List<String> later =
        Arrays.stream(RequestColumn.values())
            .filter(RequestColumn::optional)
            .map(RequestColumn::header)
            .toList();
    assertEquals(
        RequestsCsv.COLUMNS.subList(FIRST_LATER, RequestsCsv.COLUMNS.size()),
        later,
        "the optional columns come last, from request_id on");
    String row =
        RequestsCsv.row(
            numberedWithId("r-1")
                .finishReason("stop")
                .maxTokens(64)
                .serverReasoningTokens(48)
                .serverPrefillMicros(12_345)
                .answerEvents(7)
                .build());
    assertTrue(row.contains(",r-1,3,15.500,stop,64,48,12.345"), row);
    assertEquals(7, new RequestsCsv.Reader(RequestsCsv.HEADER).parse(row).tokens().answerEvents());
    RequestRow back = readAsIfEndingAt("server_prefill_ms", row);
    assertEquals(-1, back.tokens().answerEvents(), "unknown in a file without the column");
    assertEquals(12_345, back.server().prefillMicros());
    back = readAsIfEndingAt("server_reasoning_tokens", row);
    assertEquals(-1, back.server().prefillMicros());
    assertEquals(48, back.server().reasoningTokens());
    back = readAsIfEndingAt("max_tokens", row);
    assertEquals(-1, back.server().reasoningTokens());
    assertEquals(64, back.tokens().maxTokens());
    back = readAsIfEndingAt("server_decode_ms", row);
    assertEquals(null, back.tokens().finishReason());
    assertEquals(-1, back.tokens().maxTokens());
    assertEquals(15_500, back.server().decodeMicros());
    back = readAsIfEndingAt("retry_after_s", row);
    assertEquals(3, back.status().retryAfterSeconds());
    assertEquals(-1, back.server().decodeMicros());
    back = readAsIfEndingAt("request_id", row);
    assertEquals("r-1", back.status().requestId());
    assertEquals(-1, back.status().retryAfterSeconds());
  }
}
