package dev.gatlingllm.api.ollama;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.json.JsonBodyWriter;
import dev.gatlingllm.api.json.ToolParts;

/**
 * Writes the body both Ollama endpoints share, as Ollama's API documents it: {@code model}, the
 * input, {@code "stream": true} and the sampling settings inside {@code options} ({@code
 * num_predict} for the output token limit, {@code temperature}) and a JSON schema as {@code
 * format}. Ollama has no {@code ignore_eos}: that setting is not sent.
 */
final class OllamaRequestBody {

  private OllamaRequestBody() {}

  /**
   * Standard fields first, null ones omitted; then the extra fields, sorted, through the dialects'
   * shared {@link JsonBodyWriter}. A standard field an extra field names is not written (an extra
   * {@code options} replaces the whole object), rather than written twice.
   */
  static String write(
      GenerationRequest request,
      String inputField,
      JsonBodyWriter.InputWriter input,
      ToolParts tools) {
    return JsonBodyWriter.write(
        request.extraFields(),
        body -> {
          JsonGenerator json = body.json();
          body.modelInputAndStream(request, inputField, input);
          tools.writeTools(body, request.tools());
          boolean hasOptions = request.maxTokens() != null || request.temperature() != null;
          if (hasOptions && body.owns("options")) {
            json.writeObjectFieldStart("options");
            if (request.maxTokens() != null) {
              json.writeNumberField("num_predict", request.maxTokens());
            }
            if (request.temperature() != null) {
              json.writeNumberField("temperature", request.temperature());
            }
            json.writeEndObject();
          }
          // Ollama's one form of structured output, whatever form the request names: the schema
          // itself as "format".
          if (request.responseSchema() != null && body.owns("format")) {
            json.writeFieldName("format");
            json.writeTree(request.responseSchema().schema());
          }
        });
  }
}
