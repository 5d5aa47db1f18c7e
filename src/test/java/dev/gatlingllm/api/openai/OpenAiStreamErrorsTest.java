package dev.gatlingllm.api.openai;

import static dev.gatlingllm.api.openai.SignalRecorder.interpretData;
import static dev.gatlingllm.api.openai.SignalRecorder.interpretSse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.json.DialectJson;
import dev.gatlingllm.sse.SseDecoder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Errors the server reports inside the stream, and data that is not a JSON object. */
class OpenAiStreamErrorsTest {

  private static StreamInterpreter chat() {
    return new OpenAiChatDialect().newInterpreter();
  }

  @Test
  void openAiErrorObject() {
    assertEquals(
        List.of("error:The server had an error while processing your request."),
        interpretData(
            chat(),
            "{\"error\":{\"message\":\"The server had an error while processing your request.\",\"type\":\"server_error\","
                + "\"param\":null,\"code\":null}}"));
  }

  @Test
  void vllmErrorObject() {
    assertEquals(
        List.of("error:max_tokens is too large"),
        interpretData(
            chat(),
            "{\"error\":{\"message\":\"max_tokens is too large\",\"type\":\"BadRequestError\",\"param\":null,\"code\":400}}"));
  }

  @Test
  void olderVllmTopLevelErrorObject() {
    assertEquals(
        List.of("error:out of KV cache"),
        interpretData(
            chat(),
            "{\"object\":\"error\",\"message\":\"out of KV cache\",\"type\":\"InternalServerError\",\"param\":null,\"code\":500}"));
    assertEquals(
        List.of("error:out of KV cache"),
        interpretData(chat(), "{\"message\":\"out of KV cache\",\"object\":\"error\"}"));
  }

  @Test
  void aTopLevelMessageAloneIsNotAnError() {
    assertEquals(
        List.of(),
        interpretData(chat(), "{\"message\":\"hello\",\"object\":\"chat.completion.chunk\"}"));
  }

  @Test
  void errorAsText() {
    // TGI's shape.
    assertEquals(
        List.of("error:Request failed during generation: Server error: CUDA OOM"),
        interpretData(
            chat(),
            "{\"error\":\"Request failed during generation: Server error: CUDA OOM\",\"error_type\":\"generation\"}"));
  }

  @Test
  void errorObjectWithoutMessage() {
    assertEquals(
        List.of("error:error object without message"),
        interpretData(chat(), "{\"error\":{\"code\":500,\"details\":[1,2]}}"));
  }

  @Test
  void nullErrorIsNoError() {
    assertEquals(
        List.of("CONTENT:x"),
        interpretData(chat(), "{\"error\":null,\"choices\":[{\"delta\":{\"content\":\"x\"}}]}"));
  }

  @Test
  void errorEventType() {
    assertEquals(
        List.of("error:overloaded", "error:upstream timed out", "error:(empty body)"),
        interpretSse(
            chat(),
            "event: error\ndata: {\"error\":{\"message\":\"overloaded\",\"type\":\"overloaded_error\"}}\n\n"
                + "event: error\ndata: upstream timed out\n\n"
                + "event: error\ndata:\n\n"));
  }

  @Test
  void errorAfterSomeContent() {
    assertEquals(
        List.of("CONTENT:par", "error:connection reset by peer"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"content\":\"par\"}}]}",
            "{\"error\":{\"message\":\"connection reset by peer\"}}"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"choices\":",
        "{\"choices\":[{\"delta\":{\"content\":\"Hel",
        "{\"choices\":[{\"delta\":{\"content\":\"Hello\"}}]",
        "{\"choices\":[{\"delta\":{\"content\":\"Hello\"}}]}}",
        "{\"choices\":[{\"delta\":{\"content\":\"Hello\"}}]} {\"x\":1}",
        "{'choices': []}",
        "{choices:[]}",
        "42",
        "\"just a string\"",
        "[1,2]",
        "null",
        "true",
        "Hello world",
        "{\"a\":1,}",
      })
  void malformedDataReportsOnlyMalformed(String data) {
    List<String> signals = interpretData(chat(), data);
    assertEquals(List.of("malformed:invalid JSON in SSE event: " + data), signals);
  }

  @Test
  void malformedEventDoesNotStopTheStream() {
    assertEquals(
        List.of("malformed:invalid JSON in SSE event: {\"choices\":", "CONTENT:ok", "done"),
        interpretData(
            chat(), "{\"choices\":", "{\"choices\":[{\"delta\":{\"content\":\"ok\"}}]}", "[DONE]"));
  }

  @Test
  void malformedExcerptIsShortAndOnOneLine() {
    String longJson = "{\"choices\":[{\"delta\":{\"content\":\"" + "x".repeat(2000);
    List<String> signals = interpretData(chat(), longJson);
    String expected =
        "malformed:invalid JSON in SSE event: "
            + longJson.substring(0, DialectJson.EXCERPT_CHARS)
            + "...";
    assertEquals(List.of(expected), signals);

    // Two data lines join with LF; the excerpt shows it as a space.
    List<String> multiLine = interpretSse(chat(), "data: {\"a\":\ndata: [\n\n");
    assertEquals(List.of("malformed:invalid JSON in SSE event: {\"a\": ["), multiLine);
  }

  @Test
  void malformedExcerptDoesNotSplitASurrogatePair() {
    int before = DialectJson.EXCERPT_CHARS - 1;
    String data = "x".repeat(before) + "😀" + "tail";
    List<String> signals = interpretData(chat(), data);
    assertEquals(
        List.of("malformed:invalid JSON in SSE event: " + "x".repeat(before) + "..."), signals);
  }

  @Test
  void invalidUtf8IsMalformed() {
    StreamInterpreter interpreter = chat();
    SignalRecorder recorder = new SignalRecorder();
    SseDecoder decoder = new SseDecoder(e -> interpreter.onFrame(e, recorder));
    byte[] bytes = {
      'd',
      'a',
      't',
      'a',
      ':',
      '{',
      '"',
      'a',
      '"',
      ':',
      '"',
      (byte) 0xC3,
      (byte) 0x28,
      '"',
      '}',
      '\n',
      '\n'
    };
    decoder.feed(bytes, 0, bytes.length);
    assertEquals(1, recorder.signals.size());
    assertTrue(
        recorder.signals.get(0).startsWith("malformed:invalid JSON in SSE event: {\"a\":\""),
        recorder.signals.toString());
  }

  /**
   * Valid JSON beyond a long: the nearest long, which the timeline finds implausible, not a damaged
   * event.
   */
  @Test
  void hugeTokenCountReadsAsTheNearestLongNotAnException() {
    assertEquals(
        List.of("usage:" + Long.MAX_VALUE + "/-1"),
        interpretData(chat(), "{\"usage\":{\"prompt_tokens\":123456789012345678901234567890}}"));
  }
}
