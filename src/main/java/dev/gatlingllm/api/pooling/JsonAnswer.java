package dev.gatlingllm.api.pooling;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.StreamSignals;
import dev.gatlingllm.framing.Frame;
import java.io.IOException;

/**
 * Reads a whole JSON answer with a streaming parser, field by field, so that a batch of large
 * vectors is counted without building a tree of them. Each API reads its own fields; this class
 * reads {@code usage} and {@code error}, which all of them share, and ends the answer: OK when the
 * API's check passes, KO naming what is missing otherwise.
 */
abstract class JsonAnswer implements StreamInterpreter {
  private static final JsonFactory FACTORY = new JsonFactory();

  /** The texts the request sent, or -1 when unknown. */
  final int inputs;

  private long promptTokens = -1;

  JsonAnswer(int inputs) {
    this.inputs = inputs;
  }

  @Override
  public final void onFrame(Frame frame, StreamSignals signals) {
    String problem;
    try (JsonParser json =
        FACTORY.createParser(frame.dataBytes(), frame.dataOffset(), frame.dataLength())) {
      if (json.nextToken() != JsonToken.START_OBJECT) {
        signals.onMalformed("answer is not a JSON object: " + excerpt(frame));
        return;
      }
      String error = null;
      while (json.nextToken() == JsonToken.FIELD_NAME) {
        String field = json.currentName();
        JsonToken value = json.nextToken();
        if ("usage".equals(field) && value == JsonToken.START_OBJECT) {
          readUsage(json);
        } else if ("error".equals(field) && value != JsonToken.VALUE_NULL) {
          error = value == JsonToken.START_OBJECT ? errorMessage(json) : json.getText();
          json.skipChildren();
        } else if (!readField(field, value, json)) {
          json.skipChildren();
        }
      }
      if (error != null) {
        signals.onStreamError(error);
        return;
      }
      problem = check();
    } catch (IOException | RuntimeException e) {
      signals.onMalformed("answer is not valid JSON (" + e.getMessage() + "): " + excerpt(frame));
      return;
    }
    if (problem != null) {
      signals.onMalformed(problem);
      return;
    }
    // Output tokens: none; an embeddings or rerank server reports only its input tokens.
    signals.onUsage(promptTokens, -1);
    signals.onDone();
  }

  /**
   * Reads one top-level field of the API's own, positioned on its value.
   *
   * @return false to skip it
   */
  abstract boolean readField(String field, JsonToken value, JsonParser json) throws IOException;

  /** Null when the answer holds what the request asked for, else the KO message. */
  abstract String check();

  private void readUsage(JsonParser json) throws IOException {
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      String field = json.currentName();
      JsonToken value = json.nextToken();
      if (("prompt_tokens".equals(field) || "total_tokens".equals(field) && promptTokens < 0)
          && value == JsonToken.VALUE_NUMBER_INT) {
        promptTokens = json.getLongValue();
      } else {
        json.skipChildren();
      }
    }
  }

  private static String errorMessage(JsonParser json) throws IOException {
    String message = null;
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      String field = json.currentName();
      JsonToken value = json.nextToken();
      if ("message".equals(field) && value == JsonToken.VALUE_STRING) {
        message = json.getText();
      } else {
        json.skipChildren();
      }
    }
    return message != null ? message : "(error without a message)";
  }

  /** The number of elements of the array the parser is on, skipping each. */
  static int countElements(JsonParser json) throws IOException {
    int count = 0;
    while (json.nextToken() != JsonToken.END_ARRAY) {
      json.skipChildren();
      count++;
    }
    return count;
  }

  private static String excerpt(Frame frame) {
    String text = frame.dataAsString().strip();
    return text.length() <= 120 ? text : text.substring(0, 120) + "...";
  }
}
