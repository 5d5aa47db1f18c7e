package dev.gatlingllm.dsl.prompts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.tokenize.JTokkitTokenizer;
import dev.gatlingllm.values.ChatMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetsTest {
  /** ShareGPT as published: one JSON array, a byte order mark, a record without a human turn. */
  private static final String SHARE_GPT =
      "\uFEFF\n ["
          + "{\"id\": \"a\", \"conversations\": [{\"from\": \"human\", \"value\": \"Say hi\"},"
          + " {\"from\": \"gpt\", \"value\": \"hello world\"}, {\"from\": \"human\", \"value\": \"again\"}]},"
          + "{\"id\": \"b\", \"conversations\": []},"
          + "{\"id\": \"c\", \"conversations\": [{\"from\": \"system\", \"value\": \"Be brief.\"},"
          + " {\"from\": \"human\", \"value\": \"Name a colour\"}, {\"from\": \"gpt\", \"value\": \"Blue\"}]}"
          + "]";

  @TempDir Path dir;

  @Test
  void shareGptJsonGivesTheFirstHumanTurnAndTheRecordedAnswersLengthAsTheLimit()
      throws IOException {
    Datasets.Read read =
        Datasets.read(
            file("sharegpt.json", SHARE_GPT),
            new DatasetOptions(null, null, true, 0),
            JTokkitTokenizer.of("cl100k_base"));
    assertEquals(1, read.skipped(), "the conversation without a human turn");
    assertEquals(2, read.records().size());
    Map<String, Object> first = read.records().get(0);
    assertEquals(List.of(ChatMessage.user("Say hi")), first.get(PromptRecords.MESSAGES));
    assertEquals("Say hi", first.get(PromptRecords.PROMPT));
    assertEquals(2, first.get(PromptRecords.MAX_TOKENS), "'hello world' is 2 cl100k_base tokens");
    Map<String, Object> second = read.records().get(1);
    assertEquals(
        List.of(new ChatMessage("system", "Be brief."), ChatMessage.user("Name a colour")),
        second.get(PromptRecords.MESSAGES));
    assertEquals(1, second.get(PromptRecords.MAX_TOKENS), "'Blue' is 1 token");
  }

  @Test
  void shareGptJsonlReadsTheSameRecordsAndWithoutAnswerLengthLeavesTheLimitToTheRun()
      throws IOException {
    String jsonl =
        "{\"conversations\": [{\"from\": \"human\", \"value\": \"Say hi\"}, {\"from\": \"gpt\","
            + " \"value\": \"hello world\"}]}\n\n{\"conversations\": [{\"from\": \"gpt\", \"value\": \"orphan\"}]}\n";
    Datasets.Read read =
        Datasets.read(file("sharegpt.jsonl", jsonl), DatasetOptions.DEFAULTS, null);
    assertEquals(1, read.records().size());
    assertEquals(1, read.skipped());
    assertFalse(read.records().get(0).containsKey(PromptRecords.MAX_TOKENS));
  }

  @Test
  void huggingFaceStyleFieldsAreNamedByTheOptionsAndALimitStopsReadingEarly() throws IOException {
    String jsonl =
        "{\"instruction\": \"Add 2 and 2\", \"output\": \"4\"}\n"
            + "{\"instruction\": \"Spell cat\", \"output\": \"c a t\"}\n"
            + "this line is never read\n";
    Datasets.Read read =
        Datasets.read(
            file("hf.jsonl", jsonl),
            new DatasetOptions("instruction", "output", true, 2),
            JTokkitTokenizer.of("cl100k_base"));
    assertEquals(2, read.records().size());
    assertEquals("Spell cat", read.records().get(1).get(PromptRecords.PROMPT));
    assertEquals(
        JTokkitTokenizer.of("cl100k_base").count("c a t"),
        (long) (int) read.records().get(1).get(PromptRecords.MAX_TOKENS));
  }

  @Test
  void aRecordsOwnLimitWinsOverItsAnswersLength() throws IOException {
    String jsonl =
        "{\"conversations\": [{\"from\": \"human\", \"value\": \"Hi\"}, {\"from\": \"gpt\", \"value\":"
            + " \"hello world\"}], \"max_tokens\": 64}\n";
    Datasets.Read read =
        Datasets.read(
            file("own.jsonl", jsonl),
            new DatasetOptions(null, null, true, 0),
            JTokkitTokenizer.of("cl100k_base"));
    assertEquals(64, read.records().get(0).get(PromptRecords.MAX_TOKENS));
  }

  @Test
  void aConversationOfItsFirstTurnAloneAsksForTheRunsLengthAndIsCounted() throws IOException {
    // Published ShareGPT files hold conversations cut after the human turn.
    String jsonl =
        "{\"conversations\": [{\"from\": \"human\", \"value\": \"Hi\"}, {\"from\": \"gpt\","
            + " \"value\": \"hello world\"}]}\n"
            + "{\"conversations\": [{\"from\": \"human\", \"value\": \"Alone\"}]}\n";
    Datasets.Read read =
        Datasets.read(
            file("first-turns.jsonl", jsonl),
            new DatasetOptions(null, null, true, 0),
            JTokkitTokenizer.of("cl100k_base"));
    assertEquals(2, read.records().size(), "kept, not refused");
    assertEquals(2, read.records().get(0).get(PromptRecords.MAX_TOKENS), "'hello world'");
    assertFalse(
        read.records().get(1).containsKey(PromptRecords.MAX_TOKENS), "the run's output length");
    assertEquals(1, read.withoutAnswer());
    assertEquals(0, read.skipped());
  }

  @Test
  void nothingIsLostWithoutAWord() throws IOException {
    // An array element that is no record stops the read with its place, not silently.
    String array =
        file(
            "mixed.json",
            "[{\"prompt\": \"a\"}, {\"prompt\": \"b\"}, \"oops\", {\"prompt\": \"d\"}]");
    assertEquals(
        array + " element 3: expected a JSON object, was a string",
        assertThrows(
                IllegalArgumentException.class,
                () -> Datasets.read(array, DatasetOptions.DEFAULTS, null))
            .getMessage());
    // A truncated array names the last element read whole.
    String truncated = file("cut.json", "[{\"prompt\": \"a\"}, {\"prompt\": \"b\"}, {\"prom");
    String cut =
        assertThrows(
                IllegalArgumentException.class,
                () -> Datasets.read(truncated, DatasetOptions.DEFAULTS, null))
            .getMessage();
    assertTrue(cut.startsWith(truncated + " after element 3: "), cut);
    // A number is no prompt, and 2.7 is no output limit.
    String number =
        file("number.jsonl", "{\"conversations\": [{\"from\": \"human\", \"value\": 12345}]}\n");
    assertEquals(
        number + " line 1: conversation turn 1: 'value' must be text, was 12345",
        assertThrows(
                IllegalArgumentException.class,
                () -> Datasets.read(number, DatasetOptions.DEFAULTS, null))
            .getMessage());
    String fraction = file("fraction.jsonl", "{\"prompt\": \"a\", \"max_tokens\": 2.7}\n");
    assertEquals(
        fraction + " line 1: 'max_tokens' must be a positive integer, was 2.7",
        assertThrows(
                IllegalArgumentException.class,
                () -> Datasets.read(fraction, DatasetOptions.DEFAULTS, null))
            .getMessage());
    // A byte order mark is read past in JSONL as in a JSON array.
    String bom = file("bom.jsonl", "\uFEFF{\"prompt\": \"first\"}\n{\"prompt\": \"second\"}\n");
    assertEquals(2, Datasets.read(bom, DatasetOptions.DEFAULTS, null).records().size());
  }

  @Test
  void badRecordsNameTheirPlace() throws IOException {
    IllegalArgumentException line =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Datasets.read(
                    file("bad.jsonl", "{\"prompt\": \"ok\"}\n{\"prompt\": \n"),
                    DatasetOptions.DEFAULTS,
                    null));
    assertEquals(
        dir.resolve("bad.jsonl") + " line 2: ",
        line.getMessage().substring(0, (dir.resolve("bad.jsonl") + " line 2: ").length()));
    IllegalArgumentException field =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Datasets.read(
                    file("hf.json", "[{\"question\": \"?\"}]"),
                    new DatasetOptions("instruction", null, false, 0),
                    null));
    assertEquals(
        dir.resolve("hf.json")
            + " element 1: needs the text field 'instruction' (llm.dataset.promptField)",
        field.getMessage());
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Datasets.read(
                    file("empty.json", "[{\"conversations\": []}]"),
                    DatasetOptions.DEFAULTS,
                    null));
    assertEquals(
        dir.resolve("empty.json") + " holds no prompt (1 records without one skipped)",
        none.getMessage());
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Datasets.read(
                    file("other.jsonl", "{\"text\": \"?\"}\n"), DatasetOptions.DEFAULTS, null));
    assertEquals(
        dir.resolve("other.jsonl")
            + " line 1: a record needs 'prompt' (text), 'messages' (array) or"
            + " 'conversations' (ShareGPT), or set llm.dataset.promptField to its prompt's field",
        unknown.getMessage());
  }

  @Test
  void junkAfterTheArrayIsRefusedNamingTheFile() throws IOException {
    String file = file("junk.json", SHARE_GPT + "\n#!/bin/sh\n");
    assertEquals(
        file
            + ": more after the end of its JSON array of 3 elements (junk, or a second array?): a"
            + " dataset is one array",
        assertThrows(
                IllegalArgumentException.class,
                () -> Datasets.read(file, DatasetOptions.DEFAULTS, null))
            .getMessage());
    String two = file("two.json", SHARE_GPT + SHARE_GPT.substring(1));
    assertThrows(
        IllegalArgumentException.class, () -> Datasets.read(two, DatasetOptions.DEFAULTS, null));
    assertEquals(
        2,
        Datasets.read(file("spaces.json", SHARE_GPT + "\n \n"), DatasetOptions.DEFAULTS, null)
            .records()
            .size(),
        "white space after the array is no junk");
  }

  private String file(String name, String text) throws IOException {
    Path path = dir.resolve(name);
    Files.writeString(path, text, StandardCharsets.UTF_8);
    return path.toString();
  }
}
