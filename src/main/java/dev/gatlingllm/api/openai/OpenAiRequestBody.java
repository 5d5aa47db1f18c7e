package dev.gatlingllm.api.openai;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.json.JsonBodyWriter;
import dev.gatlingllm.api.json.SchemaFields;
import dev.gatlingllm.api.json.ToolParts;
import dev.gatlingllm.values.MaxTokensField;
import dev.gatlingllm.values.ResponseFormat.Form;

/**
 * Writes the request body both OpenAI endpoints share; only the input field ({@code messages} or
 * {@code prompt}) differs, so each dialect passes its own {@link JsonBodyWriter.InputWriter}.
 */
final class OpenAiRequestBody {

  private OpenAiRequestBody() {}

  /**
   * Standard fields first, null ones omitted; then {@code extraFields}, through the dialects'
   * shared {@link JsonBodyWriter}: a standard field that an extra field names is not written at
   * all.
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
          if (request.includeUsage() && body.owns("stream_options")) {
            json.writeObjectFieldStart("stream_options");
            json.writeBooleanField("include_usage", true);
            json.writeEndObject();
          }
          String maxTokensField =
              request.maxTokensField() == null
                  ? MaxTokensField.MAX_TOKENS.fieldName()
                  : request.maxTokensField().fieldName();
          body.number(maxTokensField, request.maxTokens());
          body.number("temperature", request.temperature());
          // Only when asked: false is every server's default, and hosted APIs reject the field
          // itself.
          if (Boolean.TRUE.equals(request.ignoreEos())) {
            body.bool("ignore_eos", true);
          }
          SchemaFields.write(body, request.responseSchema(), Form.OPENAI_RESPONSE_FORMAT);
        });
  }
}
