package dev.gatlingllm.stream;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.OutputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaException;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.gatlingllm.metrics.request.SchemaVerdict;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One JSON schema, compiled once by networknt's json-schema-validator, judging answers against it.
 * Thread-safe and shared by every virtual user.
 *
 * <p>Cost: an answer is judged once, at the end of its OK stream, on the user's event loop. Its
 * text is bounded by the protocol's {@code maxOutputBytes} (1 MiB by default): a longer stream
 * already ended KO and is never judged, so one judgement parses at most that much (a few
 * milliseconds at most for 1 MiB, far less for the answers a schema describes).
 */
public final class AnswerSchema {
  /**
   * Draft 2020-12 for a schema that names no {@code $schema}: what OpenAI's and vLLM's structured
   * outputs document.
   */
  private static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_2020_12,
          builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)));

  /**
   * Strict parsing: one JSON value and nothing after it, as a client of structured output reads it.
   */
  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  /**
   * Compiled schemas by schema, for schemas computed per request (EL, functions): a simulation uses
   * a handful; past {@value #MAX_CACHED} distinct ones a schema is compiled for its request alone.
   */
  private static final int MAX_CACHED = 64;

  private static final Map<JsonNode, AnswerSchema> CACHE = new ConcurrentHashMap<>();

  private final Schema schema;

  private AnswerSchema(Schema schema) {
    this.schema = schema;
  }

  /**
   * The compiled schema, from the cache when it is there.
   *
   * @throws IllegalArgumentException when the schema cannot be compiled
   */
  public static AnswerSchema of(JsonNode schema) {
    AnswerSchema cached = CACHE.get(schema);
    if (cached != null) {
      return cached;
    }
    AnswerSchema compiled = compile(schema);
    if (CACHE.size() < MAX_CACHED) {
      CACHE.putIfAbsent(schema.deepCopy(), compiled);
    }
    return compiled;
  }

  private static AnswerSchema compile(JsonNode schema) {
    if (!schema.isObject()) {
      throw new IllegalArgumentException("not a usable JSON schema: it is not a JSON object");
    }
    String shape = SchemaShape.problem(schema);
    if (shape != null) {
      throw new IllegalArgumentException("not a usable JSON schema: " + shape);
    }
    String breach = metaSchemaBreach(schema);
    if (breach != null) {
      throw new IllegalArgumentException("not a usable JSON schema: " + breach);
    }
    try {
      Schema compiled = REGISTRY.getSchema(schema);
      compiled.initializeValidators(); // its errors now, not at the first answer
      return new AnswerSchema(compiled);
    } catch (SchemaException | IllegalArgumentException | IllegalStateException e) {
      throw new IllegalArgumentException("not a usable JSON schema: " + e.getMessage(), e);
    } catch (StackOverflowError e) {
      throw new IllegalArgumentException(
          "not a usable JSON schema: compiling it overflowed the stack (a loop of references?)");
    }
  }

  /**
   * The first place where the schema breaks its own dialect's meta-schema ({@code "type":
   * "objekt"}, {@code "minLength": "abc"}), or null: the validator itself ignores what it does not
   * know, and would judge every answer against a schema the user did not mean.
   */
  private static String metaSchemaBreach(JsonNode schema) {
    JsonNode dialect = schema.get("$schema");
    String metaSchema =
        dialect != null && dialect.isTextual()
            ? dialect.asText()
            : "https://json-schema.org/draft/2020-12/schema";
    List<com.networknt.schema.Error> errors;
    try {
      errors = REGISTRY.getSchema(SchemaLocation.of(metaSchema)).validate(schema);
    } catch (SchemaException | IllegalArgumentException | IllegalStateException e) {
      return "its $schema '" + metaSchema + "' is not a dialect known here: " + e.getMessage();
    }
    if (errors.isEmpty()) {
      return null;
    }
    com.networknt.schema.Error first = errors.get(0);
    String where = first.getInstanceLocation().toString();
    return "at "
        + (where.isEmpty() || where.equals("$") ? "its root" : where)
        + ": "
        + first.getMessage()
        + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : "");
  }

  /**
   * {@link SchemaVerdict#VALID} when the whole text is one JSON value that validates, else {@link
   * SchemaVerdict#INVALID} (not JSON, trailing text, or a breach of the schema).
   */
  public SchemaVerdict judge(String answer) {
    JsonNode value;
    try {
      value = MAPPER.readTree(answer);
    } catch (IOException e) {
      return SchemaVerdict.INVALID;
    }
    if (value == null || value.isMissingNode()) {
      return SchemaVerdict.INVALID; // an empty answer
    }
    return schema.validate(value, OutputFormat.BOOLEAN)
        ? SchemaVerdict.VALID
        : SchemaVerdict.INVALID;
  }
}
