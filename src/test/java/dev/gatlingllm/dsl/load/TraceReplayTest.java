package dev.gatlingllm.dsl.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.dsl.prompts.PromptRecords;
import dev.gatlingllm.tokenize.JTokkitTokenizer;
import dev.gatlingllm.values.Tokenizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceReplayTest {
  private static final Tokenizer TOKENIZER = JTokkitTokenizer.of("cl100k_base");

  @TempDir Path dir;

  @Test
  void requestsAreReplayedInTimeOrderAtTheirOffsetsScaledByTheSpeed() throws IOException {
    TraceReplay replay =
        TraceReplay.read(
            trace(
                "{\"timestamp\": 3000, \"input_length\": 40, \"output_length\": 5}",
                "{\"timestamp\": 1000, \"input_length\": 30, \"output_length\": 7}",
                "{\"timestamp\": 2000, \"input_length\": 20, \"output_length\": 9}"),
            0,
            2.0);
    assertEquals(
        List.of(1000L, 2000L, 3000L),
        replay.entries().stream().map(TraceReplay.Entry::timestampMillis).toList());
    List<Map<String, Object>> records = replay.records(TOKENIZER, 512, 1);
    assertEquals(
        List.of(0L, 500_000_000L, 1_000_000_000L),
        records.stream().map(r -> (Long) r.get(TraceReplay.OFFSET_NANOS)).toList(),
        "half the recorded gaps");
    assertEquals(1.0, replay.span().toNanos() / 1e9, 1e-9);
    assertEquals(2.0, replay.meanRate(), 1e-9, "2 gaps in 1 s");
    for (int i = 0; i < 3; i++) {
      Map<String, Object> record = records.get(i);
      int input = replay.entries().get(i).inputTokens();
      assertEquals(
          input, TOKENIZER.count((String) record.get(PromptRecords.PROMPT)), "exact prompt " + i);
      assertEquals(replay.entries().get(i).outputTokens(), record.get(PromptRecords.MAX_TOKENS));
    }
    assertEquals(
        2,
        TraceReplay.read(
                trace(
                    "{\"timestamp\": 5, \"input_length\": 9, \"output_length\": 1}",
                    "{\"timestamp\": 1, \"input_length\": 9, \"output_length\": 1}",
                    "{\"timestamp\": 3, \"input_length\": 9, \"output_length\": 1}"),
                2,
                1)
            .entries()
            .size());
  }

  @Test
  void requestsNamingTheSameHashIdsShareTheirBlocksAsAPrefix() throws IOException {
    TraceReplay replay =
        TraceReplay.read(
            trace(
                "{\"timestamp\": 0, \"input_length\": 150, \"output_length\": 4, \"hash_ids\": [7, 8]}",
                "{\"timestamp\": 1, \"input_length\": 120, \"output_length\": 4, \"hash_ids\": [7, 9]}",
                "{\"timestamp\": 2, \"input_length\": 150, \"output_length\": 4, \"hash_ids\": [5]}",
                "{\"timestamp\": 3, \"input_length\": 40, \"output_length\": 4, \"hash_ids\": [7]}"),
            0,
            1);
    List<Map<String, Object>> records = replay.records(TOKENIZER, 50, 3);
    List<int[]> ids =
        records.stream().map(r -> TOKENIZER.encode((String) r.get(PromptRecords.PROMPT))).toList();
    assertEquals(
        List.of(150, 120, 150, 40), ids.stream().map(a -> a.length).toList(), "every prompt exact");
    assertTrue(
        Arrays.equals(Arrays.copyOf(ids.get(0), 49), Arrays.copyOf(ids.get(1), 49)),
        "block 7 is the same text in both");
    assertFalse(
        Arrays.equals(
            Arrays.copyOfRange(ids.get(0), 52, 100), Arrays.copyOfRange(ids.get(1), 52, 100)),
        "blocks 8 and 9 differ");
    assertFalse(
        Arrays.equals(Arrays.copyOf(ids.get(0), 49), Arrays.copyOf(ids.get(2), 49)),
        "block 5 is its own");
    assertFalse(
        Arrays.equals(Arrays.copyOf(ids.get(0), 39), Arrays.copyOf(ids.get(3), 39)),
        "a prompt shorter than the block keeps none of it");
  }

  @Test
  void badLinesNameTheirPlace() throws IOException {
    String file =
        trace(
            "{\"timestamp\": 0, \"input_length\": 5, \"output_length\": 1}", "{\"timestamp\": 1}");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TraceReplay.read(file, 0, 1));
    assertEquals(
        file + " line 2: needs 'input_length', a whole number from 1 to 2000000", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> TraceReplay.read(file, 0, 0));
    // The real bound, stated, and checked before any prompt is sized: 2e9 tokens would exhaust the
    // heap; 2.7 is not a whole number.
    for (String length : List.of("2000000000", "1e12", "2.7")) {
      String huge =
          trace("{\"timestamp\": 0, \"input_length\": " + length + ", \"output_length\": 1}");
      String message =
          assertThrows(IllegalArgumentException.class, () -> TraceReplay.read(huge, 0, 1))
              .getMessage();
      assertTrue(
          message.startsWith(
              huge + " line 1: needs 'input_length', a whole number from 1 to 2000000, was "),
          message);
    }
  }

  @Test
  void aTraceSpanningDecadesIsRefusedBeforeTheRunWaitsForIt() throws IOException {
    // Mooncake's timestamps are milliseconds: the second request 95 years (3e12 ms) after the first
    String file =
        trace(
            "{\"timestamp\": 0, \"input_length\": 5, \"output_length\": 1}",
            "{\"timestamp\": 3000000000000, \"input_length\": 5, \"output_length\": 1}");
    assertEquals(
        file
            + ": its 2 requests would be replayed over 3000000000 s (34722.2 days), more than the"
            + " longest replay, a week (604800 s): are its timestamps in its format's unit?"
            + " llm.trace.fromSeconds and llm.trace.toSeconds cut a part of it, llm.trace.speed"
            + " replays it faster",
        assertThrows(dev.gatlingllm.logging.UserError.class, () -> TraceReplay.read(file, 0, 1))
            .getMessage());
    // a week exactly is replayed; at 2x, two weeks are
    String week =
        trace(
            "{\"timestamp\": 0, \"input_length\": 5, \"output_length\": 1}",
            "{\"timestamp\": 1209600000, \"input_length\": 5, \"output_length\": 1}");
    assertEquals(2, TraceReplay.read(week, 0, 2).entries().size());
  }

  @Test
  void aLineBeyondTheBoundIsOneLineNamingTheTrace() throws IOException {
    String file =
        trace("{\"timestamp\": 0, \"input_length\": 5, \"pad\": \"" + "x".repeat(1 << 23) + "\"}");
    assertEquals(
        file
            + " line 1: longer than 8388608 characters, the bound of one line (is this file one"
            + " record a line?)",
        assertThrows(dev.gatlingllm.logging.UserError.class, () -> TraceReplay.read(file, 0, 1))
            .getMessage());
  }

  private String trace(String... lines) throws IOException {
    Path path = Files.createTempFile(dir, "trace", ".jsonl");
    Files.write(path, List.of(lines));
    return path.toString();
  }
}
