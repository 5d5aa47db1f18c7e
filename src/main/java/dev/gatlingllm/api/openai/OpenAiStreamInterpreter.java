package dev.gatlingllm.api.openai;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.gatlingllm.api.OutputKind;
import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.StreamSignals;
import dev.gatlingllm.sse.SseEvent;
import java.io.IOException;
import java.util.Arrays;

/**
 * Reads the chunks of an OpenAI-style stream (chat or completions) with Jackson's streaming parser straight
 * from the event's UTF-8 bytes. Only the generated text and error messages become Strings; every other field
 * is skipped or compared in place, and the parser is reused from event to event ({@link ThreadAsyncParsers}).
 *
 * <p>An event's signals are collected first and emitted only once the whole event parsed: a truncated or
 * broken chunk reports {@link StreamSignals#onMalformed} alone, never half of its content, so a damaged
 * event cannot be mistaken for the first token.
 */
final class OpenAiStreamInterpreter implements StreamInterpreter {
  /** Where the generated text sits in a choice. */
  enum Shape {
    /** {@code choices[].delta.{content, reasoning_content, reasoning, tool_calls}}. */
    CHAT,
    /** {@code choices[].text}. */
    COMPLETIONS
  }

  private static final byte[] DONE = {'[', 'D', 'O', 'N', 'E', ']'};
  private static final String ERROR_TYPE = "error";
  private static final String[] KNOWN_FINISH_REASONS = {
    "stop", "length", "tool_calls", "content_filter", "function_call", "abort", "error"
  };

  private final Shape shape;
  private final EventParsers parsers;

  // The pending signals of the event being parsed, in stream order: a null kind marks a finish reason.
  private OutputKind[] pendingKinds = new OutputKind[4];
  private String[] pendingTexts = new String[4];
  private int pending;
  private boolean hasUsage;
  private long promptTokens;
  private long completionTokens;
  private String error;
  /** The top-level {@code "object":"error"} and {@code "message"} of older vLLM versions' stream errors. */
  private boolean objectIsError;
  private String topLevelMessage;

  OpenAiStreamInterpreter(Shape shape) {
    this(shape, ThreadAsyncParsers.INSTANCE);
  }

  /** With another parser source: the benchmarks compare against {@link PerEventParsers}. */
  OpenAiStreamInterpreter(Shape shape, EventParsers parsers) {
    this.shape = shape;
    this.parsers = parsers;
  }

  @Override
  public void onEvent(SseEvent event, StreamSignals signals) {
    byte[] data = event.dataBytes();
    int length = event.dataLength();
    if (ERROR_TYPE.equals(event.type())) {
      signals.onStreamError(OpenAiErrors.message(event.dataAsString()));
      return;
    }
    int start = skipWhitespace(data, 0, length);
    if (start == length) {
      return; // an empty data line carries nothing; some proxies send one as a keep-alive
    }
    if (isDone(data, start, length)) {
      signals.onDone();
      return;
    }
    clear();
    if (!parse(data, length)) {
      clear();
      signals.onMalformed("invalid JSON in SSE event: " + OpenAiJson.excerpt(data, length));
      return;
    }
    emit(signals);
  }

  /** Fills the pending signals; false when the data is not one well-formed JSON object. */
  private boolean parse(byte[] data, int length) {
    JsonParser parser = null;
    boolean ok = false;
    try {
      parser = parsers.open(data, length);
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return false;
      }
      JsonToken end = readTopLevel(parser);
      // The object must be closed, and nothing may follow it. (The token that ended the loop, not
      // currentToken(): a non-blocking parser that runs out of input returns NOT_AVAILABLE but may leave
      // currentToken() at the last real token, e.g. the END_OBJECT of a nested object.)
      ok = end == JsonToken.END_OBJECT && parsers.atEnd(parser);
      return ok;
    } catch (IOException e) {
      return false;
    } finally {
      if (parser != null) {
        parsers.release(parser, ok);
      }
    }
  }

  /** Reads the top-level fields; returns the token that ended them (END_OBJECT when the object closed). */
  private JsonToken readTopLevel(JsonParser parser) throws IOException {
    JsonToken token;
    while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
      String name = parser.currentName(); // canonicalised by Jackson: no allocation per event
      JsonToken value = parser.nextToken();
      switch (name) {
        case "choices" -> {
          if (value == JsonToken.START_ARRAY) {
            readChoices(parser);
          } else {
            parser.skipChildren();
          }
        }
        case "usage" -> {
          if (value == JsonToken.START_OBJECT) {
            readUsage(parser);
          } else {
            parser.skipChildren(); // OpenAI sends "usage": null on every chunk but the last
          }
        }
        case "error" -> readError(parser, value);
        case "object" -> {
          objectIsError = value == JsonToken.VALUE_STRING && OpenAiJson.textEquals(parser, ERROR_TYPE);
          parser.skipChildren();
        }
        case "message" -> {
          if (value == JsonToken.VALUE_STRING) {
            topLevelMessage = parser.getText();
          } else {
            parser.skipChildren();
          }
        }
        default -> parser.skipChildren(); // id, model, created, system_fingerprint, timings (llama.cpp)...
      }
    }
    if (error == null && objectIsError) {
      error = topLevelMessage != null ? topLevelMessage : "error object without message";
    }
    return token;
  }

  private void readChoices(JsonParser parser) throws IOException {
    for (JsonToken token = parser.nextToken(); !isArrayEnd(token); token = parser.nextToken()) {
      if (token == JsonToken.START_OBJECT) {
        readChoice(parser);
      } else {
        parser.skipChildren();
      }
    }
  }

  /**
   * A blocking parser throws on a truncated array; a non-blocking one returns NOT_AVAILABLE at the end of
   * the event's bytes: both must end the loop rather than spin.
   */
  private static boolean isArrayEnd(JsonToken token) {
    return token == JsonToken.END_ARRAY || token == null || token == JsonToken.NOT_AVAILABLE;
  }

  private void readChoice(JsonParser parser) throws IOException {
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (shape == Shape.CHAT && value == JsonToken.START_OBJECT && name.equals("delta")) {
        readDelta(parser);
      } else if (shape == Shape.COMPLETIONS && value == JsonToken.VALUE_STRING && name.equals("text")) {
        addText(OutputKind.CONTENT, parser);
      } else if (value == JsonToken.VALUE_STRING && name.equals("finish_reason")) {
        if (parser.getTextLength() > 0) {
          add(null, finishReason(parser));
        }
      } else {
        parser.skipChildren(); // index, logprobs, stop_reason (vLLM), matched_stop (SGLang)...
      }
    }
  }

  private void readDelta(JsonParser parser) throws IOException {
    // Some servers send the same reasoning text under both names during the rename from
    // reasoning_content to reasoning; one delta must count it once.
    boolean reasoningSeen = false;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (value == JsonToken.VALUE_STRING && name.equals("content")) {
        addText(OutputKind.CONTENT, parser);
      } else if (value == JsonToken.VALUE_STRING && (name.equals("reasoning_content") || name.equals("reasoning"))) {
        if (!reasoningSeen && parser.getTextLength() > 0) {
          reasoningSeen = true;
          addText(OutputKind.REASONING, parser);
        }
      } else if (value == JsonToken.START_ARRAY && name.equals("tool_calls")) {
        readToolCalls(parser);
      } else {
        parser.skipChildren(); // role, refusal, a null content...
      }
    }
  }

  private void readToolCalls(JsonParser parser) throws IOException {
    for (JsonToken token = parser.nextToken(); !isArrayEnd(token); token = parser.nextToken()) {
      if (token != JsonToken.START_OBJECT) {
        parser.skipChildren();
        continue;
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        if (parser.nextToken() == JsonToken.START_OBJECT && name.equals("function")) {
          readFunction(parser);
        } else {
          parser.skipChildren(); // index, id, type
        }
      }
    }
  }

  /** The name comes in the first delta of a call, the arguments in fragments after: each fragment is output. */
  private void readFunction(JsonParser parser) throws IOException {
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (value == JsonToken.VALUE_STRING && (name.equals("name") || name.equals("arguments"))) {
        addText(OutputKind.TOOL_CALL, parser);
      } else {
        parser.skipChildren();
      }
    }
  }

  private void readUsage(JsonParser parser) throws IOException {
    hasUsage = true;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (value == JsonToken.VALUE_NUMBER_INT && name.equals("prompt_tokens")) {
        promptTokens = parser.getLongValue();
      } else if (value == JsonToken.VALUE_NUMBER_INT && name.equals("completion_tokens")) {
        completionTokens = parser.getLongValue();
      } else {
        parser.skipChildren(); // total_tokens, prompt_tokens_details...
      }
    }
  }

  private void readError(JsonParser parser, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_STRING) {
      error = parser.getText();
    } else if (value == JsonToken.START_OBJECT) {
      String message = null;
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        if (parser.nextToken() == JsonToken.VALUE_STRING && name.equals("message")) {
          message = parser.getText();
        } else {
          parser.skipChildren(); // type, code, param
        }
      }
      error = message != null && !message.isBlank() ? message : "error object without message";
    } else if (value == JsonToken.START_ARRAY) {
      parser.skipChildren();
      error = "error array without message";
    } else if (value != JsonToken.VALUE_NULL) {
      error = "error: " + parser.getText(); // a number or boolean: odd, but still an error
    }
  }

  private void addText(OutputKind kind, JsonParser parser) throws IOException {
    if (parser.getTextLength() > 0) {
      add(kind, parser.getText());
    }
  }

  private void add(OutputKind kind, String text) {
    if (pending == pendingKinds.length) {
      pendingKinds = Arrays.copyOf(pendingKinds, pending * 2);
      pendingTexts = Arrays.copyOf(pendingTexts, pending * 2);
    }
    pendingKinds[pending] = kind;
    pendingTexts[pending] = text;
    pending++;
  }

  /** The usual reasons as constants: a String per chunk for "stop" would be pure garbage. */
  private static String finishReason(JsonParser parser) throws IOException {
    for (String known : KNOWN_FINISH_REASONS) {
      if (OpenAiJson.textEquals(parser, known)) {
        return known;
      }
    }
    return parser.getText();
  }

  private void emit(StreamSignals signals) {
    for (int i = 0; i < pending; i++) {
      if (pendingKinds[i] == null) {
        signals.onFinish(pendingTexts[i]);
      } else {
        signals.onOutput(pendingKinds[i], pendingTexts[i]);
      }
    }
    if (hasUsage) {
      signals.onUsage(promptTokens, completionTokens);
    }
    if (error != null) {
      signals.onStreamError(error);
    }
    clear();
  }

  private void clear() {
    // Drop the texts so that a long-lived interpreter keeps no output alive.
    Arrays.fill(pendingTexts, 0, pending, null);
    pending = 0;
    hasUsage = false;
    promptTokens = -1;
    completionTokens = -1;
    error = null;
    objectIsError = false;
    topLevelMessage = null;
  }

  private static int skipWhitespace(byte[] data, int from, int to) {
    int i = from;
    while (i < to && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r')) {
      i++;
    }
    return i;
  }

  /** {@code [DONE]}, tolerating surrounding whitespace, compared on the bytes. */
  private static boolean isDone(byte[] data, int start, int length) {
    if (length - start < DONE.length) {
      return false;
    }
    for (int i = 0; i < DONE.length; i++) {
      if (data[start + i] != DONE[i]) {
        return false;
      }
    }
    return skipWhitespace(data, start + DONE.length, length) == length;
  }
}
