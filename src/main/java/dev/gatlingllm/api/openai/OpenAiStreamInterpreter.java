package dev.gatlingllm.api.openai;

import com.fasterxml.jackson.core.JsonToken;
import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.StreamSignals;
import dev.gatlingllm.api.events.PendingSignals;
import dev.gatlingllm.api.json.DialectJson;
import dev.gatlingllm.api.json.DoneMarker;
import dev.gatlingllm.api.json.FrameJson;
import dev.gatlingllm.api.json.JsonCursor;
import dev.gatlingllm.framing.Frame;
import dev.gatlingllm.values.OutputKind;
import java.io.IOException;
import java.util.function.LongConsumer;

/**
 * Reads the chunks of an OpenAI-style stream (chat or completions) straight from the event's UTF-8
 * bytes, with {@link FrameJson} (a fast cursor over the bytes, and Jackson for the events that
 * cursor leaves to it). Only the generated text and error messages become Strings; every other
 * field is skipped or compared in place.
 *
 * <p>An event's signals are collected first and emitted only once the whole event parsed: a
 * truncated or broken chunk reports {@link StreamSignals#onMalformed} alone, never half of its
 * content, so a damaged event cannot be mistaken for the first token.
 */
final class OpenAiStreamInterpreter implements StreamInterpreter {
  /** Where the generated text sits in a choice. */
  enum Shape {
    /** {@code choices[].delta.{content, reasoning_content, reasoning, tool_calls}}. */
    CHAT,
    /** {@code choices[].text}. */
    COMPLETIONS
  }

  private static final String ERROR_TYPE = "error";
  private static final String[] KNOWN_FINISH_REASONS = {
    "stop", "length", "tool_calls", "content_filter", "function_call", "abort", "error"
  };

  private final Shape shape;
  private final FrameJson json;
  private final Runnable restart = this::clear;
  private final FrameJson.Reader reader = this::read;

  /** The signals of the event being parsed, handed over once the whole event has parsed. */
  private final PendingSignals pending = new PendingSignals();

  /**
   * The top-level {@code "object":"error"} and {@code "message"} of older vLLM versions' stream
   * errors.
   */
  private boolean objectIsError;

  private String topLevelMessage;

  OpenAiStreamInterpreter(Shape shape) {
    this(shape, true);
  }

  /** {@code fastPath} false: Jackson reads every event (for the benchmarks' comparison). */
  OpenAiStreamInterpreter(Shape shape, boolean fastPath) {
    this.shape = shape;
    this.json = new FrameJson(DialectJson.FACTORY, fastPath);
  }

  @Override
  public void onFrame(Frame frame, StreamSignals signals) {
    byte[] data = frame.dataBytes();
    int offset = frame.dataOffset();
    int end = offset + frame.dataLength();
    if (ERROR_TYPE.equals(frame.eventName())) {
      signals.onStreamError(OpenAiErrors.message(frame.dataAsString()));
      return;
    }
    int start = DoneMarker.skipWhitespace(data, offset, end);
    if (start == end) {
      return; // an empty data line carries nothing; some proxies send one as a keep-alive
    }
    if (DoneMarker.isDone(data, start, end)) {
      signals.onDone();
      return;
    }
    clear();
    if (!parse(data, offset, frame.dataLength())) {
      clear();
      signals.onMalformed(
          "invalid JSON in SSE event: " + DialectJson.excerpt(data, offset, frame.dataLength()));
      return;
    }
    pending.emitTo(signals);
  }

  /** Fills the pending signals; false when the data is not one well-formed JSON object. */
  private boolean parse(byte[] data, int offset, int length) {
    return json.read(data, offset, length, restart, reader);
  }

  private boolean read(JsonCursor json) throws IOException {
    if (json.nextToken() != JsonToken.START_OBJECT) {
      return false;
    }
    // The object must be closed, and nothing may follow it.
    return readTopLevel(json) == JsonToken.END_OBJECT && json.atEnd();
  }

  /**
   * Reads the top-level fields; returns the token that ended them (END_OBJECT when the object
   * closed).
   */
  private JsonToken readTopLevel(JsonCursor json) throws IOException {
    JsonToken token;
    while ((token = json.nextToken()) == JsonToken.FIELD_NAME) {
      JsonToken value = json.nextToken();
      if (json.nameIs("choices")) {
        if (value == JsonToken.START_ARRAY) {
          readChoices(json);
        } else {
          json.skipChildren();
        }
      } else if (json.nameIs("usage")) {
        if (value == JsonToken.START_OBJECT) {
          readUsage(json);
        } else {
          json.skipChildren(); // OpenAI sends "usage": null on every chunk but the last
        }
      } else if (json.nameIs("error")) {
        readError(json, value);
      } else if (json.nameIs("object")) {
        objectIsError = value == JsonToken.VALUE_STRING && json.textEquals(ERROR_TYPE);
        json.skipChildren();
      } else if (json.nameIs("message") && value == JsonToken.VALUE_STRING) {
        topLevelMessage = json.text();
      } else if (json.nameIs("timings") && value == JsonToken.START_OBJECT) {
        readTimings(json);
      } else {
        json.skipChildren(); // id, model, created, system_fingerprint...
      }
    }
    if (objectIsError) {
      // Kept only when the event had no "error" field of its own (the first error of an event is
      // kept).
      pending.error(topLevelMessage != null ? topLevelMessage : "error object without message");
    }
    return token;
  }

  private void readChoices(JsonCursor json) throws IOException {
    for (JsonToken token = json.nextToken(); !isArrayEnd(token); token = json.nextToken()) {
      if (token == JsonToken.START_OBJECT) {
        readChoice(json);
      } else {
        json.skipChildren();
      }
    }
  }

  /**
   * Both cursors throw on a truncated array; null and NOT_AVAILABLE (a non-blocking parser out of
   * input) end the loop all the same, so that no reader can make it spin.
   */
  private static boolean isArrayEnd(JsonToken token) {
    return token == JsonToken.END_ARRAY || token == null || token == JsonToken.NOT_AVAILABLE;
  }

  private void readChoice(JsonCursor json) throws IOException {
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      JsonToken value = json.nextToken();
      if (shape == Shape.CHAT && value == JsonToken.START_OBJECT && json.nameIs("delta")) {
        readDelta(json);
      } else if (shape == Shape.COMPLETIONS
          && value == JsonToken.VALUE_STRING
          && json.nameIs("text")) {
        addText(OutputKind.CONTENT, json);
      } else if (value == JsonToken.VALUE_STRING && json.nameIs("finish_reason")) {
        if (!json.textIsEmpty()) {
          pending.finish(finishReason(json));
        }
      } else {
        json.skipChildren(); // index, logprobs, stop_reason (vLLM), matched_stop (SGLang)...
      }
    }
  }

  private void readDelta(JsonCursor json) throws IOException {
    // Some servers send the same reasoning text under both names during the rename from
    // reasoning_content to reasoning; one delta must count it once.
    boolean reasoningSeen = false;
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      JsonToken value = json.nextToken();
      if (value == JsonToken.VALUE_STRING && json.nameIs("content")) {
        addText(OutputKind.CONTENT, json);
      } else if (value == JsonToken.VALUE_STRING
          && (json.nameIs("reasoning_content") || json.nameIs("reasoning"))) {
        if (!reasoningSeen && !json.textIsEmpty()) {
          reasoningSeen = true;
          addText(OutputKind.REASONING, json);
        }
      } else if (value == JsonToken.START_ARRAY && json.nameIs("tool_calls")) {
        readToolCalls(json);
      } else {
        json.skipChildren(); // role, refusal, a null content...
      }
    }
  }

  private void readToolCalls(JsonCursor json) throws IOException {
    for (JsonToken token = json.nextToken(); !isArrayEnd(token); token = json.nextToken()) {
      if (token != JsonToken.START_OBJECT) {
        json.skipChildren();
        continue;
      }
      while (json.nextToken() == JsonToken.FIELD_NAME) {
        if (json.nextToken() == JsonToken.START_OBJECT && json.nameIs("function")) {
          readFunction(json);
        } else {
          json.skipChildren(); // index, id, type
        }
      }
    }
  }

  /**
   * The name comes in the first delta of a call, the arguments in fragments after: each fragment is
   * output.
   */
  private void readFunction(JsonCursor json) throws IOException {
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      JsonToken value = json.nextToken();
      if (value == JsonToken.VALUE_STRING && json.nameIs("name")) {
        addText(OutputKind.TOOL_CALL_NAME, json);
      } else if (value == JsonToken.VALUE_STRING && json.nameIs("arguments")) {
        addText(OutputKind.TOOL_CALL, json);
      } else {
        json.skipChildren();
      }
    }
  }

  private void readUsage(JsonCursor json) throws IOException {
    pending.usage(-1, -1);
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      JsonToken value = json.nextToken();
      if (value == JsonToken.VALUE_NUMBER_INT && json.nameIs("prompt_tokens")) {
        pending.usage(json.longValue(), -1);
      } else if (value == JsonToken.VALUE_NUMBER_INT && json.nameIs("completion_tokens")) {
        pending.usage(-1, json.longValue());
      } else if (value == JsonToken.START_OBJECT && json.nameIs("completion_tokens_details")) {
        readCompletionDetails(json);
      } else {
        json.skipChildren(); // total_tokens, prompt_tokens_details...
      }
    }
  }

  /**
   * llama.cpp's {@code timings} (on the last chunk): {@code prompt_ms}, its prompt time, and its
   * decode time as the time of its {@code predicted_n} output tokens at its own rate, {@code
   * predicted_per_token_ms} x {@code predicted_n} (metrics.md, "Server decode tok/s"). Not {@code
   * predicted_ms}: that spans n - 1 decode steps, the first token coming from the prefill. Read
   * once per stream, so the numbers' text is parsed as it is.
   */
  private void readTimings(JsonCursor json) throws IOException {
    double perTokenMillis = -1;
    long predicted = -1;
    double promptMillis = -1;
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      JsonToken value = json.nextToken();
      boolean number = value == JsonToken.VALUE_NUMBER_FLOAT || value == JsonToken.VALUE_NUMBER_INT;
      if (number && json.nameIs("predicted_per_token_ms")) {
        perTokenMillis = Double.parseDouble(json.text());
      } else if (value == JsonToken.VALUE_NUMBER_INT && json.nameIs("predicted_n")) {
        predicted = json.longValue();
      } else if (number && json.nameIs("prompt_ms")) {
        promptMillis = Double.parseDouble(json.text());
      } else {
        json.skipChildren(); // prompt_n, predicted_ms, predicted_per_second...
      }
    }
    if (perTokenMillis >= 0 && predicted >= 0) {
      toNanos(perTokenMillis * predicted, pending::serverDecodeTime);
    }
    if (promptMillis >= 0) {
      toNanos(promptMillis, pending::serverPrefillTime);
    }
  }

  /** Milliseconds with a fraction, as nanoseconds; a value beyond a long's range is dropped. */
  private static void toNanos(double millis, LongConsumer to) {
    double nanos = millis * 1e6;
    if (nanos < Long.MAX_VALUE) {
      to.accept(Math.round(nanos));
    }
  }

  /** {@code reasoning_tokens}: the part of {@code completion_tokens} the model spent reasoning. */
  private void readCompletionDetails(JsonCursor json) throws IOException {
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      JsonToken value = json.nextToken();
      if (value == JsonToken.VALUE_NUMBER_INT && json.nameIs("reasoning_tokens")) {
        pending.reasoningTokens(json.longValue());
      } else {
        json.skipChildren(); // audio_tokens, accepted_prediction_tokens...
      }
    }
  }

  private void readError(JsonCursor json, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_STRING) {
      pending.error(json.text());
    } else if (value == JsonToken.START_OBJECT) {
      String message = null;
      while (json.nextToken() == JsonToken.FIELD_NAME) {
        if (json.nextToken() == JsonToken.VALUE_STRING && json.nameIs("message")) {
          message = json.text();
        } else {
          json.skipChildren(); // type, code, param
        }
      }
      pending.error(
          message != null && !message.isBlank() ? message : "error object without message");
    } else if (value == JsonToken.START_ARRAY) {
      json.skipChildren();
      pending.error("error array without message");
    } else if (value != JsonToken.VALUE_NULL) {
      pending.error("error: " + json.text()); // a number or boolean: odd, but still an error
    }
  }

  private void addText(OutputKind kind, JsonCursor json) throws IOException {
    if (!json.textIsEmpty()) {
      pending.output(kind, json.text());
    }
  }

  /** The usual reasons as constants: a String per chunk for "stop" would be pure garbage. */
  private static String finishReason(JsonCursor json) throws IOException {
    for (String known : KNOWN_FINISH_REASONS) {
      if (json.textEquals(known)) {
        return known;
      }
    }
    return json.text();
  }

  private void clear() {
    pending.clear();
    objectIsError = false;
    topLevelMessage = null;
  }
}
