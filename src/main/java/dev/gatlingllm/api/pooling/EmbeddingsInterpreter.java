package dev.gatlingllm.api.pooling;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Reads an embeddings answer: {@code data} must hold one item per input, each with a non-empty
 * {@code embedding} (an array of numbers, or a base64 string for {@code encoding_format: base64}).
 * A server that drops inputs of a batch under load would otherwise look fast.
 */
final class EmbeddingsInterpreter extends JsonAnswer {
  private int embeddings = -1;
  private int emptyAt = -1;

  EmbeddingsInterpreter(int inputs) {
    super(inputs);
  }

  @Override
  boolean readField(String field, JsonToken value, JsonParser json) throws IOException {
    if (!"data".equals(field) || value != JsonToken.START_ARRAY) {
      return false;
    }
    embeddings = 0;
    while (json.nextToken() == JsonToken.START_OBJECT) {
      if (!readItem(json) && emptyAt < 0) {
        emptyAt = embeddings;
      }
      embeddings++;
    }
    return true;
  }

  /** Reads one item of {@code data}; true when it holds an embedding. */
  private static boolean readItem(JsonParser json) throws IOException {
    boolean found = false;
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      String field = json.currentName();
      JsonToken value = json.nextToken();
      if ("embedding".equals(field) && value == JsonToken.START_ARRAY) {
        found = countElements(json) > 0;
      } else if ("embedding".equals(field) && value == JsonToken.VALUE_STRING) {
        found = !json.getText().isEmpty();
      } else {
        json.skipChildren();
      }
    }
    return found;
  }

  @Override
  String check() {
    if (embeddings < 0) {
      return "embeddings answer without a data array";
    }
    if (inputs >= 0 && embeddings != inputs) {
      return "embeddings answer has " + embeddings + " embeddings for " + inputs + " inputs";
    }
    if (emptyAt >= 0) {
      return "embeddings answer has no embedding at data[" + emptyAt + "]";
    }
    return null;
  }
}
