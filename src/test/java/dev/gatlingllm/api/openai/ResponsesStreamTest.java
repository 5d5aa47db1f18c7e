package dev.gatlingllm.api.openai;

import static dev.gatlingllm.api.openai.SignalRecorder.fixture;
import static dev.gatlingllm.api.openai.SignalRecorder.interpretData;
import static dev.gatlingllm.api.openai.SignalRecorder.interpretSse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.StreamInterpreter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** OpenAI Responses streams, as the API reference documents them, through a real SSE decoder. */
class ResponsesStreamTest {

  private static StreamInterpreter interpreter() {
    return new OpenAiResponsesDialect().newInterpreter();
  }

  @Test
  void textStream() {
    // created, in_progress, added and done events carry nothing; completed ends the stream with the
    // usage.
    assertEquals(
        List.of(
            "CONTENT:Hi",
            "CONTENT: thére",
            "CONTENT:!",
            "finish:completed",
            "usage:37/3",
            "reasoning:0",
            "done"),
        interpretSse(interpreter(), fixture("openai-responses/text.sse")));
  }

  @Test
  void reasoningAndFunctionCall() {
    // The output count includes the reasoning tokens, as in chat streams.
    assertEquals(
        List.of(
            "REASONING:**Checking the weather**",
            "REASONING: for Paris.",
            "REASONING:raw thought",
            "TOOL_CALL:{\"location\":",
            "TOOL_CALL:\"Paris\"}",
            "finish:completed",
            "usage:81/240",
            "reasoning:192",
            "done"),
        interpretSse(interpreter(), fixture("openai-responses/reasoning-tool.sse")));
  }

  @Test
  void incompleteEndsWithItsReason() {
    assertEquals(
        List.of(
            "CONTENT:Once upon",
            "CONTENT: a time",
            "finish:max_output_tokens",
            "usage:12/16",
            "reasoning:0",
            "done"),
        interpretSse(interpreter(), fixture("openai-responses/incomplete.sse")));
  }

  @Test
  void failedResponseGivesItsErrorCodeAndMessage() {
    assertEquals(
        List.of("CONTENT:Hel", "error:server_error: The model failed to generate a response."),
        interpretSse(interpreter(), fixture("openai-responses/failed.sse")));
    assertEquals(
        List.of("error:response failed without error details"),
        interpretData(
            interpreter(), "{\"type\":\"response.failed\",\"response\":{\"status\":\"failed\"}}"));
  }

  @Test
  void errorEventGivesItsCodeAndMessage() {
    assertEquals(
        List.of("error:rate_limit_exceeded: Rate limit reached for gpt-4.1 on tokens per min."),
        interpretSse(interpreter(), fixture("openai-responses/error.sse")));
    // Some servers nest the error object.
    assertEquals(
        List.of("error:server_error: boom"),
        interpretData(
            interpreter(),
            "{\"type\":\"error\",\"error\":{\"type\":\"server_error\",\"message\":\"boom\"}}"));
    assertEquals(
        List.of("error:only a message"),
        interpretData(
            interpreter(), "{\"type\":\"error\",\"message\":\"only a message\",\"code\":null}"));
  }

  @Test
  void refusalIsTheAnswer() {
    assertEquals(
        List.of("CONTENT:I can't help with that."),
        interpretData(
            interpreter(),
            "{\"type\":\"response.refusal.delta\",\"item_id\":\"m\",\"output_index\":0,\"content_index\":0,"
                + "\"delta\":\"I can't help with that.\"}"));
  }

  @Test
  void typeAfterTheDelta() {
    assertEquals(
        List.of("TOOL_CALL:{}"),
        interpretData(
            interpreter(),
            "{\"delta\":\"{}\",\"item_id\":\"fc\",\"type\":\"response.function_call_arguments.delta\"}"));
  }

  @Test
  void unknownEventsAndEmptyDeltasCarryNothing() {
    assertEquals(
        List.of(),
        interpretData(
            interpreter(),
            "{\"type\":\"response.output_text.delta\",\"delta\":\"\"}",
            "{\"type\":\"response.audio.delta\",\"delta\":\"UklGRg==\"}",
            "{\"type\":\"response.output_text.annotation.added\",\"annotation\":{\"type\":\"url_citation\"}}",
            "{\"type\":\"response.some_future_event\",\"delta\":\"not output\"}"));
  }

  @Test
  void doneMarkerFromACompatibleServerEndsTheStream() {
    assertEquals(List.of("done"), interpretData(interpreter(), "[DONE]"));
  }

  @Test
  void malformedJsonIsReportedAlone() {
    List<String> signals =
        interpretData(
            interpreter(),
            "{\"type\":\"response.output_text.delta\",\"delta\":\"cut",
            "{\"type\":\"response.completed\",\"response\":{");
    assertEquals(2, signals.size(), signals.toString());
    assertTrue(
        signals
            .get(0)
            .startsWith("malformed:invalid JSON in SSE event: {\"type\":\"response.output_text"));
    assertTrue(
        signals
            .get(1)
            .startsWith("malformed:invalid JSON in SSE event: {\"type\":\"response.completed\""));
  }
}
