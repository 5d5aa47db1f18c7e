package dev.gatlingllm.simulator;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The simulated model's tool call: a chat request that offers {@code tools} and whose last message
 * is not a tool's result is answered with a call of the first tool, as an agent's model calls a
 * tool before it answers; after the result it answers in text. The call's arguments are one JSON
 * object, {@code {"<the first parameter>": "<words>"}} ({@code "input"} when the schema names no
 * parameter), in exactly the planned output tokens of the simulator's own tokenizer: the first
 * tokens open the object, the last two close it (a planned length that leaves no room for a word is
 * answered in text). Deterministic: the words come from the request's seed.
 */
final class ToolCallAnswer {
  /** The closing quote and brace of the arguments, one token each. */
  private static final int CLOSING_TOKENS = 2;

  /** The argument's key when the tool's schema names no parameter. */
  static final String DEFAULT_KEY = "input";

  final String name;
  private final String key;

  private ToolCallAnswer(String name, String key) {
    this.name = name;
    this.key = key;
  }

  /**
   * The call the model makes for this request, or null when it answers in text: no tools, a format
   * without tools, or a last message that is a tool's result.
   */
  static ToolCallAnswer of(ApiFormat format, JsonNode body) {
    if (format != ApiFormat.CHAT
        && format != ApiFormat.MESSAGES
        && format != ApiFormat.OLLAMA_CHAT) {
      return null;
    }
    JsonNode tools = body.path("tools");
    if (!tools.isArray() || tools.isEmpty() || lastIsToolResult(body.path("messages"))) {
      return null;
    }
    JsonNode first = tools.get(0);
    // OpenAI and Ollama: {type: function, function: {name, parameters}}; Anthropic: {name,
    // input_schema}.
    JsonNode function = first.has("function") ? first.get("function") : first;
    JsonNode schema =
        function.has("parameters") ? function.get("parameters") : function.path("input_schema");
    Iterator<String> parameters = schema.path("properties").fieldNames();
    return new ToolCallAnswer(
        function.path("name").asText("tool"),
        parameters.hasNext() ? parameters.next() : DEFAULT_KEY);
  }

  /**
   * A tool's result ends the history: OpenAI's and Ollama's role {@code tool}, or Anthropic's user
   * message holding a {@code tool_result} block.
   */
  private static boolean lastIsToolResult(JsonNode messages) {
    if (!messages.isArray() || messages.isEmpty()) {
      return false;
    }
    JsonNode last = messages.get(messages.size() - 1);
    if ("tool".equals(last.path("role").asText())) {
      return true;
    }
    for (JsonNode part : last.path("content")) {
      if ("tool_result".equals(part.path("type").asText())) {
        return true;
      }
    }
    return false;
  }

  /** The function's name as a JSON string literal. */
  String jsonName() {
    return "\"" + escaped(name) + "\"";
  }

  /**
   * The arguments in {@code count} tokens, the simulator's own ({@link SimpleTokenizer}), so that
   * its usage counts what a tokenizer makes of the text: the object {@code {"<key>":"<words>"}}
   * with as many words as its framing (braces, key, quotes, colon) leaves room for. Whole JSON of
   * exactly {@code count} tokens when {@link #wholeIn} the count, cut at {@code count} otherwise.
   */
  String[] pieces(int count, long seed) {
    List<String> tokens = new ArrayList<>(SimpleTokenizer.tokens("{\"" + escaped(key) + "\":\""));
    int framing = tokens.size() + CLOSING_TOKENS;
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = Math.max(1, count - framing); i > 0; i--) {
      tokens.add(Vocabulary.word(random.nextInt(Vocabulary.size())));
    }
    tokens.add("\"");
    tokens.add("}");
    return tokens.subList(0, Math.min(count, tokens.size())).toArray(new String[0]);
  }

  /**
   * True when {@code count} tokens hold the whole call: more than its framing (at least one word
   * inside).
   */
  boolean wholeIn(int count) {
    return count > SimpleTokenizer.count("{\"" + escaped(key) + "\":\"") + CLOSING_TOKENS;
  }

  private static String escaped(String text) {
    return new String(JsonStringEncoder.getInstance().quoteAsString(text));
  }
}
