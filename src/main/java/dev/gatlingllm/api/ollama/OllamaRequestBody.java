package dev.gatlingllm.api.ollama;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.openai.OpenAiJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the body both Ollama endpoints share, as Ollama's API documents it: {@code model}, the input,
 * {@code "stream": true} and the sampling settings inside {@code options} ({@code num_predict} for the output
 * token limit, {@code temperature}). Ollama has no {@code ignore_eos}: that setting is not sent.
 */
final class OllamaRequestBody {

  /** Writes the dialect's input field ({@code messages} or {@code prompt}) into the open top-level object. */
  @FunctionalInterface
  interface InputWriter {
    void write(JsonGenerator json, GenerationRequest request) throws IOException;
  }

  private OllamaRequestBody() {}

  /**
   * Standard fields first, null ones omitted; then the extra fields, sorted. A standard field an extra field
   * names is not written (an extra {@code options} replaces the whole object), rather than written twice.
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
      boolean hasOptions = request.maxTokens() != null || request.temperature() != null;
      if (hasOptions && !extra.containsKey("options")) {
        json.writeObjectFieldStart("options");
        if (request.maxTokens() != null) {
          json.writeNumberField("num_predict", request.maxTokens());
        }
        if (request.temperature() != null) {
          json.writeNumberField("temperature", request.temperature());
        }
        json.writeEndObject();
      }
      for (Map.Entry<String, Object> field : new TreeMap<>(extra).entrySet()) {
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
}
