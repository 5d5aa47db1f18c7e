package dev.gatlingllm.simulator;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The simulated model's answer to a request that asks for a JSON schema (OpenAI's {@code
 * response_format}, vLLM's {@code guided_json} and {@code structured_outputs}, llama.cpp's {@code
 * json_schema}, the Responses API's {@code text.format}, Ollama's {@code format}): a JSON value
 * made from the schema, as a grammar-constrained server would produce, cut into the simulator's own
 * tokens ({@link SimpleTokenizer}: a JSON punctuation mark is one token, a word or a number's
 * digits another).
 *
 * <p>What the generator follows: {@code type} (object, array, string, number, integer, boolean,
 * null; the first non-null of a list), {@code properties} (every one, so {@code required} holds),
 * {@code items}, {@code minItems}/{@code maxItems}, {@code enum}, {@code const}, {@code
 * minimum}/{@code maximum}, {@code minLength}/{@code maxLength}, and the first branch of {@code
 * anyOf}/{@code oneOf}. Not followed: {@code $ref}, {@code pattern}, {@code format}, {@code allOf}
 * and the other keywords (an answer to a schema that uses them may not validate).
 */
final class StructuredAnswer {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final int MAX_DEPTH = 8;

  /** How the {@code schema-invalid} fault spoils an answer. */
  enum Breach {
    /** JSON of a type the schema's root does not allow (cut JSON when the root names no type). */
    TYPE,
    /** The valid answer cut in half: not parseable JSON. */
    TRUNCATE
  }

  private StructuredAnswer() {}

  /** The schema the request asks its answer to follow, or null for free text. */
  static JsonNode schemaOf(ApiFormat format, JsonNode body) {
    switch (format) {
      case MESSAGES:
        return null;
      case OLLAMA_CHAT:
      case OLLAMA_GENERATE:
        return objectOrNull(body.get("format"));
      case RESPONSES:
        JsonNode text = body.path("text").path("format");
        return "json_schema".equals(text.path("type").asText())
            ? objectOrNull(text.get("schema"))
            : null;
      default:
        JsonNode responseFormat = body.path("response_format");
        if ("json_schema".equals(responseFormat.path("type").asText())) {
          return objectOrNull(responseFormat.path("json_schema").get("schema"));
        }
        JsonNode guided = objectOrNull(body.get("guided_json"));
        if (guided != null) {
          return guided;
        }
        JsonNode structured = objectOrNull(body.path("structured_outputs").get("json"));
        return structured != null ? structured : objectOrNull(body.get("json_schema"));
    }
  }

  private static JsonNode objectOrNull(JsonNode node) {
    return node != null && node.isObject() ? node : null;
  }

  /** A JSON text that validates against {@code schema}, drawn from {@code seed}. */
  static String valid(JsonNode schema, long seed) {
    return value(schema, new SplittableRandom(seed), 0).toString();
  }

  /** A JSON text that does not: see {@link Breach}. */
  static String invalid(JsonNode schema, long seed, Breach breach) {
    String valid = valid(schema, seed);
    String type = typeOf(schema);
    if (breach == Breach.TYPE && type != null) {
      // A value of another type than the root's: parseable, and against the schema.
      return "object".equals(type) ? "[\"not an object\"]" : "{\"not\":\"" + type + "\"}";
    }
    return valid.substring(0, Math.max(1, valid.length() / 2));
  }

  /**
   * The text cut into the simulator's own tokens ({@link SimpleTokenizer}): the usage then counts
   * what its {@code /tokenize}, and a client counting with the same tokenizer, make of the answer.
   */
  static String[] tokens(String text) {
    return SimpleTokenizer.tokens(text).toArray(new String[0]);
  }

  /** A token's bytes inside a JSON string (the stream's {@code content}), escaped once. */
  static byte[] escaped(String token) {
    return JsonStringEncoder.getInstance().quoteAsUTF8(token);
  }

  private static JsonNode value(JsonNode schema, SplittableRandom random, int depth) {
    if (schema == null || !schema.isObject() || depth > MAX_DEPTH) {
      return NODES.nullNode();
    }
    if (schema.has("const")) {
      return schema.get("const");
    }
    JsonNode choices = schema.get("enum");
    if (choices != null && choices.isArray() && !choices.isEmpty()) {
      return choices.get(random.nextInt(choices.size()));
    }
    for (String branches : new String[] {"anyOf", "oneOf"}) {
      JsonNode first = schema.path(branches).path(0);
      if (first.isObject()) {
        return value(first, random, depth + 1);
      }
    }
    String type = typeOf(schema);
    if (type == null) {
      type = schema.has("properties") ? "object" : schema.has("items") ? "array" : "null";
    }
    return switch (type) {
      case "object" -> object(schema, random, depth);
      case "array" -> array(schema, random, depth);
      case "string" -> NODES.textNode(string(schema, random));
      case "integer" -> NODES.numberNode(integer(schema, random));
      case "number" -> NODES.numberNode(number(schema, random));
      case "boolean" -> NODES.booleanNode(random.nextBoolean());
      default -> NODES.nullNode();
    };
  }

  /** The schema's type, the first that is not null when it names several; null when none. */
  private static String typeOf(JsonNode schema) {
    JsonNode type = schema.get("type");
    if (type == null) {
      return null;
    }
    if (type.isTextual()) {
      return type.asText();
    }
    for (JsonNode one : type) {
      if (!"null".equals(one.asText())) {
        return one.asText();
      }
    }
    return type.isEmpty() ? null : type.get(0).asText();
  }

  private static ObjectNode object(JsonNode schema, SplittableRandom random, int depth) {
    ObjectNode object = NODES.objectNode();
    Iterator<Map.Entry<String, JsonNode>> properties = schema.path("properties").fields();
    while (properties.hasNext()) {
      Map.Entry<String, JsonNode> property = properties.next();
      object.set(property.getKey(), value(property.getValue(), random, depth + 1));
    }
    return object;
  }

  private static ArrayNode array(JsonNode schema, SplittableRandom random, int depth) {
    int min = schema.path("minItems").asInt(1);
    int max = Math.max(min, schema.path("maxItems").asInt(min + 2));
    int count = min + random.nextInt(max - min + 1);
    ArrayNode array = NODES.arrayNode(count);
    for (int i = 0; i < count; i++) {
      array.add(value(schema.get("items"), random, depth + 1));
    }
    return array;
  }

  /** One to three vocabulary words, padded or cut to the schema's length bounds. */
  private static String string(JsonNode schema, SplittableRandom random) {
    StringBuilder text = new StringBuilder();
    int words = 1 + random.nextInt(3);
    for (int i = 0; i < words; i++) {
      text.append(Vocabulary.word(random.nextInt(Vocabulary.size())));
    }
    String value = text.toString().strip();
    int minLength = schema.path("minLength").asInt(0);
    int maxLength = schema.path("maxLength").asInt(Integer.MAX_VALUE);
    StringBuilder bounded = new StringBuilder(value);
    while (bounded.length() < minLength) {
      bounded.append('a');
    }
    return bounded.length() > maxLength ? bounded.substring(0, maxLength) : bounded.toString();
  }

  private static long integer(JsonNode schema, SplittableRandom random) {
    long min = (long) Math.ceil(schema.path("minimum").asDouble(0));
    long max = (long) Math.floor(max(schema));
    return max <= min ? min : min + random.nextLong(max - min + 1);
  }

  /** A whole number plus a half when that stays within the maximum: a number with a fraction. */
  private static double number(JsonNode schema, SplittableRandom random) {
    long whole = integer(schema, random);
    return whole + 0.5 <= max(schema) ? whole + 0.5 : whole;
  }

  private static double max(JsonNode schema) {
    double min = schema.path("minimum").asDouble(0);
    return schema.path("maximum").asDouble(min + 100);
  }
}
