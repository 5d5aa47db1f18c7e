package dev.gatlingllm.api.openai;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.MaxTokensField;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the request body both OpenAI endpoints share; only the input field ({@code messages} or
 * {@code prompt}) differs, so each dialect passes its own {@link InputWriter}.
 */
final class OpenAiRequestBody {

  /** Writes the dialect's input field(s) into the open top-level object. */
  @FunctionalInterface
  interface InputWriter {
    void write(JsonGenerator json, GenerationRequest request) throws IOException;
  }

  private OpenAiRequestBody() {}

  /**
   * Standard fields first, null ones omitted; then {@code extraFields}. A standard field that an extra field
   * names is not written at all, rather than written twice: JSON parsers disagree on duplicate keys.
   */
  static String write(GenerationRequest request, String inputField, InputWriter input) {
    Map<String, Object> extra = request.extraFields();
    StringWriter out = new StringWriter(256);
    try (JsonGenerator json = OpenAiJson.FACTORY.createGenerator(out)) {
      json.writeStartObject();
      if (request.model() != null && !extra.containsKey("model")) {
        json.writeStringField("model", request.model());
      }
      if (!extra.containsKey(inputField)) {
        input.write(json, request);
      }
      if (!extra.containsKey("stream")) {
        json.writeBooleanField("stream", true);
      }
      if (request.includeUsage() && !extra.containsKey("stream_options")) {
        json.writeObjectFieldStart("stream_options");
        json.writeBooleanField("include_usage", true);
        json.writeEndObject();
      }
      String maxTokensField = request.maxTokensField() == null
          ? MaxTokensField.MAX_TOKENS.fieldName() : request.maxTokensField().fieldName();
      if (request.maxTokens() != null && !extra.containsKey(maxTokensField)) {
        json.writeNumberField(maxTokensField, request.maxTokens());
      }
      if (request.temperature() != null && !extra.containsKey("temperature")) {
        json.writeNumberField("temperature", request.temperature());
      }
      // Only when asked: false is every server's default, and hosted APIs reject the field itself.
      if (Boolean.TRUE.equals(request.ignoreEos()) && !extra.containsKey("ignore_eos")) {
        json.writeBooleanField("ignore_eos", true);
      }
      // Sorted so that one request always produces the same bytes (diffable logs, reproducible tests).
      for (Map.Entry<String, Object> field : sorted(extra).entrySet()) {
        json.writeFieldName(field.getKey());
        json.writeObject(field.getValue()); // maps, lists, numbers, strings, booleans via the mapper
      }
      json.writeEndObject();
    } catch (IOException e) {
      // A StringWriter does not fail; only a value Jackson cannot serialise ends up here.
      throw new UncheckedIOException("cannot write the request body: " + e.getMessage(), e);
    }
    return out.toString();
  }

  private static Map<String, Object> sorted(Map<String, Object> extra) {
    return extra.size() <= 1 ? extra : new TreeMap<>(extra);
  }
}
