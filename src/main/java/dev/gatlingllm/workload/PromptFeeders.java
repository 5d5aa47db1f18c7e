package dev.gatlingllm.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.ChatMessage;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.tokenize.Tokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Feeders for the ready simulations. Every record carries {@code messages} (a {@code List<ChatMessage>})
 * and {@code prompt} (the last user message's text), plus {@code inputTokens} or {@code maxTokens} when
 * known, so one request definition serves random and dataset prompts alike.
 */
public final class PromptFeeders {
  public static final String MESSAGES = "messages";
  public static final String PROMPT = "prompt";
  public static final String INPUT_TOKENS = "inputTokens";
  public static final String MAX_TOKENS = "maxTokens";

  private static final ObjectMapper JSON = new ObjectMapper();

  private PromptFeeders() {}

  /**
   * An endless feeder of exact-length random prompts, thread-safe. The {@code plannedPrompts} the run will use
   * are generated now, on the calling thread (build it in the simulation's constructor, never from a virtual
   * user), so that polling the feeder does no tokenizer work; see {@link PreparedPrompts}.
   *
   * @param plannedPrompts how many prompts the run will feed: exact when the load is a number of requests, an
   *     estimate when it lasts a duration (prompts beyond it are generated in the background)
   */
  public static PreparedPrompts randomPrompts(
      Tokenizer tokenizer, int inputTokens, double rangeRatio, int prefixTokens, long seed, long plannedPrompts) {
    return PreparedPrompts.prepare(
        new RandomPrompts(tokenizer, inputTokens, rangeRatio, prefixTokens, seed), plannedPrompts);
  }

  /**
   * Reads a JSONL dataset: one JSON object a line, with either {@code "prompt": "..."} or
   * {@code "messages": [{"role": "...", "content": "..."}...]}, and optionally {@code "max_tokens": n}.
   * Blank lines and lines starting with {@code //} are skipped. The file is a path, or else a classpath
   * resource (e.g. one in {@code feeders/}).
   *
   * @throws IllegalArgumentException naming the file and line of the first bad record
   */
  public static List<Map<String, Object>> dataset(String location) {
    String text = read(location);
    List<Map<String, Object>> records = new ArrayList<>();
    String[] lines = text.split("\r?\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("//")) {
        continue;
      }
      try {
        records.add(record(JSON.readTree(line)));
      } catch (IOException | IllegalArgumentException e) {
        throw new IllegalArgumentException(
            Redactor.credentialsIn(location) + " line " + (i + 1) + ": " + e.getMessage());
      }
    }
    if (records.isEmpty()) {
      throw new IllegalArgumentException(location + " holds no prompt");
    }
    return List.copyOf(records);
  }

  private static Map<String, Object> record(JsonNode node) {
    if (!node.isObject()) {
      throw new IllegalArgumentException("expected a JSON object");
    }
    List<ChatMessage> messages = new ArrayList<>();
    if (node.has("messages")) {
      JsonNode array = node.get("messages");
      if (!array.isArray() || array.isEmpty()) {
        throw new IllegalArgumentException("'messages' must be a non-empty array");
      }
      for (JsonNode message : array) {
        String role = message.path("role").asText("");
        JsonNode content = message.get("content");
        if (role.isEmpty() || content == null || !content.isTextual()) {
          throw new IllegalArgumentException("each message needs a 'role' and a text 'content'");
        }
        messages.add(new ChatMessage(role, content.asText()));
      }
    } else if (node.path("prompt").isTextual()) {
      messages.add(ChatMessage.user(node.get("prompt").asText()));
    } else {
      throw new IllegalArgumentException("a record needs 'prompt' (text) or 'messages' (array)");
    }
    String lastUser = "";
    for (ChatMessage m : messages) {
      if (m.role().equals("user")) {
        lastUser = m.content();
      }
    }
    java.util.HashMap<String, Object> record = new java.util.HashMap<>();
    record.put(MESSAGES, List.copyOf(messages));
    record.put(PROMPT, lastUser);
    JsonNode maxTokens = node.has("max_tokens") ? node.get("max_tokens") : node.get("output_tokens");
    if (maxTokens != null) {
      if (!maxTokens.canConvertToInt() || maxTokens.asInt() < 1) {
        throw new IllegalArgumentException("'max_tokens' must be a positive integer");
      }
      record.put(MAX_TOKENS, maxTokens.asInt());
    }
    return Map.copyOf(record);
  }

  private static String read(String location) {
    Path path = Path.of(location);
    try {
      if (Files.isRegularFile(path)) {
        return Files.readString(path, StandardCharsets.UTF_8);
      }
      String resource = location.startsWith("/") ? location.substring(1) : location;
      InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource);
      if (in == null) {
        throw new IllegalArgumentException(
            "dataset '" + Redactor.credentialsIn(location) + "' is neither a file nor a classpath resource");
      }
      try (in) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read dataset '" + Redactor.credentialsIn(location) + "': "
          + Redactor.credentialsIn(e.getMessage()));
    }
  }
}
