package dev.gatlingllm.dsl.prompts;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptAudio;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Prompts with audio clips from a JSONL dataset, read (clips included) before the load: one record
 * a line, {@code {"prompt": "...", "audio": ["a.wav", "b.mp3"]}} ({@code "audio": "a.wav"} for
 * one). A clip's path is relative to the dataset's folder (a file or a classpath resource), read by
 * {@link AudioFiles}. Each record holds {@code messages} (one user message with its clips), {@code
 * prompt} and {@code audio} ({@link PromptRecords}), so that {@code .messages("#{messages}")} sends
 * it whole. A clip named by several records is read and encoded once.
 */
public final class AudioDatasets {
  private static final String KIND = "audio dataset";

  private AudioDatasets() {}

  /**
   * The records of the JSONL dataset at {@code location}.
   *
   * @throws IllegalArgumentException naming the file and line of the first bad record
   */
  public static List<Map<String, Object>> read(String location) {
    try {
      return readRecords(location);
    } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
      // the messages name the dataset, its line and the file: one line, as every user error
      throw new UserError(e.getMessage());
    }
  }

  private static List<Map<String, Object>> readRecords(String location) {
    String folder = JsonlFile.folderOf(location);
    Map<String, PromptAudio> clips = new HashMap<>();
    List<Map<String, Object>> records =
        JsonlFile.records(
            location,
            JsonlFile.text(location, KIND),
            KIND,
            (record, where) -> record(record, where, folder, clips));
    if (records.isEmpty()) {
      throw new IllegalArgumentException(KIND + " " + location + " has no record");
    }
    return List.copyOf(records);
  }

  private static Map<String, Object> record(
      JsonNode record, String where, String folder, Map<String, PromptAudio> clips) {
    String prompt = record.path("prompt").asText(null);
    if (prompt == null) {
      throw new IllegalArgumentException(where + ": a record needs \"prompt\"");
    }
    JsonNode names = record.path("audio");
    List<PromptAudio> audio = new ArrayList<>();
    for (JsonNode name : names.isArray() ? names : List.of(names)) {
      if (!name.isMissingNode()) {
        audio.add(clips.computeIfAbsent(name.asText(), n -> clip(folder, n, where)));
      }
    }
    return Map.of(
        PromptRecords.MESSAGES, List.of(ChatMessage.user(prompt, List.of(), audio)),
        PromptRecords.PROMPT, prompt,
        PromptRecords.AUDIO, List.copyOf(audio));
  }

  private static PromptAudio clip(String folder, String name, String where) {
    String location = Path.of(name).isAbsolute() || folder.isEmpty() ? name : folder + name;
    try {
      return AudioFiles.read(location);
    } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }
}
