package dev.gatlingllm.api.ollama;

import com.fasterxml.jackson.core.JsonToken;
import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.StreamSignals;
import dev.gatlingllm.api.json.DialectJson;
import dev.gatlingllm.api.json.FrameJson;
import dev.gatlingllm.api.json.JsonCursor;
import dev.gatlingllm.framing.Frame;
import dev.gatlingllm.values.OutputKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the lines of an Ollama stream ({@code /api/chat} or {@code /api/generate}) from their UTF-8
 * bytes with {@link FrameJson}. Each line is one JSON object: generated text ({@code
 * message.content} or {@code response}), reasoning ({@code message.thinking} or {@code thinking}),
 * tool calls ({@code message.tool_calls}, each whole in one line); the last line has {@code "done":
 * true}, {@code done_reason} and the server's counts and timings ({@code prompt_eval_count}, {@code
 * eval_count}, {@code prompt_eval_duration}, {@code eval_duration} in nanoseconds); an error is
 * {@code {"error": "..."}}.
 *
 * <p>A line's signals are collected first and emitted only once the whole line parsed: a broken
 * line reports {@link StreamSignals#onMalformed} alone, never half of its content.
 */
final class OllamaStreamInterpreter implements StreamInterpreter {
  /** Where the generated text sits in a line. */
  enum Shape {
    /** {@code message.{content, thinking, tool_calls}}. */
    CHAT,
    /** {@code response}, {@code thinking}. */
    GENERATE
  }

  private static final String[] KNOWN_DONE_REASONS = {"stop", "length", "load", "unload"};

  /** The text a tool call counts as when it names no function: it is output all the same. */
  private static final String UNNAMED_TOOL_CALL = "tool_call";

  private final Shape shape;
  private final FrameJson json = new FrameJson(DialectJson.FACTORY, true);
  private final Runnable restart = this::clear;
  private final FrameJson.Reader reader = this::read;

  // What the line being parsed carries.
  private String reasoning;
  private String content;
  private final List<String> toolCalls = new ArrayList<>(2);
  private boolean done;
  private String doneReason;
  private long promptEvalCount;
  private long evalCount;
  private long evalDuration;
  private long promptEvalDuration;
  private String error;

  OllamaStreamInterpreter(Shape shape) {
    this.shape = shape;
    clear();
  }

  @Override
  public void onFrame(Frame frame, StreamSignals signals) {
    byte[] data = frame.dataBytes();
    int offset = frame.dataOffset();
    int length = frame.dataLength();
    clear();
    if (!json.read(data, offset, length, restart, reader)) {
      clear();
      signals.onMalformed(
          "invalid JSON in NDJSON line: " + DialectJson.excerpt(data, offset, length));
      return;
    }
    emit(signals);
  }

  /** One object, closed, with nothing after it. */
  private boolean read(JsonCursor cursor) throws IOException {
    if (cursor.nextToken() != JsonToken.START_OBJECT) {
      return false;
    }
    return readTopLevel(cursor) == JsonToken.END_OBJECT && cursor.atEnd();
  }

  private JsonToken readTopLevel(JsonCursor cursor) throws IOException {
    JsonToken token;
    while ((token = cursor.nextToken()) == JsonToken.FIELD_NAME) {
      JsonToken value = cursor.nextToken();
      if (shape == Shape.CHAT && value == JsonToken.START_OBJECT && cursor.nameIs("message")) {
        readMessage(cursor);
      } else if (shape == Shape.GENERATE
          && value == JsonToken.VALUE_STRING
          && cursor.nameIs("response")) {
        content = nonEmptyText(cursor);
      } else if (shape == Shape.GENERATE
          && value == JsonToken.VALUE_STRING
          && cursor.nameIs("thinking")) {
        reasoning = nonEmptyText(cursor);
      } else if (cursor.nameIs("done")) {
        done = value == JsonToken.VALUE_TRUE;
        cursor.skipChildren(); // an odd object or array is not the end, and must not derail the
        // reading
      } else if (value == JsonToken.VALUE_STRING && cursor.nameIs("done_reason")) {
        doneReason = cursor.textIsEmpty() ? null : doneReason(cursor);
      } else if (value == JsonToken.VALUE_NUMBER_INT && cursor.nameIs("prompt_eval_count")) {
        promptEvalCount = cursor.longValue();
      } else if (value == JsonToken.VALUE_NUMBER_INT && cursor.nameIs("eval_count")) {
        evalCount = cursor.longValue();
      } else if (value == JsonToken.VALUE_NUMBER_INT && cursor.nameIs("eval_duration")) {
        evalDuration = cursor.longValue();
      } else if (value == JsonToken.VALUE_NUMBER_INT && cursor.nameIs("prompt_eval_duration")) {
        promptEvalDuration = cursor.longValue();
      } else if (cursor.nameIs("error")) {
        readError(cursor, value);
      } else {
        cursor.skipChildren(); // model, created_at, context, total_duration, load_duration...
      }
    }
    return token;
  }

  private void readMessage(JsonCursor cursor) throws IOException {
    while (cursor.nextToken() == JsonToken.FIELD_NAME) {
      JsonToken value = cursor.nextToken();
      if (value == JsonToken.VALUE_STRING && cursor.nameIs("content")) {
        content = nonEmptyText(cursor);
      } else if (value == JsonToken.VALUE_STRING && cursor.nameIs("thinking")) {
        reasoning = nonEmptyText(cursor);
      } else if (value == JsonToken.START_ARRAY && cursor.nameIs("tool_calls")) {
        readToolCalls(cursor);
      } else {
        cursor.skipChildren(); // role, images...
      }
    }
  }

  /**
   * Each call comes whole: its function's name is the output text; the arguments object is skipped.
   */
  private void readToolCalls(JsonCursor cursor) throws IOException {
    for (JsonToken token = cursor.nextToken(); !isArrayEnd(token); token = cursor.nextToken()) {
      if (token != JsonToken.START_OBJECT) {
        cursor.skipChildren();
        continue;
      }
      String name = null;
      while (cursor.nextToken() == JsonToken.FIELD_NAME) {
        if (cursor.nextToken() == JsonToken.START_OBJECT && cursor.nameIs("function")) {
          name = readFunctionName(cursor);
        } else {
          cursor.skipChildren(); // id, type
        }
      }
      toolCalls.add(name != null ? name : UNNAMED_TOOL_CALL);
    }
  }

  private String readFunctionName(JsonCursor cursor) throws IOException {
    String name = null;
    while (cursor.nextToken() == JsonToken.FIELD_NAME) {
      if (cursor.nextToken() == JsonToken.VALUE_STRING && cursor.nameIs("name")) {
        name = nonEmptyText(cursor);
      } else {
        cursor.skipChildren(); // arguments, index
      }
    }
    return name;
  }

  private void readError(JsonCursor cursor, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_STRING) {
      error = cursor.textIsEmpty() ? "error without message" : cursor.text();
    } else if (value == JsonToken.START_OBJECT) {
      String message = null;
      while (cursor.nextToken() == JsonToken.FIELD_NAME) {
        if (cursor.nextToken() == JsonToken.VALUE_STRING && cursor.nameIs("message")) {
          message = cursor.text();
        } else {
          cursor.skipChildren();
        }
      }
      error = message != null && !message.isBlank() ? message : "error object without message";
    } else if (value != JsonToken.VALUE_NULL) {
      cursor.skipChildren();
      error = "error without message";
    }
  }

  /**
   * See {@code OpenAiStreamInterpreter}: null, and a non-blocking parser out of input, end a loop
   * too.
   */
  private static boolean isArrayEnd(JsonToken token) {
    return token == JsonToken.END_ARRAY || token == null || token == JsonToken.NOT_AVAILABLE;
  }

  private static String nonEmptyText(JsonCursor cursor) throws IOException {
    return cursor.textIsEmpty() ? null : cursor.text();
  }

  /** The usual reasons as constants: no String per stream for "stop". */
  private static String doneReason(JsonCursor cursor) throws IOException {
    for (String known : KNOWN_DONE_REASONS) {
      if (cursor.textEquals(known)) {
        return known;
      }
    }
    return cursor.text();
  }

  private void emit(StreamSignals signals) {
    if (reasoning != null) {
      signals.onOutput(OutputKind.REASONING, reasoning);
    }
    if (content != null) {
      signals.onOutput(OutputKind.CONTENT, content);
    }
    // Each call starts a call of its own, as OpenAI's function name does; its arguments object is
    // not kept.
    for (String toolCall : toolCalls) {
      signals.onOutput(OutputKind.TOOL_CALL_NAME, toolCall);
    }
    if (error != null) {
      signals.onStreamError(error);
    } else if (done) {
      if (doneReason != null) {
        signals.onFinish(doneReason);
      }
      if (promptEvalCount != -1 || evalCount != -1) {
        signals.onUsage(promptEvalCount, evalCount);
      }
      if (evalDuration >= 0) {
        signals.onServerDecodeTime(evalDuration);
      }
      if (promptEvalDuration >= 0) {
        signals.onServerPrefillTime(promptEvalDuration);
      }
      signals.onDone();
    }
    clear();
  }

  private void clear() {
    // Drop the texts so that a long-lived interpreter keeps no output alive.
    reasoning = null;
    content = null;
    toolCalls.clear();
    done = false;
    doneReason = null;
    promptEvalCount = -1;
    evalCount = -1;
    evalDuration = -1;
    promptEvalDuration = -1;
    error = null;
  }
}
