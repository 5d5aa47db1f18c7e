package dev.gatlingllm.api.pooling;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Reads a rerank answer: {@code results} must hold at least one and at most one item per document
 * (fewer with {@code top_n}), each with an {@code index} among the documents and a numeric {@code
 * relevance_score}.
 */
final class RerankInterpreter extends JsonAnswer {
  private int results = -1;
  private String badItem;

  RerankInterpreter(int documents) {
    super(documents);
  }

  @Override
  boolean readField(String field, JsonToken value, JsonParser json) throws IOException {
    if (!"results".equals(field) || value != JsonToken.START_ARRAY) {
      return false;
    }
    results = 0;
    while (json.nextToken() == JsonToken.START_OBJECT) {
      String problem = readItem(json);
      if (problem != null && badItem == null) {
        badItem = "rerank answer results[" + results + "] " + problem;
      }
      results++;
    }
    return true;
  }

  /** Reads one result; null when it holds a valid index and a score, else what is wrong. */
  private String readItem(JsonParser json) throws IOException {
    long index = -1;
    boolean scored = false;
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      String field = json.currentName();
      JsonToken value = json.nextToken();
      if ("index".equals(field) && value == JsonToken.VALUE_NUMBER_INT) {
        index = json.getLongValue();
      } else if ("relevance_score".equals(field) && value.isNumeric()) {
        scored = true;
      } else {
        json.skipChildren();
      }
    }
    if (index < 0 || inputs >= 0 && index >= inputs) {
      return "has no index among the " + inputs + " documents";
    }
    return scored ? null : "has no relevance_score";
  }

  @Override
  String check() {
    if (results < 0) {
      return "rerank answer without a results array";
    }
    if (results == 0 || inputs >= 0 && results > inputs) {
      return "rerank answer has " + results + " results for " + inputs + " documents";
    }
    return badItem;
  }
}
