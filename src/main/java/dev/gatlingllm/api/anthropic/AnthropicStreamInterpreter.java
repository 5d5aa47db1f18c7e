package dev.gatlingllm.api.anthropic;

import com.fasterxml.jackson.core.JsonToken;
import dev.gatlingllm.api.events.TypedEventInterpreter;
import dev.gatlingllm.api.json.JsonCursor;
import dev.gatlingllm.values.OutputKind;
import java.io.IOException;

/**
 * Reads an Anthropic Messages stream ({@code /v1/messages}).
 *
 * <ul>
 *   <li>{@code message_start}: the input tokens ({@code message.usage}); its {@code output_tokens}
 *       is a placeholder and is not read;
 *   <li>{@code content_block_start} and {@code content_block_delta}: output by field, whatever the
 *       block's type says: {@code text} (text_delta) is the answer, {@code thinking}
 *       (thinking_delta) reasoning, {@code partial_json} (input_json_delta) and a tool block's
 *       {@code name} a tool call; signatures and citations are not output;
 *   <li>{@code message_delta}: {@code delta.stop_reason} is the finish reason, {@code
 *       usage.output_tokens} the output count so far (cumulative);
 *   <li>{@code message_stop}: the stream's end;
 *   <li>{@code error}: {@code error.type} and {@code error.message}, a KO.
 * </ul>
 *
 * {@code ping}, {@code content_block_stop} and unknown events carry nothing.
 */
final class AnthropicStreamInterpreter extends TypedEventInterpreter {
  private static final int MESSAGE_START = 1;
  private static final int BLOCK = 2;
  private static final int MESSAGE_DELTA = 3;
  private static final int MESSAGE_STOP = 4;
  private static final int ERROR = 5;

  private static final String[] KNOWN_STOP_REASONS = {
    "end_turn", "max_tokens", "stop_sequence", "tool_use", "pause_turn", "refusal"
  };

  /**
   * One reader for every block event: a method reference made per event would be garbage per token.
   */
  private final FieldReader blockFields = this::readBlockField;

  private String error;

  @Override
  protected int eventType(JsonCursor json) throws IOException {
    if (json.textEquals("content_block_delta") || json.textEquals("content_block_start")) {
      return BLOCK;
    }
    if (json.textEquals("message_start")) {
      return MESSAGE_START;
    }
    if (json.textEquals("message_delta")) {
      return MESSAGE_DELTA;
    }
    if (json.textEquals("message_stop")) {
      return MESSAGE_STOP;
    }
    return json.textEquals("error") ? ERROR : UNKNOWN;
  }

  @Override
  protected void startEvent() {
    error = null;
  }

  @Override
  protected void readField(int type, JsonCursor json, JsonToken value) throws IOException {
    boolean object = value == JsonToken.START_OBJECT;
    if (type == BLOCK && object && (json.nameIs("delta") || json.nameIs("content_block"))) {
      readObject(json, blockFields);
    } else if (type == MESSAGE_START && object && json.nameIs("message")) {
      readObject(
          json,
          (j, v) -> {
            if (v == JsonToken.START_OBJECT && j.nameIs("usage")) {
              readUsage(j, false);
            } else {
              j.skipChildren(); // id, role, content (empty), model, stop_reason (null)
            }
          });
    } else if (type == MESSAGE_DELTA && object && json.nameIs("delta")) {
      readObject(
          json,
          (j, v) -> {
            if (v == JsonToken.VALUE_STRING && j.nameIs("stop_reason")) {
              pending.finish(stopReason(j));
            } else {
              j.skipChildren(); // stop_sequence, a null stop_reason
            }
          });
    } else if (type == MESSAGE_DELTA && object && json.nameIs("usage")) {
      readUsage(json, true);
    } else if (type == ERROR && json.nameIs("error")) {
      error = errorText(json, value);
    } else {
      json.skipChildren(); // index, a message_delta's context_management...
    }
  }

  private void readBlockField(JsonCursor json, JsonToken value) throws IOException {
    if (value != JsonToken.VALUE_STRING || json.textIsEmpty()) {
      json.skipChildren(); // input ({} of a tool block), citation...
    } else if (json.nameIs("text")) {
      pending.output(OutputKind.CONTENT, json.text());
    } else if (json.nameIs("thinking")) {
      pending.output(OutputKind.REASONING, json.text());
    } else if (json.nameIs("partial_json")) {
      pending.output(OutputKind.TOOL_CALL, json.text());
    } else if (json.nameIs("name")) {
      // A tool block's name starts a call, as OpenAI's function name does.
      pending.output(OutputKind.TOOL_CALL_NAME, json.text());
    }
    // type, id, signature: not output
  }

  /**
   * The input is {@code input_tokens} plus the cached parts the API counts apart ({@code
   * cache_creation_input_tokens}, {@code cache_read_input_tokens}): all of it is the prompt. The
   * output count (thinking tokens included) is read from {@code message_delta} only ({@code
   * withOutput}).
   */
  private void readUsage(JsonCursor json, boolean withOutput) throws IOException {
    long[] counts = {-1, -1};
    readObject(
        json,
        (j, v) -> {
          if (v != JsonToken.VALUE_NUMBER_INT) {
            j.skipChildren(); // null cache counts, server_tool_use, service_tier...
          } else if (j.nameIs("input_tokens")
              || j.nameIs("cache_creation_input_tokens")
              || j.nameIs("cache_read_input_tokens")) {
            counts[0] = saturatedSum(Math.max(0, counts[0]), j.longValue());
          } else if (withOutput && j.nameIs("output_tokens")) {
            counts[1] = j.longValue();
          }
        });
    pending.usage(counts[0], counts[1]);
  }

  /**
   * {@code a + b}, stopping at a long's bounds: a count beyond them must stay implausible, not wrap
   * round.
   */
  private static long saturatedSum(long a, long b) {
    long sum = a + b;
    if (((a ^ sum) & (b ^ sum)) < 0) {
      return b < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    return sum;
  }

  private static String stopReason(JsonCursor json) throws IOException {
    for (String known : KNOWN_STOP_REASONS) {
      if (json.textEquals(known)) {
        return known;
      }
    }
    return json.text();
  }

  @Override
  protected void endEvent(int type) {
    if (type == MESSAGE_STOP) {
      pending.done();
    } else if (type == ERROR) {
      pending.error(error != null ? error : "error event without details");
    }
  }
}
