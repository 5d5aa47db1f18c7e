package dev.gatlingllm.api.anthropic;

import static dev.gatlingllm.api.openai.SignalRecorder.fixture;
import static dev.gatlingllm.api.openai.SignalRecorder.interpretData;
import static dev.gatlingllm.api.openai.SignalRecorder.interpretSse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.StreamInterpreter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Anthropic Messages streams, as the API reference documents them, through a real SSE decoder. */
class AnthropicStreamTest {

  private static StreamInterpreter interpreter() {
    return new AnthropicDialect().newInterpreter();
  }

  @Test
  void textStream() {
    // message_start gives the input (cache reads included), message_delta the output; ping and
    // block ends nothing.
    assertEquals(
        List.of(
            "usage:25/-1",
            "CONTENT:Hello",
            "CONTENT: wörld",
            "CONTENT:!",
            "finish:end_turn",
            "usage:-1/4",
            "done"),
        interpretSse(interpreter(), fixture("anthropic/text.sse")));
  }

  @Test
  void thinkingTextAndToolUse() {
    // Signatures are not output; the tool's name and each non-empty JSON fragment are.
    assertEquals(
        List.of(
            "usage:120/-1",
            "REASONING:The user wants the weather.",
            "REASONING: I will call the tool.",
            "CONTENT:Let me check.",
            "TOOL_CALL_NAME:get_weather",
            "TOOL_CALL:{\"location\": \"Par",
            "TOOL_CALL:is\"}",
            "finish:tool_use",
            "usage:-1/89",
            "done"),
        interpretSse(interpreter(), fixture("anthropic/thinking-tool.sse")));
  }

  @Test
  void errorEventGivesItsTypeAndMessage() {
    assertEquals(
        List.of("usage:9/-1", "CONTENT:Once", "error:overloaded_error: Overloaded"),
        interpretSse(interpreter(), fixture("anthropic/overloaded.sse")));
  }

  @Test
  void errorEventWithoutDetails() {
    assertEquals(
        List.of("error:error event without details"),
        interpretData(interpreter(), "{\"type\":\"error\"}"));
    assertEquals(
        List.of("error:api_error"),
        interpretData(interpreter(), "{\"type\":\"error\",\"error\":{\"type\":\"api_error\"}}"));
  }

  @Test
  void typeAfterTheOtherFieldsIsReadAllTheSame() {
    assertEquals(
        List.of("CONTENT:late"),
        interpretData(
            interpreter(),
            "{\"index\":0,\"delta\":{\"text\":\"late\",\"type\":\"text_delta\"},\"type\":\"content_block_delta\"}"));
    assertEquals(
        List.of("finish:max_tokens", "usage:-1/16"),
        interpretData(
            interpreter(),
            "{\"usage\":{\"output_tokens\":16},\"delta\":{\"stop_reason\":\"max_tokens\"},\"type\":\"message_delta\"}"));
  }

  @Test
  void cumulativeInputInMessageDeltaIsRead() {
    assertEquals(
        List.of("finish:end_turn", "usage:30/7"),
        interpretData(
            interpreter(),
            "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"input_tokens\":20,"
                + "\"cache_read_input_tokens\":10,\"cache_creation_input_tokens\":null,\"output_tokens\":7}}"));
  }

  @Test
  void unknownEventsAndEmptyDeltasCarryNothing() {
    assertEquals(
        List.of(),
        interpretData(
            interpreter(),
            "{\"type\":\"ping\"}",
            "{\"type\":\"content_block_stop\",\"index\":0}",
            "{\"type\":\"some_future_event\",\"delta\":{\"text\":\"not output\"}}",
            "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"\"}}",
            "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"citations_delta\",\"citation\":"
                + "{\"type\":\"char_location\",\"cited_text\":\"x\"}}}",
            "{\"no_type\":true}"));
  }

  @Test
  void malformedJsonIsReportedAloneWithAnExcerpt() {
    List<String> signals =
        interpretData(
            interpreter(),
            "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"cut");
    assertEquals(1, signals.size(), signals.toString());
    assertTrue(
        signals
            .get(0)
            .startsWith("malformed:invalid JSON in SSE event: {\"type\":\"content_block_delta\""),
        signals.get(0));
    assertEquals(
        List.of("malformed:invalid JSON in SSE event: [1,2]"),
        interpretData(interpreter(), "[1,2]"));
    assertEquals(
        List.of("malformed:invalid JSON in SSE event: {\"type\":\"message_stop\"} x"),
        interpretData(interpreter(), "{\"type\":\"message_stop\"} x"));
  }

  @Test
  void escapedTextIsDecoded() {
    // Escapes send the fast reader to Jackson: both must read the same.
    assertEquals(
        List.of("CONTENT:a\"b\n\u00e9"),
        interpretData(
            interpreter(),
            "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"a\\\"b\\n\\u00e9\"}}"));
    assertEquals(
        List.of("CONTENT:x"),
        interpretData(
            interpreter(),
            "{\"\\u0069ndex\":0,\"type\":\"content_block_delta\",\"delta\":{\"text\":\"x\"}}"));
  }

  @Test
  void gatewayErrorObjectInAnUntypedEvent() {
    assertEquals(
        List.of("error:The server had an error"),
        interpretData(interpreter(), "{\"error\":{\"message\":\"The server had an error\"}}"));
  }
}
