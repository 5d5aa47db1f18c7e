package dev.gatlingllm.api.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.gatlingllm.api.ResponseSchema;
import dev.gatlingllm.values.ResponseFormat.Form;
import java.io.IOException;

/**
 * Writes a request's JSON Schema in the field its form names, the forms the servers take: OpenAI's
 * {@code response_format}, vLLM's {@code guided_json} and {@code structured_outputs}, llama.cpp's
 * top-level {@code json_schema}, the Responses API's {@code text.format} and Ollama's {@code
 * format}. A field the user's extra fields name is left to them, as every other field.
 */
public final class SchemaFields {
  private SchemaFields() {}

  /**
   * The schema's field, or nothing without a schema.
   *
   * @param dialectForm what {@link Form#DIALECT} means for the dialect writing
   */
  public static void write(JsonBodyWriter body, ResponseSchema request, Form dialectForm)
      throws IOException {
    if (request == null) {
      return;
    }
    Form form = request.format().form() == Form.DIALECT ? dialectForm : request.format().form();
    JsonGenerator json = body.json();
    switch (form) {
      case OPENAI_RESPONSE_FORMAT -> {
        if (body.owns("response_format")) {
          json.writeObjectFieldStart("response_format");
          json.writeStringField("type", "json_schema");
          json.writeObjectFieldStart("json_schema");
          writeNamedSchema(json, request);
          json.writeEndObject();
          json.writeEndObject();
        }
      }
      case VLLM_GUIDED_JSON -> tree(body, "guided_json", request);
      case VLLM_STRUCTURED_OUTPUTS -> {
        if (body.owns("structured_outputs")) {
          json.writeObjectFieldStart("structured_outputs");
          json.writeFieldName("json");
          json.writeTree(request.schema());
          json.writeEndObject();
        }
      }
      case LLAMA_CPP_JSON_SCHEMA -> tree(body, "json_schema", request);
      default -> throw new IllegalStateException("no field for " + form);
    }
  }

  /**
   * The Responses API's {@code "text": {"format": {"type": "json_schema", "name", "schema",
   * "strict"}}}: OpenAI's form there, flattened one level.
   */
  public static void writeResponsesText(JsonBodyWriter body, ResponseSchema request)
      throws IOException {
    if (request == null || request.format().form() != Form.DIALECT) {
      write(body, request, Form.OPENAI_RESPONSE_FORMAT);
      return;
    }
    if (body.owns("text")) {
      JsonGenerator json = body.json();
      json.writeObjectFieldStart("text");
      json.writeObjectFieldStart("format");
      json.writeStringField("type", "json_schema");
      writeNamedSchema(json, request);
      json.writeEndObject();
      json.writeEndObject();
    }
  }

  private static void writeNamedSchema(JsonGenerator json, ResponseSchema request)
      throws IOException {
    json.writeStringField("name", request.format().name());
    json.writeFieldName("schema");
    json.writeTree(request.schema());
    json.writeBooleanField("strict", request.format().strict());
  }

  private static void tree(JsonBodyWriter body, String field, ResponseSchema request)
      throws IOException {
    if (body.owns(field)) {
      body.json().writeFieldName(field);
      body.json().writeTree(request.schema());
    }
  }
}
