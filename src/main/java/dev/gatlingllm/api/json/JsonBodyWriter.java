package dev.gatlingllm.api.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.values.ChatMessage;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a request body: the dialect's fields, then the user's extra fields, sorted so that one
 * request always gives the same bytes. A field the extras name is left to them, never written
 * twice: JSON parsers disagree on duplicate keys.
 */
public final class JsonBodyWriter {
  /** Thread-safe once configured; it serialises the extra fields (maps, lists, numbers...). */
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** A dialect's own fields. */
  @FunctionalInterface
  public interface Fields {
    void write(JsonBodyWriter body) throws IOException;
  }

  /**
   * Writes a dialect's input field ({@code messages}, {@code prompt}...) into the open top-level
   * object.
   */
  @FunctionalInterface
  public interface InputWriter {
    /** {@code messages} for a chat endpoint: {@link GenerationRequest#chatMessages()}. */
    InputWriter MESSAGES = messages(ImageParts.OPENAI_CHAT, ToolParts.OPENAI_CHAT);

    /**
     * {@code prompt} for a completion endpoint: {@link GenerationRequest#promptText()}, none when
     * null.
     */
    InputWriter PROMPT =
        (json, request) -> {
          refuseImages(request);
          String prompt = request.promptText();
          if (prompt != null) {
            json.writeStringField("prompt", prompt);
          }
        };

    void write(JsonGenerator json, GenerationRequest request) throws IOException;

    /**
     * {@code messages} for a chat endpoint, images in {@code form}, tool parts in {@code tools}.
     */
    static InputWriter messages(ImageParts form, ToolParts tools) {
      return (json, request) ->
          JsonBodyWriter.messages(json, "messages", request.chatMessages(), form, tools);
    }
  }

  /**
   * A raw prompt has no place for an image or an audio clip: refused rather than sent without it,
   * which would measure another workload.
   */
  public static void refuseImages(GenerationRequest request) {
    for (ChatMessage message : request.messages()) {
      if (message.hasImages()) {
        throw new IllegalArgumentException(
            "images need a chat endpoint: a completion prompt cannot carry them");
      }
      if (message.hasAudio()) {
        throw new IllegalArgumentException(LlmDialect.audioRefusal("a completion prompt"));
      }
    }
  }

  private final JsonGenerator json;
  private final Map<String, Object> extra;

  private JsonBodyWriter(JsonGenerator json, Map<String, Object> extra) {
    this.json = json;
    this.extra = extra;
  }

  /** The body: {@code fields}, then {@code extra}. */
  public static String write(Map<String, Object> extra, Fields fields) {
    StringWriter out = new StringWriter(256);
    try (JsonGenerator json = MAPPER.getFactory().createGenerator(out)) {
      json.writeStartObject();
      fields.write(new JsonBodyWriter(json, extra));
      Map<String, Object> sorted = extra.size() <= 1 ? extra : new TreeMap<>(extra);
      for (Map.Entry<String, Object> field : sorted.entrySet()) {
        json.writeFieldName(field.getKey());
        json.writeObject(field.getValue());
      }
      json.writeEndObject();
    } catch (IOException e) {
      // A StringWriter does not fail; only a value Jackson cannot serialise ends up here.
      throw new UncheckedIOException("cannot write the request body: " + e.getMessage(), e);
    }
    return out.toString();
  }

  /** True when the extra fields do not name {@code name}: the dialect writes it. */
  public boolean owns(String name) {
    return !extra.containsKey(name);
  }

  /** The generator, for structured fields; check {@link #owns} first. */
  public JsonGenerator json() {
    return json;
  }

  public void string(String name, String value) throws IOException {
    if (value != null && owns(name)) {
      json.writeStringField(name, value);
    }
  }

  public void number(String name, Integer value) throws IOException {
    if (value != null && owns(name)) {
      json.writeNumberField(name, value);
    }
  }

  public void number(String name, Double value) throws IOException {
    if (value != null && owns(name)) {
      json.writeNumberField(name, value);
    }
  }

  public void bool(String name, boolean value) throws IOException {
    if (owns(name)) {
      json.writeBooleanField(name, value);
    }
  }

  /**
   * How every streaming body of the OpenAI and Ollama APIs begins: {@code model}, the dialect's
   * input field (unless an extra field names it) and {@code "stream": true}.
   */
  public void modelInputAndStream(GenerationRequest request, String inputField, InputWriter input)
      throws IOException {
    string("model", request.model());
    if (owns(inputField)) {
      input.write(json, request);
    }
    bool("stream", true);
  }

  /**
   * {@code name}: the messages as an array of {@code {"role": .., "content": ..}}, the shape chat
   * APIs share; a message with images has them in the API's {@code form}.
   */
  public static void messages(
      JsonGenerator json, String name, List<ChatMessage> messages, ImageParts form)
      throws IOException {
    messages(json, name, messages, form, ToolParts.NONE);
  }

  /**
   * {@code name}: the messages as above, an assistant's tool calls and a tool's result in the API's
   * {@code tools} form.
   */
  public static void messages(
      JsonGenerator json, String name, List<ChatMessage> messages, ImageParts form, ToolParts tools)
      throws IOException {
    json.writeArrayFieldStart(name);
    for (ChatMessage message : messages) {
      json.writeStartObject();
      if (tools.writeToolMessage(json, message)) {
        json.writeEndObject();
        continue;
      }
      json.writeStringField("role", message.role());
      if (message.hasImages() || message.hasAudio()) {
        form.write(json, message);
      } else {
        json.writeStringField("content", message.content());
      }
      json.writeEndObject();
    }
    json.writeEndArray();
  }
}
