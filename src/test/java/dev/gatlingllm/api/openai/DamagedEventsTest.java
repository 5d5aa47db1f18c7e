package dev.gatlingllm.api.openai;

import static dev.gatlingllm.api.openai.SignalRecorder.interpretData;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.api.StreamInterpreter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A damaged event is reported malformed whole, by the fast cursor and Jackson alike, and leaves
 * nothing behind: the next event of the stream, or of another stream on the thread, reads cleanly.
 */
class DamagedEventsTest {
  private static final String OK = "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ok\"}}]}";

  private static StreamInterpreter chat() {
    return new OpenAiChatDialect().newInterpreter();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        OK + " 1",
        OK + " \"x",
        OK + " tr",
        OK + " {",
        OK + "{}",
        "{\"choices\":[{\"delta\":{\"content\":\"unterminated",
        "{\"choices\":[{\"delta\":",
        "{\"id\":{\"nested\":[1,2",
        "[1,2]",
        "\"text\"",
        "12",
        // Cut right after a nested value closed: the parser's current token is that nested
        // END_OBJECT.
        "{\"choices\":[{\"delta\":{\"content\":\"b\"}",
        "{\"choices\":[{\"delta\":{\"content\":\"b\"}}]",
        "{\"id\":{}"
      })
  void aDamagedEventIsMalformedAndTheNextOneReadsCleanly(String damaged) {
    List<String> signals = interpretData(chat(), damaged, OK, OK);
    assertEquals(3, signals.size(), signals.toString());
    assertEquals(true, signals.get(0).startsWith("malformed:"), signals.toString());
    assertEquals(List.of("CONTENT:ok", "CONTENT:ok"), signals.subList(1, 3));
  }

  @Test
  void trailingWhitespaceIsFine() {
    assertEquals(List.of("CONTENT:ok", "CONTENT:ok"), interpretData(chat(), OK + " \t\r\n", OK));
  }

  @Test
  void streamsSharingAThreadDoNotSeeEachOther() {
    StreamInterpreter a = chat();
    StreamInterpreter b = chat();
    assertEquals(
        List.of("malformed:invalid JSON in SSE event: {\"choices\":[{\"delta\":"),
        interpretData(a, "{\"choices\":[{\"delta\":"));
    assertEquals(List.of("CONTENT:ok"), interpretData(b, OK));
    assertEquals(List.of("CONTENT:ok"), interpretData(a, OK));
  }

  @Test
  void anEventCutAfterANestedObjectDoesNotSpillIntoTheNextStreamsEvent() {
    StreamInterpreter cut = chat();
    StreamInterpreter other = chat();
    assertEquals(
        List.of(
            "CONTENT:a",
            "malformed:invalid JSON in SSE event: {\"choices\":[{\"delta\":{\"content\":\"b\"}"),
        interpretData(
            cut,
            "{\"choices\":[{\"delta\":{\"content\":\"a\"}}]}",
            "{\"choices\":[{\"delta\":{\"content\":\"b\"}"));
    assertEquals(
        List.of("error:KV cache exhausted"),
        interpretData(
            other, "{\"error\":{\"message\":\"KV cache exhausted\",\"type\":\"server_error\"}}"));
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void withOrWithoutTheFastCursorTheSignalsAreTheSame(boolean fastPath) {
    StreamInterpreter interpreter =
        new OpenAiStreamInterpreter(OpenAiStreamInterpreter.Shape.CHAT, fastPath);
    assertEquals(
        List.of("CONTENT:ok", "malformed:invalid JSON in SSE event: " + OK + " 1", "CONTENT:ok"),
        interpretData(interpreter, OK, OK + " 1", OK));
  }
}
