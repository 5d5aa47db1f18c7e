package dev.gatlingllm.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.metrics.request.Generation;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.RowBuilder;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.stats.Micros;
import dev.gatlingllm.transport.ResponseHead;
import dev.gatlingllm.values.TokenEvent;
import java.io.IOException;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The exchange fed with bytes at exact, chosen nanosecond times: the figures must come out exactly
 * as metrics.md defines them, and every bad stream must end once, as KO, with its message.
 */
class StreamExchangeTest {
  private static final long MS = 1_000_000L;

  /**
   * Now, so the real timers (idle 30 s, overall 10 min) stay far away while the test plays its
   * times.
   */
  private final long T0 = System.nanoTime();

  private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
  private final List<FinishedStream> outcomes = new ArrayList<>();
  private int aborts;

  @AfterEach
  void stop() {
    timers.shutdownNow();
  }

  private StreamExchange exchange(StreamSettings settings) {
    StreamExchange exchange =
        new StreamExchange(new OpenAiChatDialect(), settings, T0, timers, outcomes::add);
    exchange.start(() -> aborts++);
    return exchange;
  }

  private StreamExchange exchange() {
    return exchange(StreamSettings.DEFAULTS);
  }

  /** An exchange whose client counts with {@code tokenizer}, for a prompt of 9 tokens. */
  private StreamExchange counting(dev.gatlingllm.values.Tokenizer tokenizer) {
    return new StreamExchange(
        new OpenAiChatDialect(),
        StreamSettings.DEFAULTS,
        T0,
        timers,
        outcomes::add,
        tokenizer,
        new RequestSize(9, -1),
        dev.gatlingllm.secrets.Redactor.NONE,
        null);
  }

  static ByteBuffer bytes(String s) {
    return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
  }

  static String content(String text) {
    return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
        + text
        + "\"},\"finish_reason\":null}]}\n\n";
  }

  static final String ROLE =
      "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null},\"finish_reason\":null}]}\n\n";
  static final String FINISH =
      "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"length\"}]}\n\n";
  static final String DONE = "data: [DONE]\n\n";

  static String usage(int prompt, int completion) {
    return "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":"
        + prompt
        + ",\"completion_tokens\":"
        + completion
        + ",\"total_tokens\":"
        + (prompt + completion)
        + "}}\n\n";
  }

  private FinishedStream only() {
    assertEquals(1, outcomes.size(), "exactly one completion");
    return outcomes.get(0);
  }

  @Test
  void roleOnlyDeltaIsNotTheFirstTokenAndFiguresFollowTheDefinitions() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0 + 2 * MS);
    ex.onResponseHeaders(200, "text/event-stream; charset=utf-8", "chatcmpl-7f3a", T0 + 7 * MS);
    ex.onBodyChunk(bytes(ROLE), false, T0 + 12 * MS); // role-only delta 10 ms after sent
    for (int i = 0; i < 10; i++) {
      ex.onBodyChunk(bytes(content("w" + i)), false, T0 + (202 + 20 * i) * MS);
    }
    ex.onBodyChunk(bytes(FINISH + usage(12, 10)), false, T0 + 390 * MS);
    ex.onBodyChunk(bytes(DONE), true, T0 + 391 * MS);

    FinishedStream outcome = only();
    RequestResult r = outcome.result();
    assertTrue(r.ok());
    assertEquals(2 * MS, r.timing().sendLatenessNanos());
    assertEquals(5 * MS, r.timing().ttfbNanos());
    assertEquals(200 * MS, r.timing().ttftNanos(), "TTFT is the first content, not the role delta");
    assertEquals(200 * MS, r.timing().ttfoNanos());
    assertEquals(202 * MS, r.timing().ttftFromScheduledNanos());
    assertEquals(
        380 * MS, r.timing().e2elNanos(), "E2EL ends at the last token, not at usage or [DONE]");
    assertEquals(20 * MS, r.timing().tpotNanos());
    assertEquals(389 * MS, r.timing().durationNanos());
    assertEquals(10, r.tokens().tokenEvents());
    assertEquals(10, r.tokens().outputTokens());
    assertEquals(TokenCountSource.SERVER_USAGE, r.tokens().outputTokenSource());
    assertEquals(12, r.tokens().inputTokens());
    long[] gaps = new long[9];
    java.util.Arrays.fill(gaps, 20 * MS);
    assertArrayEquals(gaps, r.itlNanos());
    assertEquals("w0w1w2w3w4w5w6w7w8w9", outcome.content());
    assertEquals("length", outcome.finishReason());
    assertEquals(
        50.0,
        RowBuilder.row()
            .outputTokens(r.tokens().outputTokens())
            .ttftMicros(Micros.of(r.timing().ttftNanos()))
            .e2elMicros(Micros.of(r.timing().e2elNanos()))
            .build()
            .outputTokensPerSecond(),
        1e-9);
    assertEquals("chatcmpl-7f3a", r.requestId());
    assertEquals(0, aborts);
  }

  @Test
  void withoutUsageTheEventCountIsTheOutputTokenCount() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("a") + content("b") + content("c")), false, T0 + 50 * MS);
    ex.onBodyChunk(bytes(FINISH + DONE), true, T0 + 60 * MS);
    RequestResult r = only().result();
    assertEquals(3, r.tokens().outputTokens());
    assertEquals(TokenCountSource.EVENT_COUNT, r.tokens().outputTokenSource());
    assertEquals(-1, r.tokens().inputTokens());
    assertEquals(TokenCountSource.UNKNOWN, r.tokens().inputTokenSource());
    // Three events in one read share its arrival time: the ITL gaps are zero, E2EL equals TTFT.
    assertArrayEquals(new long[] {0, 0}, r.itlNanos());
    assertEquals(0, r.timing().tpotNanos());
  }

  @Test
  void aClientTokenizerCountsWhenTheServerSendsNoUsageAndIsKeptBesideTheServerCount() {
    var tokenizer = dev.gatlingllm.tokenize.JTokkitTokenizer.of("cl100k_base");
    StreamExchange ex = counting(tokenizer);
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    // Two events carrying four tokens of text between them.
    ex.onBodyChunk(bytes(content("Hello world") + content(", dear friend")), false, T0 + 50 * MS);
    ex.onBodyChunk(bytes(FINISH + DONE), true, T0 + 60 * MS);
    RequestResult r = only().result();
    assertEquals(tokenizer.count("Hello world, dear friend"), r.tokens().outputTokens());
    assertEquals(TokenCountSource.TOKENIZER, r.tokens().outputTokenSource());
    assertEquals(2, r.tokens().tokenEvents());
    assertEquals(9, r.tokens().inputTokens());
    assertEquals(TokenCountSource.TOKENIZER, r.tokens().inputTokenSource());

    outcomes.clear();
    StreamExchange withUsage = counting(tokenizer);
    withUsage.onRequestWritten(T0);
    withUsage.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    withUsage.onBodyChunk(
        bytes(content("Hello world") + FINISH + usage(11, 3) + DONE), true, T0 + 50 * MS);
    RequestResult u = only().result();
    assertEquals(3, u.tokens().outputTokens());
    assertEquals(TokenCountSource.SERVER_USAGE, u.tokens().outputTokenSource());
    assertEquals(tokenizer.count("Hello world"), u.tokens().clientOutputTokens());
    assertEquals(3, u.tokens().serverOutputTokens());
    assertEquals(11, u.tokens().inputTokens());
  }

  @Test
  void reasoningIsTheFirstTokenAndContentTheFirstAnswerToken() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(
        bytes("data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"think\"}}]}\n\n"),
        false,
        T0 + 30 * MS);
    ex.onBodyChunk(bytes(content("answer")), false, T0 + 90 * MS);
    ex.onBodyChunk(bytes(FINISH + DONE), true, T0 + 95 * MS);
    FinishedStream outcome = only();
    assertEquals(30 * MS, outcome.result().timing().ttftNanos());
    assertEquals(90 * MS, outcome.result().timing().ttfoNanos());
    assertEquals("think", outcome.reasoning());
    assertEquals("answer", outcome.content());
  }

  /**
   * The client counts a tool call's arguments, streamed in two pieces, beside the answer text; the
   * call's name, which the server's parser hands over outside the generated text, is not counted.
   */
  @Test
  void theClientCountsToolCallArgumentsBesideTheAnswerButNotTheName() {
    StreamExchange ex = counting(new dev.gatlingllm.tokenize.SimulatorTokenizer());
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(
        bytes(
            content(" Let me look")
                + "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c1\","
                + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"arguments\":\"{\\\"city\\\":\"}}]}}]}\n\n"
                + "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,"
                + "\"function\":{\"arguments\":\"\\\" Paris\\\"}\"}}]}}]}\n\n"
                + FINISH
                + DONE),
        true,
        T0 + 50 * MS);
    RequestResult r = only().result();
    // The answer " Let me look": 3 tokens; the arguments {"city":" Paris"}: one token per mark,
    // "city" and " Paris" one each: {  "  city  "  :  "  " Paris"  "  }  = 9.
    assertEquals(3 + 9, r.tokens().clientOutputTokens());
  }

  @Test
  void answerEventsCountTheEventsThatCarriedAnswerText() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(
        bytes("data: {\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":null}}]}\n\n"),
        false,
        T0 + 5 * MS);
    ex.onBodyChunk(
        bytes(
            "data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"let\"}}]}\n\n"
                + "data: {\"choices\":[{\"delta\":{\"reasoning_content\":\" me\"}}]}\n\n"),
        false,
        T0 + 30 * MS);
    ex.onBodyChunk(
        bytes(
            "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c1\","
                + "\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]}}]}\n\n"),
        false,
        T0 + 40 * MS);
    ex.onBodyChunk(bytes(content("The") + content(" answer")), false, T0 + 90 * MS);
    ex.onBodyChunk(bytes(content(".") + FINISH + DONE), true, T0 + 95 * MS);
    RequestResult r = only().result();
    assertEquals(6, r.tokens().tokenEvents(), "the role-only delta carries no output");
    assertEquals(
        3, r.tokens().answerEvents(), "two reasoning events and a tool call are not answer text");
    assertEquals(90 * MS, r.timing().ttfoNanos());
  }

  @Test
  void errorStatusKeepsTheServersMessage() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(429, "application/json", " req-429 ", T0 + MS);
    ex.onBodyChunk(
        bytes("{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"rate_limit\"}}"),
        true,
        T0 + 2 * MS);
    RequestResult r = only().result();
    assertFalse(r.ok());
    assertEquals(429, r.verdict().httpStatus());
    assertEquals("HTTP 429: Rate limit reached", r.verdict().message());
    assertEquals(-1, r.timing().ttftNanos());
    assertEquals("req-429", r.requestId(), "a failed request keeps the server's id too, trimmed");
  }

  @Test
  void aHugeRequestIdIsCutAndABlankOneIsAbsent() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", "x".repeat(5_000), T0 + MS);
    ex.onBodyChunk(bytes(content("a") + FINISH + DONE), true, T0 + 2 * MS);
    assertEquals("x".repeat(128), only().result().requestId());

    outcomes.clear();
    StreamExchange blank = exchange();
    blank.onRequestWritten(T0);
    blank.onResponseHeaders(200, "text/event-stream", "  ", T0 + MS);
    blank.onBodyChunk(bytes(content("a") + FINISH + DONE), true, T0 + 2 * MS);
    assertEquals(null, only().result().requestId());
  }

  @Test
  void wrongContentTypeIsKo() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "application/json", null, T0 + MS);
    ex.onBodyChunk(bytes("{\"choices\":[{\"message\":{\"content\":\"hi\"}}]}"), true, T0 + 2 * MS);
    String message = only().result().verdict().message();
    assertTrue(
        message.startsWith(
            "HTTP 200 with Content-Type 'application/json', expected text/event-stream"),
        message);
  }

  @Test
  void invalidJsonEventIsKoAndTheConnectionIsDropped() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("a") + "data: {\"choices\":[{\"delta\":\n\n"), false, T0 + 5 * MS);
    RequestResult r = only().result();
    assertFalse(r.ok());
    assertTrue(
        r.verdict().message().startsWith("invalid JSON in SSE event"), r.verdict().message());
    assertEquals(1, aborts);
    // Later bytes are ignored: still one completion.
    ex.onBodyChunk(bytes(DONE), true, T0 + 6 * MS);
    assertEquals(1, outcomes.size());
  }

  @Test
  void errorEventMidStreamIsKo() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(
        bytes(content("a") + "data: {\"error\":{\"message\":\"CUDA out of memory\"}}\n\n"),
        false,
        T0 + 5 * MS);
    RequestResult r = only().result();
    assertEquals("error event in stream: CUDA out of memory", r.verdict().message());
    assertEquals(1, r.tokens().tokenEvents());
    assertTrue(r.hasFirstToken());
  }

  @Test
  void resetMidStreamIsKo() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("a") + content("b")), false, T0 + 5 * MS);
    ex.onTransportFailure(
        new IOException("wrapper", new SocketException("Connection reset")), T0 + 6 * MS);
    assertEquals("connection reset by peer", only().result().verdict().message());
  }

  @Test
  void emptyBodyIsKo() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(ByteBuffer.allocate(0), true, T0 + 2 * MS);
    assertEquals(
        "empty stream: HTTP 200 response ended without any SSE event",
        only().result().verdict().message());
  }

  @Test
  void bodyEndingWithoutDoneOrFinishIsKoButAFinishReasonIsEnough() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("a")), true, T0 + 2 * MS);
    assertEquals(
        "stream ended without [DONE] or finish_reason", only().result().verdict().message());

    outcomes.clear();
    StreamExchange finished = exchange();
    finished.onRequestWritten(T0);
    finished.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    finished.onBodyChunk(bytes(content("a") + FINISH), true, T0 + 2 * MS);
    assertTrue(only().result().ok());
  }

  /** An exchange on a clock the test moves: timeouts and grace times pass without waiting. */
  private StreamExchange onClock(ManualClock clock, StreamSettings settings, Runnable onAbort) {
    StreamExchange exchange =
        new StreamExchange(
            new OpenAiChatDialect(),
            settings,
            clock.nanoTime(),
            clock,
            outcomes::add,
            null,
            RequestSize.UNKNOWN,
            dev.gatlingllm.secrets.Redactor.NONE,
            null);
    exchange.start(onAbort::run);
    return exchange;
  }

  @Test
  void stalledStreamEndsAtTheIdleTimeout() {
    ManualClock clock = new ManualClock(T0);
    StreamExchange ex =
        onClock(
            clock, StreamSettings.DEFAULTS.withIdleTimeout(Duration.ofMillis(150)), () -> aborts++);
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    clock.advance(100 * MS);
    ex.onBodyChunk(bytes(content("a")), false, T0 + 100 * MS);
    clock.advance(100 * MS);
    assertEquals(0, outcomes.size(), "silent for 150 ms only at 250 ms");
    clock.advance(50 * MS);
    assertEquals(
        "stream stalled: no data for 150 ms (idle timeout)", only().result().verdict().message());
    assertEquals(
        250 * MS,
        only().result().timing().durationNanos(),
        "ended when the silence reached the idle timeout");
    assertEquals(1, aborts);
    assertEquals(0, clock.pending(), "no timer left armed");
  }

  @Test
  void endlessStreamEndsAtTheOverallTimeout() {
    ManualClock clock = new ManualClock(T0);
    StreamExchange ex =
        onClock(
            clock,
            StreamSettings.DEFAULTS
                .withIdleTimeout(Duration.ofMillis(100))
                .withOverallTimeout(Duration.ofMillis(300)),
            () -> aborts++);
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    // A token every 20 ms keeps the idle timer quiet; only the overall timeout can end it.
    for (int i = 1; outcomes.isEmpty(); i++) {
      clock.advance(20 * MS);
      if (outcomes.isEmpty()) {
        ex.onBodyChunk(bytes(content("x")), false, T0 + i * 20 * MS);
      }
    }
    assertEquals("request exceeded its timeout of 300 ms", only().result().verdict().message());
    assertEquals(300 * MS, only().result().timing().durationNanos());
    assertEquals(14, only().result().tokens().tokenEvents(), "one every 20 ms before 300 ms");
  }

  @Test
  void aBodyLeftOpenAfterDoneIsClosedAfterAGraceTimeAndTheRequestIsOk() {
    ManualClock clock = new ManualClock(T0);
    int[] closed = new int[1];
    StreamExchange ex = onClock(clock, StreamSettings.DEFAULTS, () -> closed[0]++);
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0);
    clock.advance(50 * MS);
    ex.onBodyChunk(
        bytes(content("a") + FINISH + DONE), false, T0 + 50 * MS); // and the body never ends
    clock.advance(StreamExchange.DRAIN_GRACE_MILLIS * MS - 1);
    assertEquals(0, outcomes.size(), "held for the grace time");
    assertEquals(0, closed[0]);
    clock.advance(1);
    assertTrue(only().result().ok());
    assertEquals(
        50 * MS,
        only().result().timing().durationNanos(),
        "the request ended at [DONE], not at the close");
    assertEquals(1, closed[0], "the lingering connection is closed");
  }

  @Test
  void theUserGoesOnWhenTheBodyEndsAfterDone() {
    ManualClock clock = new ManualClock(T0);
    StreamExchange ex = onClock(clock, StreamSettings.DEFAULTS, () -> aborts++);
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("a") + FINISH + DONE), false, T0 + 20 * MS);
    assertEquals(0, outcomes.size(), "held until the connection is free");
    ex.onBodyChunk(ByteBuffer.allocate(0), true, T0 + 21 * MS);
    assertEquals(1, outcomes.size());
    assertEquals(
        20 * MS,
        only().result().timing().durationNanos(),
        "done is still the [DONE] event, not the body end");
    assertEquals(0, aborts);
  }

  @Test
  void aBodyThatEndsAfterDoneKeepsItsConnection() {
    ManualClock clock = new ManualClock(T0);
    int[] closed = new int[1];
    StreamExchange ex = onClock(clock, StreamSettings.DEFAULTS, () -> closed[0]++);
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("a") + FINISH + DONE), false, T0 + 2 * MS);
    ex.onBodyChunk(ByteBuffer.allocate(0), true, T0 + 3 * MS);
    assertEquals(0, clock.pending(), "no timer left armed, the drain timer included");
    clock.advance((StreamExchange.DRAIN_GRACE_MILLIS + 300) * MS);
    assertEquals(0, closed[0], "a completed body's connection goes back to the pool");
    assertEquals(1, outcomes.size());
  }

  @Test
  void failureBeforeSendIsKoWithoutTimings() {
    StreamExchange ex =
        new StreamExchange(
            new OpenAiChatDialect(), StreamSettings.DEFAULTS, T0, timers, outcomes::add);
    ex.failBeforeSend("cannot build request: No attribute named 'prompt' is defined");
    RequestResult r = only().result();
    assertFalse(r.ok());
    assertNotNull(r.verdict().message());
    assertEquals(-1, r.timing().ttfbNanos());
    assertEquals(0, r.timing().sendLatenessNanos());
  }

  @Test
  void aRequestThatCouldNotBeBuiltEndsWithoutAnExchange() {
    FinishedStream outcome =
        NotSent.finished(
            "cannot build request: key sk-KEY123 refused",
            T0,
            T0 + 3 * MS,
            64,
            dev.gatlingllm.secrets.Redactor.of("sk-KEY123"),
            null);
    RequestResult r = outcome.result();
    assertFalse(r.ok());
    assertEquals("cannot build request: key *** refused", r.verdict().message());
    assertEquals(3 * MS, r.timing().durationNanos());
    assertEquals(-1, r.timing().ttfbNanos());
    assertEquals("", outcome.content());
    assertEquals(
        new Generation(64, null),
        new Generation(r.tokens().maxTokens(), r.tokens().finishReason()),
        "the limit it asked for, no finish reason");
  }

  @Test
  void aListenerFailingAtTheEndOfAnUnsentRequestIsNamed() {
    OutputListener failing =
        new OutputListener() {
          @Override
          public void onToken(TokenEvent event) {}

          @Override
          public void onEnd(FinishedStream outcome) {
            throw new IllegalStateException("boom");
          }
        };
    FinishedStream outcome =
        NotSent.finished(
            "cannot build request: x", T0, T0, -1, dev.gatlingllm.secrets.Redactor.NONE, failing);
    assertEquals(
        "token listener failed: IllegalStateException: boom", outcome.result().verdict().message());
  }

  /**
   * A redacting exchange: the request carried {@code sk-KEY123} (long enough to be hidden inside a
   * word).
   */
  private StreamExchange redacting() {
    StreamExchange ex =
        new StreamExchange(
            new OpenAiChatDialect(),
            StreamSettings.DEFAULTS,
            T0,
            timers,
            outcomes::add,
            null,
            RequestSize.UNKNOWN,
            dev.gatlingllm.secrets.Redactor.of("sk-KEY123"),
            null);
    ex.start(() -> aborts++);
    ex.onRequestWritten(T0);
    return ex;
  }

  @Test
  void anErrorBodyEchoingTheKeyIsRedactedBeforeItBecomesTheOutcome() {
    StreamExchange ex = redacting();
    ex.onResponseHeaders(401, "application/json", "id-sk-KEY123", T0 + MS);
    ex.onBodyChunk(
        bytes("{\"error\":{\"message\":\"Incorrect API key provided: Bearer sk-KEY123\"}}"),
        true,
        T0 + 2 * MS);
    RequestResult r = only().result();
    assertEquals("HTTP 401: Incorrect API key provided: Bearer ***", r.verdict().message());
    assertEquals("id-***", r.requestId());
  }

  @Test
  void anErrorEventAndStreamedTextEchoingTheKeyAreRedacted() {
    StreamExchange ex = redacting();
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(
        bytes(
            content("your key: sk-")
                + content("KEY123!")
                + "data: {\"error\":{\"message\":\"bad key sk-KEY123\"}}\n\n"),
        true,
        T0 + 2 * MS);
    FinishedStream outcome = only();
    assertEquals("error event in stream: bad key ***", outcome.result().verdict().message());
    // Split across two events: only the whole text shows the key, and it is the whole text that is
    // redacted.
    assertEquals("your key: ***!", outcome.content());
  }

  @Test
  void aTokenizerThrowingAtTheEndStillEndsTheRequestOnceAsKo() {
    dev.gatlingllm.values.Tokenizer broken =
        new dev.gatlingllm.values.Tokenizer() {
          @Override
          public String name() {
            return "broken";
          }

          @Override
          public int[] encode(String text) {
            throw new IllegalStateException("no vocabulary");
          }

          @Override
          public String decode(int[] ids) {
            return "";
          }
        };
    StreamExchange ex =
        new StreamExchange(
            new OpenAiChatDialect(),
            StreamSettings.DEFAULTS,
            T0,
            timers,
            outcomes::add,
            broken,
            RequestSize.UNKNOWN,
            dev.gatlingllm.secrets.Redactor.NONE,
            null);
    ex.start(() -> aborts++);
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("Hello") + FINISH + DONE), false, T0 + 2 * MS);
    FinishedStream outcome = only();
    assertFalse(outcome.result().ok());
    assertEquals(
        "cannot complete request: IllegalStateException: no vocabulary",
        outcome.result().verdict().message());
    assertEquals("Hello", outcome.content());
    assertEquals(1, aborts, "the body had not ended: the connection is not reused");
    ex.onBodyChunk(bytes(""), true, T0 + 3 * MS);
    assertEquals(1, outcomes.size(), "still one completion");
  }

  /** The KO message of a stream cut after {@code tokens} token events by {@code cut}. */
  private String messageAfter(int tokens, java.util.function.Consumer<StreamExchange> cut) {
    outcomes.clear();
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("t").repeat(tokens)), false, T0 + 2 * MS);
    cut.accept(ex);
    assertEquals(tokens, only().result().tokens().tokenEvents(), "the number is in its column");
    return only().result().verdict().message();
  }

  @Test
  void theSameFailureGivesTheSameMessageWhereverTheStreamBroke() {
    java.util.function.Consumer<StreamExchange> reset =
        ex -> ex.onTransportFailure(new SocketException("Connection reset"), T0 + 3 * MS);
    java.util.function.Consumer<StreamExchange> truncated =
        ex -> ex.onBodyChunk(bytes(""), true, T0 + 3 * MS);
    assertEquals(messageAfter(2, reset), messageAfter(17, reset));
    assertEquals("connection reset by peer", messageAfter(0, reset));
    assertEquals(messageAfter(1, truncated), messageAfter(40, truncated));
  }

  @Test
  void messagesAreBoundedAndOnOneLine() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(500, "text/html", null, T0 + MS);
    ex.onBodyChunk(bytes("<html>\n" + "x".repeat(10_000)), true, T0 + 2 * MS);
    String message = only().result().verdict().message();
    assertEquals(
        dev.gatlingllm.metrics.request.Verdict.MAX_MESSAGE_CHARS, message.length(), message);
    assertTrue(message.startsWith("HTTP 500: <html> xxx") && message.endsWith("x..."), message);
  }

  @Test
  void aKeyStraddlingTheCutIsRedactedWholeBeforeTheMessageIsCut() {
    StreamExchange ex = redacting();
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    // The key starts at char 193 of the message: a cut (at 197) before redaction would leave
    // "sk-K".
    String padding = "x".repeat(193 - "invalid JSON in SSE event: {".length());
    ex.onBodyChunk(bytes("data: {" + padding + "sk-KEY123 and more\n\n"), true, T0 + 2 * MS);
    String message = only().result().verdict().message();
    assertFalse(message.contains("sk-K"), message);
    assertTrue(message.endsWith("x*** ..."), message);
  }

  @Test
  void aRateLimitKeepsRetryAfterBesideAMessageThatDoesNotVary() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(ResponseHead.of(429, "application/json").withRetryAfter("7"), T0 + MS);
    ex.onBodyChunk(bytes("{\"error\":{\"message\":\"Rate limit reached\"}}"), true, T0 + 2 * MS);
    RequestResult r = only().result();
    assertEquals("HTTP 429: Rate limit reached", r.verdict().message());
    assertEquals(7, r.verdict().retryAfterSeconds());

    outcomes.clear();
    StreamExchange without = exchange();
    without.onRequestWritten(T0);
    without.onResponseHeaders(503, "application/json", null, T0 + MS);
    without.onBodyChunk(bytes("{}"), true, T0 + 2 * MS);
    assertEquals(-1, only().result().verdict().retryAfterSeconds());
  }

  @Test
  void aConnectionLostAfterFinishReasonIsOkLikeAnOrdinaryEndOfBody() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("a") + content("b") + FINISH), false, T0 + 2 * MS);
    ex.onTransportFailure(new SocketException("Connection reset"), T0 + 3 * MS);
    RequestResult r = only().result();
    assertTrue(r.ok(), r.verdict().message());
    assertEquals(2, r.tokens().tokenEvents());

    outcomes.clear();
    StreamExchange ended = exchange();
    ended.onRequestWritten(T0);
    ended.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ended.onBodyChunk(bytes(content("a") + content("b") + FINISH), true, T0 + 2 * MS);
    assertTrue(only().result().ok(), "the same stream ended by its body: OK as well");

    outcomes.clear();
    StreamExchange unfinished = exchange();
    unfinished.onRequestWritten(T0);
    unfinished.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    unfinished.onBodyChunk(bytes(content("a")), false, T0 + 2 * MS);
    unfinished.onTransportFailure(new SocketException("Connection reset"), T0 + 3 * MS);
    assertEquals(
        "connection reset by peer",
        only().result().verdict().message(),
        "without finish_reason: KO");
  }

  @Test
  void aJsonErrorBodyServedAsAnEventStreamKeepsTheServersText() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes("{\"error\":{\"message\":\"model is overloaded\""), false, T0 + 2 * MS);
    ex.onBodyChunk(bytes(",\"type\":\"server_error\"}}\n"), true, T0 + 3 * MS);
    assertEquals(
        "HTTP 200 body is not an SSE stream: model is overloaded",
        only().result().verdict().message());

    outcomes.clear();
    StreamExchange empty = exchange();
    empty.onRequestWritten(T0);
    empty.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    empty.onBodyChunk(bytes(": keep-alive\n\n"), true, T0 + 2 * MS);
    assertEquals(
        "empty stream: HTTP 200 response ended without any SSE event",
        only().result().verdict().message());
  }

  // ---- bounded memory

  @Test
  void anEndlessFastStreamEndsKoAtTheOutputBoundAndClosesItsConnection() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    String event = content("x".repeat(1000));
    int fed = 0;
    // A server that never stops: 4 MiB of events, many per read, as fast as the test can feed them.
    while (outcomes.isEmpty() && fed < 4 * 1024) {
      ex.onBodyChunk(bytes(event.repeat(8)), false, T0 + (2 + fed) * MS);
      fed += 8;
    }
    FinishedStream outcome = only();
    RequestResult r = outcome.result();
    assertFalse(r.ok());
    assertEquals("output exceeded 1048576 bytes (maxOutputBytes)", r.verdict().message());
    assertEquals(1, aborts, "the connection of a stream cut at the bound is closed");
    assertEquals(
        1_048_000, outcome.content().length(), "only whole events within the bound are kept");
    assertEquals(1048, r.tokens().tokenEvents(), "the event crossing the bound is not taken in");
    ex.onBodyChunk(bytes(event), false, T0 + 9_999 * MS);
    assertEquals(1, outcomes.size());
  }

  @Test
  void theOutputBoundCountsAnswerAndReasoningInUtf8Bytes() {
    StreamExchange ex = exchange(StreamSettings.DEFAULTS.withMaxOutputBytes(12));
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(
        bytes("data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"hmm\"}}]}\n\n"),
        false,
        T0 + 2 * MS);
    ex.onBodyChunk(bytes(content("\u00e9t\u00e9")), false, T0 + 3 * MS); // 5 bytes: 8 in all
    assertTrue(outcomes.isEmpty());
    ex.onBodyChunk(bytes(content("\u20ac\u20ac")), false, T0 + 4 * MS); // 6 bytes: 14 > 12
    FinishedStream outcome = only();
    assertEquals("output exceeded 12 bytes (maxOutputBytes)", outcome.result().verdict().message());
    assertEquals("hmm", outcome.reasoning());
    assertEquals("\u00e9t\u00e9", outcome.content());
  }

  @Test
  void aStreamWithinTheBoundIsUntouched() {
    StreamExchange ex = exchange(StreamSettings.DEFAULTS.withMaxOutputBytes(6));
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("abc") + content("def") + FINISH + DONE), true, T0 + 2 * MS);
    assertTrue(only().result().ok());
    assertEquals("abcdef", only().content());
  }

  @Test
  void theGapListOfAVeryLongStreamIsCappedWhileItsCountsStayExact() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    int events = dev.gatlingllm.metrics.request.RequestTimeline.MAX_KEPT_GAPS + 1_000;
    byte[] one = content("a").getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < events; i++) {
      ex.onBodyChunk(ByteBuffer.wrap(one), false, T0 + 10 * MS + i * 1_000L);
    }
    ex.onBodyChunk(bytes(FINISH + DONE), true, T0 + 10 * MS + events * 1_000L);
    RequestResult r = only().result();
    assertTrue(r.ok());
    assertEquals(events, r.tokens().tokenEvents());
    assertEquals(dev.gatlingllm.metrics.request.RequestTimeline.MAX_KEPT_GAPS, r.itlNanos().length);
    assertEquals(1_000L, r.itlNanos()[r.itlNanos().length - 1]);
    assertEquals(
        (events - 1) * 1_000L, r.timing().e2elNanos() - r.timing().ttftNanos(), "E2EL stays exact");
  }

  // ---- compression

  @Test
  void aCompressedResponseIsKoAtItsHeadersAndItsConnectionClosed() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(
        ResponseHead.of(200, "text/event-stream").withContentEncoding("gzip"), T0 + MS);
    RequestResult r = only().result();
    assertFalse(r.ok());
    assertEquals(200, r.verdict().httpStatus());
    assertEquals(
        "HTTP 200 with Content-Encoding 'gzip': compressed streams distort token timing",
        r.verdict().message());
    assertEquals(1, aborts, "nothing more is read, so nothing more is inflated");
    ex.onBodyChunk(bytes(content("a") + FINISH + DONE), true, T0 + 2 * MS);
    assertEquals(1, outcomes.size());
  }

  @Test
  void anIdentityEncodingIsNoCompression() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(
        ResponseHead.of(200, "text/event-stream").withContentEncoding("Identity"), T0 + MS);
    ex.onBodyChunk(bytes(content("a") + FINISH + DONE), true, T0 + 2 * MS);
    assertTrue(only().result().ok());
  }

  // ---- server token counts

  @Test
  void implausibleServerTokenCountsAreIgnoredFlaggedAndKeepTheSummarySane() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("a") + content("b") + content("c")), false, T0 + 50 * MS);
    ex.onBodyChunk(
        bytes(
            FINISH
                + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":-7,"
                + "\"completion_tokens\":9223372036854775807,\"total_tokens\":9223372036854775800}}\n\n"
                + DONE),
        true,
        T0 + 90 * MS);
    RequestResult r = only().result();
    assertTrue(r.ok());
    assertEquals(3, r.tokens().outputTokens(), "the client's count instead of the server's");
    assertEquals(TokenCountSource.EVENT_COUNT, r.tokens().outputTokenSource());
    assertEquals(
        dev.gatlingllm.metrics.request.RequestTimeline.UNTRUSTED_COUNT,
        r.tokens().serverOutputTokens(),
        "the row says the server's count was not trusted");
    assertEquals(-1, r.tokens().inputTokens());
    assertEquals(TokenCountSource.UNKNOWN, r.tokens().inputTokenSource());

    long t0 = 1_700_000_000_000L;
    var recorder =
        new dev.gatlingllm.metrics.aggregate.RunRecorder(
            dev.gatlingllm.metrics.aggregate.RunConfig.startingAt(t0));
    for (int i = 0; i < 3; i++) {
      recorder.record("chat", t0 + 1_000, r);
    }
    var run = recorder.snapshot(t0 + 10_000).run();
    assertEquals(9, run.tokens().totalOutputTokens());
    assertEquals(
        9 / 0.09,
        run.throughput().outputThroughput(),
        1e-9,
        "9 tokens over the 90 ms the requests were busy");
    assertEquals(0, run.tokens().mismatch().requests());
  }

  /**
   * 2^63 is valid JSON, beyond a long: as implausible as any other count past 10^9, not a damaged
   * event.
   */
  @Test
  void aServerCountBeyondALongIsIgnoredAndFlaggedAndTheStreamStaysOk() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(bytes(content("a") + content("b") + FINISH), false, T0 + 50 * MS);
    ex.onBodyChunk(
        bytes(
            "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":5,"
                + "\"completion_tokens\":9223372036854775808,\"total_tokens\":9223372036854775813}}\n\n"
                + DONE),
        true,
        T0 + 90 * MS);
    RequestResult r = only().result();
    assertTrue(r.ok(), String.valueOf(r.verdict()));
    assertEquals(2, r.tokens().outputTokens(), "the client's count instead of the server's");
    assertEquals(TokenCountSource.EVENT_COUNT, r.tokens().outputTokenSource());
    assertEquals(
        dev.gatlingllm.metrics.request.RequestTimeline.UNTRUSTED_COUNT,
        r.tokens().serverOutputTokens());
    assertEquals(5, r.tokens().inputTokens());
  }

  @Test
  void aLargeButPlausibleServerCountIsTrusted() {
    StreamExchange ex = exchange();
    ex.onRequestWritten(T0);
    ex.onResponseHeaders(200, "text/event-stream", null, T0 + MS);
    ex.onBodyChunk(
        bytes(content("a") + FINISH + usage(900_000, 1_000_000_000) + DONE), true, T0 + 50 * MS);
    RequestResult r = only().result();
    assertEquals(1_000_000_000L, r.tokens().outputTokens());
    assertEquals(TokenCountSource.SERVER_USAGE, r.tokens().outputTokenSource());
    assertEquals(900_000, r.tokens().inputTokens());
  }
}
