package dev.gatlingllm.dsl.prompts;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.bounds.BoundedText;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.Tokenizer;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the prompt datasets users already have into feeder records ({@link PromptRecords#MESSAGES},
 * {@link PromptRecords#PROMPT}, optionally {@link PromptRecords#MAX_TOKENS}).
 *
 * <p>The file is JSONL (one JSON object a line) or one JSON array of objects, told apart by its
 * first character, and read as a stream: ShareGPT's published file is hundreds of megabytes, and
 * only the records used are kept. A record is one of:
 *
 * <ul>
 *   <li>{@code {"prompt": "..."}} or {@code {"messages": [{"role", "content"}...]}}, optionally
 *       with {@code max_tokens} (or {@code output_tokens});
 *   <li>ShareGPT's {@code {"conversations": [{"from": "human"|"gpt"|"system", "value":
 *       "..."}...]}}: the prompt is the system turn, if any, and the first human turn; the recorded
 *       answer is the reply after it. Records with no human turn (they exist in the published file)
 *       are skipped and counted, as {@code vllm bench serve} skips them;
 *   <li>any object with the text field {@link DatasetOptions#promptField()} (e.g. {@code
 *       instruction}), its answer in {@link DatasetOptions#answerField()}.
 * </ul>
 */
public final class Datasets {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Datasets() {}

  /** The records, and how many of the file's records had nothing to send. */
  /**
   * @param records the prompts read
   * @param skipped records with nothing to send
   * @param withoutAnswer with {@link DatasetOptions#answerLength()}, records kept that hold no
   *     recorded answer (a ShareGPT conversation of its first turn alone): they ask for the run's
   *     output length, as records of a dataset without answers do
   */
  public record Read(List<Map<String, Object>> records, int skipped, int withoutAnswer) {}

  /**
   * @param location a path, or else a classpath resource (e.g. one in {@code feeders/})
   * @param options field names, output limits from the recorded answers, how many records
   * @param tokenizer counts the recorded answers when {@link DatasetOptions#answerLength()}; else
   *     may be null
   * @throws IllegalArgumentException naming the file and the line (JSONL) or element (array) of the
   *     first bad record
   */
  public static Read read(String location, DatasetOptions options, Tokenizer tokenizer) {
    if (options.answerLength() && tokenizer == null) {
      throw new IllegalArgumentException(
          "llm.dataset.answerLength needs a tokenizer to count the recorded answers");
    }
    Reader reader = new Reader(location, options, tokenizer);
    try (InputStream in = new BufferedInputStream(open(location, "dataset"))) {
      if (firstCharacter(in) == '[') {
        reader.readArray(in);
      } else {
        reader.readLines(in);
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read dataset '"
              + Redactor.credentialsIn(location)
              + "': "
              + Redactor.credentialsIn(e.getMessage()));
    }
    if (reader.records.isEmpty()) {
      throw new IllegalArgumentException(
          Redactor.credentialsIn(location)
              + " holds no prompt"
              + (reader.skipped > 0
                  ? " (" + reader.skipped + " records without one skipped)"
                  : ""));
    }
    return new Read(List.copyOf(reader.records), reader.skipped, reader.withoutAnswer);
  }

  /** One reading: the records kept so far and the count of skipped ones. */
  private static final class Reader {
    private final String location;
    private final DatasetOptions options;
    private final Tokenizer tokenizer;
    private final List<Map<String, Object>> records = new ArrayList<>();
    private int skipped;
    private int withoutAnswer;

    Reader(String location, DatasetOptions options, Tokenizer tokenizer) {
      this.location = location;
      this.options = options;
      this.tokenizer = tokenizer;
    }

    void readLines(InputStream in) throws IOException {
      BoundedText.Lines lines = BoundedText.lines(in, Redactor.credentialsIn(location));
      for (String line = lines.next(); line != null && !full(); line = lines.next()) {
        int number = lines.number();
        // A byte order mark (Windows editors write one) is no part of the first record.
        String text = (number == 1 && line.startsWith("\uFEFF") ? line.substring(1) : line).strip();
        if (text.isEmpty() || text.startsWith("//")) {
          continue;
        }
        try {
          add(JSON.readTree(text));
        } catch (IOException | IllegalArgumentException e) {
          throw new IllegalArgumentException(
              Redactor.credentialsIn(location) + " line " + number + ": " + message(e));
        }
      }
    }

    void readArray(InputStream in) throws IOException {
      int element = 0;
      try (JsonParser parser = JSON.getFactory().createParser(in)) {
        parser.nextToken(); // the array's start
        while (!full()) {
          JsonToken token = parser.nextToken();
          if (token == JsonToken.END_ARRAY) {
            refuseMoreAfterTheArray(parser, element);
            break;
          }
          if (token == null) {
            break;
          }
          element++;
          if (token != JsonToken.START_OBJECT) {
            // Not a record: stopping here would drop the rest of the file without a word.
            throw new IllegalArgumentException(
                Redactor.credentialsIn(location)
                    + " element "
                    + element
                    + ": expected a JSON object, was "
                    + describe(token));
          }
          JsonNode node = JSON.readTree(parser);
          try {
            add(node);
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                Redactor.credentialsIn(location) + " element " + element + ": " + e.getMessage());
          }
        }
      } catch (IOException e) {
        throw new IllegalArgumentException(
            Redactor.credentialsIn(location) + " after element " + element + ": " + message(e));
      }
    }

    /** Anything after the array's end: a second array or junk, which reading would drop. */
    private void refuseMoreAfterTheArray(JsonParser parser, int elements) throws IOException {
      JsonToken after;
      try {
        after = parser.nextToken();
      } catch (IOException e) {
        after = JsonToken.NOT_AVAILABLE;
      }
      if (after != null) {
        throw new IllegalArgumentException(
            Redactor.credentialsIn(location)
                + ": more after the end of its JSON array of "
                + elements
                + " elements (junk, or a second array?): a dataset is one array");
      }
    }

    private static String describe(JsonToken token) {
      return switch (token) {
        case VALUE_STRING -> "a string";
        case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
        case VALUE_TRUE, VALUE_FALSE -> "a boolean";
        case VALUE_NULL -> "null";
        case START_ARRAY -> "an array";
        default -> token.asString() == null ? token.name() : token.asString();
      };
    }

    private boolean full() {
      return options.limit() > 0 && records.size() >= options.limit();
    }

    private void add(JsonNode node) {
      if (!node.isObject()) {
        throw new IllegalArgumentException("expected a JSON object");
      }
      Turns turns = turns(node);
      if (turns == null) {
        skipped++;
        return;
      }
      Map<String, Object> record = new HashMap<>();
      record.put(PromptRecords.MESSAGES, List.copyOf(turns.messages()));
      record.put(PromptRecords.PROMPT, lastUserText(turns.messages()));
      Integer maxTokens = maxTokens(node, turns.answer());
      if (maxTokens != null) {
        record.put(PromptRecords.MAX_TOKENS, maxTokens);
      }
      records.add(Map.copyOf(record));
    }

    /** The record's own limit, else its recorded answer's length when asked for, else none. */
    private Integer maxTokens(JsonNode node, String answer) {
      JsonNode own = node.has("max_tokens") ? node.get("max_tokens") : node.get("output_tokens");
      if (own != null) {
        if (!own.isIntegralNumber() || !own.canConvertToInt() || own.asInt() < 1) {
          // 2.7 is not read as 2: a limit the file does not say is not a limit to send.
          throw new IllegalArgumentException("'max_tokens' must be a positive integer, was " + own);
        }
        return own.asInt();
      }
      if (options.answerLength()) {
        if (answer == null) {
          withoutAnswer++;
          return null;
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, tokenizer.count(answer)));
      }
      return null;
    }

    /**
     * The messages to send and the recorded answer, or null when the record has nothing to send.
     */
    private Turns turns(JsonNode node) {
      if (options.promptField() != null) {
        JsonNode prompt = node.get(options.promptField());
        if (prompt == null || !prompt.isTextual()) {
          throw new IllegalArgumentException(
              "needs the text field '" + options.promptField() + "' (llm.dataset.promptField)");
        }
        JsonNode answer = options.answerField() == null ? null : node.get(options.answerField());
        return new Turns(
            List.of(ChatMessage.user(prompt.asText())),
            answer != null && answer.isTextual() ? answer.asText() : null);
      }
      if (node.has("conversations")) {
        return shareGpt(node.get("conversations"));
      }
      if (node.has("messages")) {
        return new Turns(messages(node.get("messages")), null);
      }
      if (node.path("prompt").isTextual()) {
        return new Turns(List.of(ChatMessage.user(node.get("prompt").asText())), null);
      }
      throw new IllegalArgumentException(
          "a record needs 'prompt' (text), 'messages' (array) or 'conversations'"
              + " (ShareGPT), or set llm.dataset.promptField to its prompt's field");
    }
  }

  private record Turns(List<ChatMessage> messages, String answer) {}

  /**
   * ShareGPT: the system turn and the first human turn, then the reply after it; null without a
   * human turn.
   */
  private static Turns shareGpt(JsonNode conversations) {
    if (!conversations.isArray()) {
      throw new IllegalArgumentException("'conversations' must be an array");
    }
    List<ChatMessage> prompt = new ArrayList<>();
    for (int i = 0; i < conversations.size(); i++) {
      JsonNode turn = conversations.get(i);
      String from = turn.path("from").asText("").toLowerCase(Locale.ROOT);
      JsonNode valueNode = turn.path("value");
      if (!valueNode.isMissingNode() && !valueNode.isTextual()) {
        // A number or an object is no prompt: 12345 would be sent as "12345".
        throw new IllegalArgumentException(
            "conversation turn " + (i + 1) + ": 'value' must be text, was " + valueNode);
      }
      String value = valueNode.asText("");
      if (from.equals("system") && prompt.isEmpty() && !value.isBlank()) {
        prompt.add(new ChatMessage("system", value));
      } else if ((from.equals("human") || from.equals("user")) && !value.isBlank()) {
        prompt.add(ChatMessage.user(value));
        JsonNode next = i + 1 < conversations.size() ? conversations.get(i + 1) : null;
        String answer =
            next != null && !next.path("value").asText("").isBlank()
                ? next.path("value").asText()
                : null;
        return new Turns(prompt, answer);
      }
    }
    return null;
  }

  private static List<ChatMessage> messages(JsonNode array) {
    if (!array.isArray() || array.isEmpty()) {
      throw new IllegalArgumentException("'messages' must be a non-empty array");
    }
    List<ChatMessage> messages = new ArrayList<>();
    for (JsonNode message : array) {
      String role = message.path("role").asText("");
      JsonNode content = message.get("content");
      if (role.isEmpty() || content == null || !content.isTextual()) {
        throw new IllegalArgumentException("each message needs a 'role' and a text 'content'");
      }
      messages.add(new ChatMessage(role, content.asText()));
    }
    return messages;
  }

  private static String lastUserText(List<ChatMessage> messages) {
    String lastUser = "";
    for (ChatMessage m : messages) {
      if (m.role().equals("user")) {
        lastUser = m.content();
      }
    }
    return lastUser;
  }

  /**
   * The first character after white space (and a UTF-8 byte order mark), the stream left where it
   * was.
   */
  private static int firstCharacter(InputStream in) throws IOException {
    in.mark(4096);
    try {
      for (int i = 0; i < 4096; i++) {
        int b = in.read();
        if (b < 0 || !(Character.isWhitespace(b) || b == 0xEF || b == 0xBB || b == 0xBF)) {
          return b;
        }
      }
      return -1;
    } finally {
      in.reset();
    }
  }

  private static String message(Exception e) {
    String message = e.getMessage();
    int location = message == null ? -1 : message.indexOf("\n at [Source");
    return location < 0 ? String.valueOf(message) : message.substring(0, location);
  }

  /**
   * A file at {@code location}, or else the classpath resource of that name.
   *
   * @param kind what the file is, for the error ("dataset", "trace")
   */
  public static InputStream open(String location, String kind) throws IOException {
    Path path = Path.of(location);
    if (Files.isRegularFile(path)) {
      return bounded(Files.newInputStream(path), location);
    }
    String resource = location.startsWith("/") ? location.substring(1) : location;
    InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource);
    if (in == null) {
      throw new IllegalArgumentException(
          kind
              + " '"
              + Redactor.credentialsIn(location)
              + "' is neither a file nor a classpath resource");
    }
    return bounded(in, location);
  }

  /** Every file the user names is read within one size bound ({@link BoundedText}). */
  private static InputStream bounded(InputStream in, String location) {
    return BoundedText.limited(in, Redactor.credentialsIn(location), BoundedText.MAX_FILE_BYTES);
  }
}
