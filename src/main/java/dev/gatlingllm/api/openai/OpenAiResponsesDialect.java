package dev.gatlingllm.api.openai;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.json.ImageParts;
import dev.gatlingllm.api.json.JsonBodyWriter;
import dev.gatlingllm.api.json.SchemaFields;
import dev.gatlingllm.api.json.ToolParts;

/**
 * The OpenAI Responses API ({@code /v1/responses}), OpenAI's newer generation endpoint, also served
 * by vLLM and several gateways. The messages go in {@code input} with their roles (a prompt alone
 * as the input string), the output limit is {@code max_output_tokens}.
 *
 * <p>Not sent: {@code stream_options.include_usage} (the final event always has the usage) and
 * {@code ignore_eos}, which OpenAI refuses as an unknown parameter; servers that take it get it
 * through {@code bodyField("ignore_eos", true)}.
 *
 * <p>A JSON schema goes in {@code text.format} ({@code "type": "json_schema"} with its name, schema
 * and strict flag), the Responses API's place for OpenAI's {@code response_format}.
 */
public final class OpenAiResponsesDialect extends OpenAiDialect {
  public static final String ID = "openai-responses";

  public OpenAiResponsesDialect() {
    super(ID, "/v1/responses", ResponsesStreamInterpreter::new);
  }

  /** The Responses API has no such field. */
  @Override
  public boolean supportsIgnoreEos() {
    return false;
  }

  @Override
  public String requestBody(GenerationRequest request) {
    return JsonBodyWriter.write(
        request.extraFields(),
        body -> {
          body.modelInputAndStream(request, "input", OpenAiResponsesDialect::writeInput);
          ToolParts.NONE.writeTools(body, request.tools());
          body.number("max_output_tokens", request.maxTokens());
          body.number("temperature", request.temperature());
          SchemaFields.writeResponsesText(body, request.responseSchema());
        });
  }

  /** The API ends a stream with a terminal event, never {@code [DONE]}. */
  @Override
  public String endMarker() {
    return "response.completed or response.incomplete";
  }

  private static void writeInput(JsonGenerator json, GenerationRequest request)
      throws java.io.IOException {
    if (request.messages().isEmpty()) {
      // A completion workload: its prompt is the input text.
      json.writeStringField("input", request.prompt() != null ? request.prompt() : "");
      return;
    }
    JsonBodyWriter.messages(json, "input", request.messages(), ImageParts.OPENAI_RESPONSES);
  }
}
