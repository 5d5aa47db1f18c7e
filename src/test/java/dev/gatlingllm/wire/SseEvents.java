package dev.gatlingllm.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The server-sent events of one response body, read on their own (not with the client's decoder, so
 * that the wire is an independent truth): splits the body into events at blank lines and says, for
 * each, whether it carries generated output as docs/metrics.md defines {@code first_token} (a
 * non-empty content, reasoning or tool-call delta in the OpenAI chat dialect, a non-empty {@code
 * text} in the completions dialect; never a role-only delta, a usage chunk or {@code [DONE]}), and
 * the id the server gave the response.
 */
final class SseEvents {
  /**
   * Hears each event: whether it carries output, whether it holds a {@code choices} entry at all (a
   * role-only delta does: what vLLM's benchmark client times as its first token), the response id,
   * and when its last byte (the blank line that ends it) arrived.
   */
  interface Listener {
    void event(boolean carriesOutput, boolean hasChoice, String responseId, long nanos);
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Listener listener;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private final StringBuilder data = new StringBuilder();
  private boolean hasData;
  private boolean afterCr;

  SseEvents(Listener listener) {
    this.listener = listener;
  }

  void body(byte[] b, int offset, int length, long nanos) {
    for (int i = offset; i < offset + length; i++) {
      byte c = b[i];
      if (c == '\n' && afterCr) {
        afterCr = false; // the LF of a CRLF: the line already ended at the CR
        continue;
      }
      afterCr = c == '\r';
      if (c == '\r' || c == '\n') {
        endLine(nanos);
      } else {
        line.write(c);
      }
    }
  }

  private void endLine(long nanos) {
    String text = line.toString(StandardCharsets.UTF_8);
    line.reset();
    if (text.isEmpty()) {
      if (hasData) dispatch(nanos);
      data.setLength(0);
      hasData = false;
    } else if (text.startsWith("data:")) {
      if (hasData) data.append('\n');
      data.append(text.startsWith("data: ") ? text.substring(6) : text.substring(5));
      hasData = true;
    }
  }

  private void dispatch(long nanos) {
    String payload = data.toString();
    if (payload.equals("[DONE]")) {
      listener.event(false, false, null, nanos);
      return;
    }
    JsonNode event;
    try {
      event = JSON.readTree(payload);
    } catch (IOException notJson) {
      listener.event(false, false, null, nanos);
      return;
    }
    String id = event.path("id").isTextual() ? event.path("id").asText() : null;
    listener.event(carriesOutput(event), event.path("choices").size() > 0, id, nanos);
  }

  static boolean carriesOutput(JsonNode event) {
    for (JsonNode choice : event.path("choices")) {
      JsonNode delta = choice.path("delta");
      if (nonEmpty(delta.path("content"))
          || nonEmpty(delta.path("reasoning_content"))
          || nonEmpty(delta.path("reasoning"))
          || delta.path("tool_calls").size() > 0
          || nonEmpty(choice.path("text"))) {
        return true;
      }
    }
    return false;
  }

  private static boolean nonEmpty(JsonNode node) {
    return node.isTextual() && !node.asText().isEmpty();
  }
}
