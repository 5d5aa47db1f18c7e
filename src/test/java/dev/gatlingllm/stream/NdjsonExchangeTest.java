package dev.gatlingllm.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.ollama.OllamaChatDialect;
import dev.gatlingllm.api.ollama.OllamaGenerateDialect;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.secrets.Redactor;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An exchange reading an NDJSON stream (Ollama's), fed at chosen times: the same figures and the
 * same single end as an SSE stream, with the framing's own content type and messages.
 */
class NdjsonExchangeTest {
  private static final long MS = 1_000_000L;
  private static final long T0 = 1_000_000_000L;
  private static final String NDJSON = "application/x-ndjson";

  private final ManualClock clock = new ManualClock(T0);
  private final List<FinishedStream> outcomes = new ArrayList<>();
  private int aborts;

  private StreamExchange chat() {
    StreamExchange exchange =
        new StreamExchange(
            new OllamaChatDialect(),
            StreamSettings.DEFAULTS,
            T0,
            clock,
            outcomes::add,
            null,
            RequestSize.UNKNOWN,
            Redactor.NONE,
            null);
    exchange.start(() -> aborts++);
    exchange.onRequestWritten(T0);
    return exchange;
  }

  private static ByteBuffer bytes(String s) {
    return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
  }

  private static String content(String text) {
    return "{\"model\":\"m\",\"created_at\":\"t\",\"message\":{\"role\":\"assistant\",\"content\":\""
        + text
        + "\"},\"done\":false}\n";
  }

  private static String last(int prompt, int output, long decodeNanos) {
    return "{\"model\":\"m\",\"created_at\":\"t\",\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done\":true,"
        + "\"done_reason\":\"stop\",\"prompt_eval_count\":"
        + prompt
        + ",\"eval_count\":"
        + output
        + ",\"eval_duration\":"
        + decodeNanos
        + "}\n";
  }

  private FinishedStream only() {
    assertEquals(1, outcomes.size(), "exactly one completion");
    return outcomes.get(0);
  }

  @Test
  void figuresFollowTheDefinitionsAndTheServerDecodeTimeIsKept() {
    StreamExchange ex = chat();
    ex.onResponseHeaders(200, "application/x-ndjson; charset=utf-8", null, T0 + 5 * MS);
    for (int i = 0; i < 4; i++) {
      ex.onBodyChunk(bytes(content("w" + i)), false, T0 + (100 + 10 * i) * MS);
    }
    ex.onBodyChunk(bytes(last(12, 4, 29_000_000)), false, T0 + 131 * MS);
    assertEquals(0, outcomes.size(), "held until the body ends");
    ex.onBodyChunk(ByteBuffer.allocate(0), true, T0 + 132 * MS);
    FinishedStream outcome = only();
    RequestResult r = outcome.result();
    assertTrue(r.ok(), r.verdict().toString());
    assertEquals(100 * MS, r.timing().ttftNanos());
    assertEquals(130 * MS, r.timing().e2elNanos());
    assertEquals(10 * MS, r.timing().tpotNanos());
    assertEquals(131 * MS, r.timing().durationNanos(), "the request ends at the final object");
    assertEquals(4, r.tokens().tokenEvents());
    assertEquals(4, r.tokens().outputTokens());
    assertEquals(TokenCountSource.SERVER_USAGE, r.tokens().outputTokenSource());
    assertEquals(12, r.tokens().inputTokens());
    assertEquals(29_000, r.server().decodeMicros());
    assertEquals("w0w1w2w3", outcome.content());
    assertEquals("stop", outcome.finishReason());
    assertEquals(0, aborts);
  }

  @Test
  void linesSplitAcrossChunksAndALastLineWithoutNewline() {
    StreamExchange ex = chat();
    ex.onResponseHeaders(200, NDJSON, null, T0 + MS);
    String body = content("a") + content("b") + last(3, 2, 1_000).strip();
    int cut = content("a").length() + 7;
    ex.onBodyChunk(bytes(body.substring(0, cut)), false, T0 + 10 * MS);
    ex.onBodyChunk(bytes(body.substring(cut)), true, T0 + 20 * MS);
    RequestResult r = only().result();
    assertTrue(r.ok(), r.verdict().toString());
    assertEquals(10 * MS, r.timing().ttftNanos());
    assertEquals(20 * MS, r.timing().e2elNanos(), "the split line counts when it is complete");
    assertEquals(2, r.tokens().outputTokens());
  }

  @Test
  void aSseContentTypeIsKo() {
    StreamExchange ex = chat();
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes("data: {}\n\n"), true, T0 + 2 * MS);
    assertEquals(
        "HTTP 200 with Content-Type 'text/event-stream', expected application/x-ndjson or "
            + "application/ndjson: data: {}",
        only().result().verdict().message());
  }

  @Test
  void anErrorBodyGivesOllamasMessage() {
    StreamExchange ex = chat();
    ex.onResponseHeaders(404, "application/json; charset=utf-8", null, T0 + MS);
    ex.onBodyChunk(
        bytes("{\"error\":\"model \\\"llama9\\\" not found, try pulling it first\"}"),
        true,
        T0 + 2 * MS);
    assertEquals(
        "HTTP 404: model \"llama9\" not found, try pulling it first",
        only().result().verdict().message());
  }

  @Test
  void anErrorLineEndsTheStreamAsKo() {
    StreamExchange ex = chat();
    ex.onResponseHeaders(200, NDJSON, null, T0 + MS);
    ex.onBodyChunk(
        bytes(content("a") + "{\"error\":\"llama runner process has terminated\"}\n"),
        false,
        T0 + 5 * MS);
    RequestResult r = only().result();
    assertFalse(r.ok());
    assertEquals(
        "error event in stream: llama runner process has terminated", r.verdict().message());
    assertEquals(1, aborts, "a failed stream's connection is closed");
  }

  @Test
  void aBrokenLineIsKo() {
    StreamExchange ex = chat();
    ex.onResponseHeaders(200, NDJSON, null, T0 + MS);
    ex.onBodyChunk(bytes(content("a") + "{\"message\":{\"content\":\"b\"\n"), false, T0 + 5 * MS);
    assertEquals(
        "invalid JSON in NDJSON line: {\"message\":{\"content\":\"b\"",
        only().result().verdict().message());
  }

  @Test
  void aBodyEndingWithoutTheFinalObjectIsKo() {
    StreamExchange ex = chat();
    ex.onResponseHeaders(200, NDJSON, null, T0 + MS);
    ex.onBodyChunk(bytes(content("a") + content("b")), true, T0 + 5 * MS);
    assertEquals(
        "stream ended without a final object (\"done\": true)",
        only().result().verdict().message());
  }

  @Test
  void anEmptyBodyIsKo() {
    StreamExchange ex = chat();
    ex.onResponseHeaders(200, NDJSON, null, T0 + MS);
    ex.onBodyChunk(bytes("\n\n"), true, T0 + 5 * MS);
    assertEquals(
        "empty stream: HTTP 200 response ended without any JSON line",
        only().result().verdict().message());
  }

  @Test
  void aLineOverTheBoundIsKo() {
    StreamSettings settings =
        new StreamSettings(
            StreamSettings.DEFAULTS.idleTimeout(),
            StreamSettings.DEFAULTS.overallTimeout(),
            1024,
            16 * 1024,
            StreamSettings.DEFAULT_MAX_OUTPUT_BYTES);
    StreamExchange ex =
        new StreamExchange(
            new OllamaGenerateDialect(),
            settings,
            T0,
            clock,
            outcomes::add,
            null,
            RequestSize.UNKNOWN,
            Redactor.NONE,
            null);
    ex.start(() -> aborts++);
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, NDJSON, null, T0 + MS);
    ex.onBodyChunk(bytes("{\"response\":\"" + "x".repeat(2000)), false, T0 + 5 * MS);
    assertEquals(
        "malformed NDJSON: NDJSON line longer than 1024 bytes",
        only().result().verdict().message());
  }
}
