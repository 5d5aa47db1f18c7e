package dev.gatlingllm.gatling.action;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.ResponseSchema;
import dev.gatlingllm.gatling.ExpressionException;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.stream.AnswerSchema;
import dev.gatlingllm.values.ResponseFormat;
import io.gatling.core.session.Session;
import java.util.Map;
import java.util.Objects;

/**
 * The structured output a request step asks for: its JSON schema, still unresolved, and how it is
 * sent. A schema given as a constant is parsed once, when the scenario is written; one computed per
 * user is parsed for each request (a schema is small: the body carries it anyway).
 *
 * @param schema gives the schema for a session
 * @param format where it travels, and whether a breach is a KO
 */
public record StructuredOutput(SessionExpression<JsonNode> schema, ResponseFormat format) {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  public StructuredOutput {
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(format, "format");
  }

  /**
   * A schema that is the same for every request, from its JSON text.
   *
   * @throws IllegalArgumentException when the text is not a JSON object
   */
  public static StructuredOutput constant(String schemaJson, ResponseFormat format) {
    return constant(parse(schemaJson, IllegalArgumentException::new), format);
  }

  /**
   * A schema that is the same for every request, as nested maps and lists (as Jackson writes them).
   *
   * @throws IllegalArgumentException when it is not a usable JSON schema
   */
  public static StructuredOutput constant(Map<String, ?> schema, ResponseFormat format) {
    return constant((JsonNode) MAPPER.valueToTree(schema), format);
  }

  /**
   * Compiled and checked now, when the scenario is written, so that a schema no answer can be
   * judged against (a reference loop, a remote {@code $ref}, a keyword its dialect does not have)
   * is refused before any load rather than failing every request, or the event loop, in the run.
   */
  private static StructuredOutput constant(JsonNode schema, ResponseFormat format) {
    try {
      AnswerSchema.of(schema);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("responseFormat: " + e.getMessage(), e);
    }
    return new StructuredOutput(SessionExpression.constant(schema), format);
  }

  /** A schema computed per request: JSON text, or a {@code Map} (as Jackson would write it). */
  public static StructuredOutput perRequest(SessionExpression<?> schema, ResponseFormat format) {
    return new StructuredOutput(session -> toNode(schema.resolve(session)), format);
  }

  /** The schema and its form for this session's request. */
  ResponseSchema resolve(Session session) {
    JsonNode node = schema.resolve(session);
    try {
      return new ResponseSchema(node, format);
    } catch (IllegalArgumentException e) {
      throw new ExpressionException("responseFormat: " + e.getMessage());
    }
  }

  private static JsonNode toNode(Object value) {
    if (value == null) {
      throw new ExpressionException("responseFormat: the schema resolved to null");
    }
    if (value instanceof JsonNode node) {
      return node;
    }
    if (value instanceof Map<?, ?> map) {
      return MAPPER.valueToTree(map);
    }
    return parse(value.toString(), ExpressionException::new);
  }

  private static JsonNode parse(
      String json, java.util.function.Function<String, RuntimeException> failure) {
    JsonNode node;
    try {
      node = MAPPER.readTree(Objects.requireNonNull(json, "schema"));
    } catch (JsonProcessingException e) {
      throw failure.apply("responseFormat: the schema is not JSON: " + e.getOriginalMessage());
    }
    if (node == null || !node.isObject()) {
      throw failure.apply("responseFormat: a JSON schema must be a JSON object");
    }
    return node;
  }
}
