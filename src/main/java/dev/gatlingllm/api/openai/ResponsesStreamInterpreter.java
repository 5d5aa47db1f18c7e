package dev.gatlingllm.api.openai;

import com.fasterxml.jackson.core.JsonToken;
import dev.gatlingllm.api.events.TypedEventInterpreter;
import dev.gatlingllm.api.json.JsonCursor;
import dev.gatlingllm.values.OutputKind;
import java.io.IOException;

/**
 * Reads an OpenAI Responses stream ({@code /v1/responses}): semantic events, each naming its type.
 *
 * <ul>
 *   <li>{@code response.output_text.delta} and {@code response.refusal.delta}: the answer ({@code
 *       delta});
 *   <li>{@code response.reasoning_summary_text.delta}, {@code response.reasoning_text.delta}:
 *       reasoning;
 *   <li>{@code response.function_call_arguments.delta}, {@code
 *       response.custom_tool_call_input.delta}: a tool call;
 *   <li>{@code response.completed}: the end, finish reason {@code completed}, with {@code
 *       response.usage};
 *   <li>{@code response.incomplete}: the end of an answer cut short, finish reason {@code
 *       response.incomplete_details.reason} ({@code max_output_tokens}, {@code content_filter}):
 *       OK, as a chat stream ending on {@code length} is;
 *   <li>{@code response.failed} ({@code response.error}) and {@code error} ({@code code}, {@code
 *       message}): an error in the stream (KO).
 * </ul>
 *
 * Everything else (created, in_progress, output_item.*, content_part.*, *.done, ...) carries no
 * output. The API ends the stream with the terminal event, without {@code [DONE]}.
 */
final class ResponsesStreamInterpreter extends TypedEventInterpreter {
  private static final int OUTPUT_TEXT = 1;
  private static final int REASONING = 2;
  private static final int TOOL_CALL = 3;
  private static final int COMPLETED = 4;
  private static final int INCOMPLETE = 5;
  private static final int FAILED = 6;
  private static final int ERROR = 7;

  private static final String COMPLETED_REASON = "completed";
  private static final String[] KNOWN_INCOMPLETE_REASONS = {"max_output_tokens", "content_filter"};

  /** The fields of an {@code error} event, which sit at its top level. */
  private ErrorFields errorEvent;

  private String incompleteReason;
  private String failure;

  @Override
  protected int eventType(JsonCursor json) throws IOException {
    if (json.textEquals("response.output_text.delta")
        || json.textEquals("response.refusal.delta")) {
      return OUTPUT_TEXT;
    }
    if (json.textEquals("response.reasoning_summary_text.delta")
        || json.textEquals("response.reasoning_text.delta")) {
      return REASONING;
    }
    if (json.textEquals("response.function_call_arguments.delta")
        || json.textEquals("response.custom_tool_call_input.delta")) {
      return TOOL_CALL;
    }
    if (json.textEquals("response.completed")) {
      return COMPLETED;
    }
    if (json.textEquals("response.incomplete")) {
      return INCOMPLETE;
    }
    if (json.textEquals("response.failed")) {
      return FAILED;
    }
    return json.textEquals("error") ? ERROR : UNKNOWN;
  }

  @Override
  protected void readField(int type, JsonCursor json, JsonToken value) throws IOException {
    switch (type) {
      case OUTPUT_TEXT -> readDelta(OutputKind.CONTENT, json, value);
      case REASONING -> readDelta(OutputKind.REASONING, json, value);
      case TOOL_CALL -> readDelta(OutputKind.TOOL_CALL, json, value);
      case COMPLETED, INCOMPLETE, FAILED -> {
        if (value == JsonToken.START_OBJECT && json.nameIs("response")) {
          readObject(json, this::readResponseField);
        } else {
          json.skipChildren();
        }
      }
      case ERROR -> {
        if (value == JsonToken.START_OBJECT && json.nameIs("error")) {
          // Some servers nest the error object; OpenAI puts its fields at the top level.
          failure = errorText(json, value);
        } else {
          if (errorEvent == null) {
            errorEvent = new ErrorFields();
          }
          errorEvent.read(json, value);
        }
      }
      default -> json.skipChildren();
    }
  }

  private void readDelta(OutputKind kind, JsonCursor json, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_STRING && json.nameIs("delta")) {
      if (!json.textIsEmpty()) {
        pending.output(kind, json.text());
      }
    } else {
      json.skipChildren(); // item_id, output_index, content_index, summary_index, sequence_number,
      // logprobs...
    }
  }

  private void readResponseField(JsonCursor json, JsonToken value) throws IOException {
    if (value == JsonToken.START_OBJECT && json.nameIs("usage")) {
      readUsage(json);
    } else if (value == JsonToken.START_OBJECT && json.nameIs("incomplete_details")) {
      readObject(
          json,
          (j, v) -> {
            if (v == JsonToken.VALUE_STRING && j.nameIs("reason")) {
              incompleteReason = knownReason(j);
            } else {
              j.skipChildren();
            }
          });
    } else if (value == JsonToken.START_OBJECT && json.nameIs("error")) {
      failure = errorText(json, value);
    } else {
      json.skipChildren(); // id, status, output (the whole answer again), model, instructions,
      // tools...
    }
  }

  /**
   * {@code input_tokens} and {@code output_tokens}. The output count includes the reasoning tokens
   * ({@code output_tokens_details.reasoning_tokens}), as {@code completion_tokens} does in chat
   * streams: the figures count reasoning as output, and the reasoning count is reported apart.
   */
  private void readUsage(JsonCursor json) throws IOException {
    long[] counts = {-1, -1, -1};
    readObject(
        json,
        (j, v) -> {
          if (v == JsonToken.VALUE_NUMBER_INT && j.nameIs("input_tokens")) {
            counts[0] = j.longValue();
          } else if (v == JsonToken.VALUE_NUMBER_INT && j.nameIs("output_tokens")) {
            counts[1] = j.longValue();
          } else if (v == JsonToken.START_OBJECT && j.nameIs("output_tokens_details")) {
            readObject(
                j,
                (d, dv) -> {
                  if (dv == JsonToken.VALUE_NUMBER_INT && d.nameIs("reasoning_tokens")) {
                    counts[2] = d.longValue();
                  } else {
                    d.skipChildren();
                  }
                });
          } else {
            j.skipChildren(); // total_tokens, input_tokens_details
          }
        });
    pending.usage(counts[0], counts[1]);
    pending.reasoningTokens(counts[2]);
  }

  private static String knownReason(JsonCursor json) throws IOException {
    for (String known : KNOWN_INCOMPLETE_REASONS) {
      if (json.textEquals(known)) {
        return known;
      }
    }
    return json.text();
  }

  @Override
  protected void startEvent() {
    errorEvent = null;
    incompleteReason = null;
    failure = null;
  }

  @Override
  protected void endEvent(int type) {
    switch (type) {
      case COMPLETED -> {
        pending.finish(COMPLETED_REASON);
        pending.done();
      }
      case INCOMPLETE -> {
        pending.finish(incompleteReason != null ? incompleteReason : "incomplete");
        pending.done();
      }
      case FAILED ->
          pending.error(failure != null ? failure : "response failed without error details");
      case ERROR ->
          pending.error(
              failure != null ? failure : errorEvent != null ? errorEvent.text() : "error event");
      default -> {
        // no signal of its own
      }
    }
  }
}
