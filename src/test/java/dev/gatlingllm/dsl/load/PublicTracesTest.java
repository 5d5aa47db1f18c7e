package dev.gatlingllm.dsl.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.tokenize.JTokkitTokenizer;
import dev.gatlingllm.values.Tokenizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BurstGPT's and Azure's CSV traces: their layouts, rows, timestamps, window, speed and limit. */
class PublicTracesTest {
  private static final Tokenizer TOKENIZER = JTokkitTokenizer.of("cl100k_base");

  @TempDir Path dir;

  @Test
  void theBurstGptSampleIsReadWithItsLengthsAndItsFailedRowsSkipped() {
    TraceReplay replay = TraceReplay.read("burstgpt-sample.csv", TraceReplay.Options.defaults());
    assertEquals("burstgpt", replay.format());
    assertEquals(145, replay.entries().size(), "150 rows, 5 with 'Response tokens' 0");
    assertEquals(5, replay.skippedZeroOutput());
    // Hand-picked rows: the file's 1st, 4th and 11th (timestamps 0, 1 and 8 s).
    assertEntry(replay.entries().get(0), 0, 196, 243);
    assertEntry(replay.entries().get(3), 1_000_000_000L, 970, 35);
    assertEntry(replay.entries().get(10), 8_000_000_000L, 574, 153);
    // Row 14 of the file (10 s, 2095 tokens, 0 out) is gone: the next kept one is its neighbour.
    assertEquals(125_000_000_000L, replay.span().toNanos(), "the last kept row is at 125 s");
  }

  @Test
  void failedBurstGptRowsAreKeptAskingForOneTokenWhenAsked() {
    TraceReplay replay =
        TraceReplay.read(
            "burstgpt-sample.csv", TraceReplay.Options.defaults().keepZeroOutput(true));
    assertEquals(150, replay.entries().size());
    assertEquals(0, replay.skippedZeroOutput());
    assertEntry(replay.entries().get(13), 10_000_000_000L, 2095, 1);
    assertEquals(126_000_000_000L, replay.span().toNanos());
  }

  @Test
  void theAzureSampleIsReadWithItsLengthsAndItsSubMillisecondStamps() {
    TraceReplay replay = TraceReplay.read("azure-sample.csv", TraceReplay.Options.defaults());
    assertEquals("azure", replay.format());
    assertEquals(150, replay.entries().size());
    long first = utcNanos(2023, 11, 16, 18, 15, 46, 832_923_200);
    assertEntry(replay.entries().get(0), first, 703, 31);
    assertEntry(replay.entries().get(1), first + 38_976_300L, 59, 152);
    assertEntry(replay.entries().get(98), utcNanos(2023, 11, 16, 18, 16, 11, 841_821_600), 78, 30);
  }

  @Test
  void azureStampsOfBothLayoutsAreReadToTheHundredNanoseconds() {
    assertEquals(
        utcNanos(2023, 11, 16, 18, 15, 46, 680_590_000),
        AzureTraceFormat.epochNanos("2023-11-16 18:15:46.6805900"));
    assertEquals(
        utcNanos(2024, 5, 10, 0, 0, 0, 6_000_000),
        AzureTraceFormat.epochNanos("2024-05-10 00:00:00.0060000"));
    assertEquals(
        utcNanos(2024, 5, 10, 0, 0, 0, 6_000_000),
        AzureTraceFormat.epochNanos("2024-05-10 00:00:00.0060000+00:00"),
        "an explicit offset");
    assertEquals(
        utcNanos(2024, 5, 10, 0, 0, 0, 6_000_000),
        AzureTraceFormat.epochNanos("2024-05-10 02:00:00.006+02:00"));
    assertEquals(
        utcNanos(2024, 5, 10, 0, 0, 1, 0), AzureTraceFormat.epochNanos("2024-05-10 00:00:01"));
    assertEquals(
        "'TIMESTAMP' must be a date and time such as 2023-11-16 18:15:46.6805900, was '12:00'",
        assertThrows(IllegalArgumentException.class, () -> AzureTraceFormat.epochNanos("12:00"))
            .getMessage());
  }

  @Test
  void the2024LayoutIsReplayedWithItsGaps() throws IOException {
    TraceReplay replay =
        TraceReplay.read(
            trace(
                "TIMESTAMP,ContextTokens,GeneratedTokens",
                "2024-05-10 00:00:00.0060000,4808,10",
                "2024-05-10 00:00:00.0090000,3180,8",
                "2024-05-10 00:00:01.0060000,110,27"),
            TraceReplay.Options.defaults().speed(2));
    assertEquals(
        List.of(0L, 1_500_000L, 500_000_000L),
        replay.records(TOKENIZER, 512, 1).stream()
            .map(r -> (Long) r.get(TraceReplay.OFFSET_NANOS))
            .toList(),
        "the recorded gaps halved");
  }

  @Test
  void speedLimitAndWindowApplyToTheCsvLayouts() {
    TraceReplay all = TraceReplay.read("burstgpt-sample.csv", TraceReplay.Options.defaults());
    TraceReplay part =
        TraceReplay.read(
            "burstgpt-sample.csv", TraceReplay.Options.defaults().speed(4).limit(10).window(1, 8));
    // From 1 s (included) to 8 s (excluded): the file's rows 4 to 10, 7 of them, under the limit.
    assertEquals(all.entries().subList(3, 10), part.entries());
    List<Map<String, Object>> records = part.records(TOKENIZER, 512, 1);
    assertEquals(0L, records.get(0).get(TraceReplay.OFFSET_NANOS), "the window's first is at 0");
    assertEquals(
        500_000_000L, records.get(6).get(TraceReplay.OFFSET_NANOS), "3 - 1 s recorded, at 4x");
    assertEquals(
        3,
        TraceReplay.read("burstgpt-sample.csv", TraceReplay.Options.defaults().limit(3))
            .entries()
            .size());
    for (int i = 0; i < records.size(); i++) {
      assertEquals(
          part.entries().get(i).inputTokens(),
          TOKENIZER.count((String) records.get(i).get("prompt")),
          "exact prompt " + i);
    }
  }

  @Test
  void anUnknownHeaderIsOneLineNamingTheLayoutsAndTheProperty() throws IOException {
    String file = trace("time,prompt_len,output_len", "0,10,10");
    UserError error =
        assertThrows(UserError.class, () -> TraceReplay.read(file, TraceReplay.Options.defaults()));
    assertEquals(
        file
            + " line 1: unknown trace header 'time,prompt_len,output_len': expected Mooncake JSONL"
            + " ({\"timestamp\": ms, \"input_length\": n, \"output_length\": m}), or BurstGPT CSV"
            + " (Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type), or Azure"
            + " CSV (TIMESTAMP,ContextTokens,GeneratedTokens); or name the format with"
            + " llm.trace.format=mooncake|burstgpt|azure",
        error.getMessage());
    assertEquals(
        "burstgpt-sample.csv line 1: the header has no column 'ContextTokens'",
        assertThrows(
                UserError.class,
                () ->
                    TraceReplay.read(
                        "burstgpt-sample.csv", TraceReplay.Options.defaults().format("azure")))
            .getMessage());
    assertEquals(
        "unknown trace format 'sharegpt': expected one of mooncake|burstgpt|azure",
        assertThrows(
                IllegalArgumentException.class,
                () -> TraceReplay.Options.defaults().format("sharegpt"))
            .getMessage());
  }

  @Test
  void badRowsNameTheirLineAndColumn() throws IOException {
    String file =
        trace(
            "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type",
            "0,ChatGPT,10,5,15,API log",
            "1,ChatGPT,ten,5,15,API log");
    assertEquals(
        file + " line 3: 'Request tokens' must be a whole number from 0 to 2000000, was 'ten'",
        assertThrows(UserError.class, () -> TraceReplay.read(file, TraceReplay.Options.defaults()))
            .getMessage());
  }

  private static void assertEntry(
      TraceReplay.Entry entry, long timestampNanos, int input, int output) {
    assertEquals(timestampNanos, entry.timestampNanos(), "timestamp");
    assertEquals(input, entry.inputTokens(), "input tokens");
    assertEquals(output, entry.outputTokens(), "output tokens");
  }

  private static long utcNanos(int y, int mo, int d, int h, int mi, int s, int nanos) {
    return LocalDateTime.of(y, mo, d, h, mi, s, nanos).toEpochSecond(ZoneOffset.UTC)
            * 1_000_000_000L
        + nanos;
  }

  private String trace(String... lines) throws IOException {
    Path path = Files.createTempFile(dir, "trace", ".csv");
    Files.write(path, List.of(lines));
    return path.toString();
  }
}
