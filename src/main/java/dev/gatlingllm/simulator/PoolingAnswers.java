package dev.gatlingllm.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The embeddings and rerank requests the simulator serves, parsed, with their deterministic
 * answers: a text's vector is seeded by the text (the same text, the same vector, unit length); a
 * document's relevance is the share of the query's words it holds, plus a small seeded part to
 * break ties. Input tokens are counted as the generation endpoints count a prompt ({@link
 * SimpleTokenizer}); a rerank counts the query once per document, as a cross-encoder reads them.
 */
final class PoolingAnswers {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A request that cannot be served, with the 400 message. */
  static final class Invalid extends Exception {
    Invalid(String message) {
      super(message);
    }
  }

  /**
   * One parsed request: its input tokens and how to write its answer.
   *
   * @param tokens the input tokens, which set its share of its batch's time
   * @param answer writes the answer's JSON at the end of the batch
   */
  record Request(long tokens, java.util.function.Supplier<byte[]> answer) {}

  private PoolingAnswers() {}

  /** {@code /v1/embeddings}: {@code input} a string or a list of strings. */
  static Request embeddings(JsonNode body, String defaultModel, int defaultDimensions)
      throws Invalid {
    JsonNode input = body == null ? null : body.get("input");
    List<String> texts = texts(input, "input");
    int dimensions = body.path("dimensions").asInt(defaultDimensions);
    if (dimensions < 1 || dimensions > 65536) {
      throw new Invalid("'dimensions' must be between 1 and 65536");
    }
    boolean base64 = "base64".equals(body.path("encoding_format").asText("float"));
    String model = body.path("model").asText(defaultModel);
    long tokens = texts.stream().mapToLong(SimpleTokenizer::count).sum();
    return new Request(
        tokens,
        () -> {
          ObjectNode root = JSON.createObjectNode();
          root.put("object", "list");
          ArrayNode data = root.putArray("data");
          for (int i = 0; i < texts.size(); i++) {
            ObjectNode item = data.addObject();
            item.put("object", "embedding");
            item.put("index", i);
            float[] vector = vector(texts.get(i), dimensions);
            if (base64) {
              item.put("embedding", base64(vector));
            } else {
              ArrayNode values = item.putArray("embedding");
              for (float v : vector) {
                values.add(v);
              }
            }
          }
          root.put("model", model);
          usage(root, tokens);
          return bytes(root);
        });
  }

  /** {@code /v1/rerank}: {@code query}, {@code documents}, optional {@code top_n}. */
  static Request rerank(JsonNode body, String defaultModel) throws Invalid {
    JsonNode query = body == null ? null : body.get("query");
    if (query == null || !query.isTextual()) {
      throw new Invalid("'query' (string) is required");
    }
    List<String> documents = texts(body.get("documents"), "documents");
    int topN = body.path("top_n").asInt(documents.size());
    if (topN < 1) {
      throw new Invalid("'top_n' must be at least 1");
    }
    String model = body.path("model").asText(defaultModel);
    long queryTokens = SimpleTokenizer.count(query.asText());
    long tokens = documents.stream().mapToLong(d -> queryTokens + SimpleTokenizer.count(d)).sum();
    return new Request(
        tokens,
        () -> {
          List<double[]> scored = new ArrayList<>();
          for (int i = 0; i < documents.size(); i++) {
            scored.add(new double[] {i, relevance(query.asText(), documents.get(i))});
          }
          scored.sort(Comparator.comparingDouble((double[] s) -> -s[1]));
          ObjectNode root = JSON.createObjectNode();
          root.put("model", model);
          ArrayNode results = root.putArray("results");
          for (double[] s : scored.subList(0, Math.min(topN, scored.size()))) {
            ObjectNode item = results.addObject();
            item.put("index", (int) s[0]);
            item.put("relevance_score", s[1]);
          }
          usage(root, tokens);
          return bytes(root);
        });
  }

  private static List<String> texts(JsonNode node, String field) throws Invalid {
    List<String> texts = new ArrayList<>();
    if (node != null && node.isTextual()) {
      texts.add(node.asText());
    } else if (node != null && node.isArray()) {
      for (JsonNode text : node) {
        if (!text.isTextual()) {
          throw new Invalid("'" + field + "' must hold strings");
        }
        texts.add(text.asText());
      }
    }
    if (texts.isEmpty()) {
      throw new Invalid("'" + field + "' (a string or a non-empty list of strings) is required");
    }
    return texts;
  }

  /** A unit vector seeded by the text: the same text always gets the same vector. */
  static float[] vector(String text, int dimensions) {
    Random random = new Random(text.hashCode() * 31L + dimensions);
    float[] vector = new float[dimensions];
    double norm = 0;
    for (int i = 0; i < dimensions; i++) {
      vector[i] = (float) random.nextGaussian();
      norm += vector[i] * vector[i];
    }
    float scale = (float) (1 / Math.sqrt(Math.max(norm, 1e-12)));
    for (int i = 0; i < dimensions; i++) {
      vector[i] *= scale;
    }
    return vector;
  }

  /** The share of the query's words the document holds, and a seeded part below 0.01. */
  static double relevance(String query, String document) {
    Set<String> words = new HashSet<>(SimpleTokenizer.tokens(document.toLowerCase()));
    List<String> asked = SimpleTokenizer.tokens(query.toLowerCase());
    long found = asked.stream().filter(words::contains).count();
    double share = asked.isEmpty() ? 0 : (double) found / asked.size();
    double tie = new Random((query + '\n' + document).hashCode()).nextDouble() / 100;
    return Math.min(1, share * 0.99 + tie);
  }

  private static String base64(float[] vector) {
    ByteBuffer bytes = ByteBuffer.allocate(vector.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    for (float v : vector) {
      bytes.putFloat(v);
    }
    return Base64.getEncoder().encodeToString(bytes.array());
  }

  private static void usage(ObjectNode root, long tokens) {
    ObjectNode usage = root.putObject("usage");
    usage.put("prompt_tokens", tokens);
    usage.put("total_tokens", tokens);
  }

  private static byte[] bytes(ObjectNode root) {
    return root.toString().getBytes(StandardCharsets.UTF_8);
  }
}
