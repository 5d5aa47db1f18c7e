package dev.gatlingllm.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.values.ResponseFormat;
import java.util.Objects;

/**
 * The structured output a request asks for: the JSON Schema its answer must follow and how it is
 * sent ({@link ResponseFormat}).
 *
 * @param schema the JSON Schema, an object (never modified once here)
 * @param format the field it travels in, its name and strict flag, and whether a breach is a KO
 */
public record ResponseSchema(JsonNode schema, ResponseFormat format) {
  public ResponseSchema {
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(format, "format");
    if (!schema.isObject()) {
      throw new IllegalArgumentException("a JSON schema must be a JSON object");
    }
  }
}
