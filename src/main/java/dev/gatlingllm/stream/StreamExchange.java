package dev.gatlingllm.stream;

import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.OutputKind;
import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.StreamSignals;
import dev.gatlingllm.metrics.request.RequestTimeline;
import dev.gatlingllm.metrics.request.Verdict;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.sse.SseDecoder;
import dev.gatlingllm.sse.SseEvent;
import dev.gatlingllm.sse.SseEventListener;
import dev.gatlingllm.sse.SseFormatException;
import dev.gatlingllm.tokenize.Tokenizer;
import dev.gatlingllm.transport.InFlightRequest;
import dev.gatlingllm.transport.ResponseHandler;
import dev.gatlingllm.transport.ResponseHead;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Drives one streamed request from the first byte written to its single end: bytes go through the SSE
 * decoder and the dialect's interpreter into the {@link RequestTimeline}; every way a stream can go wrong
 * (bad status, wrong content type, malformed event, error event, reset, stall, endless stream, empty body)
 * ends it as KO with a message, and {@code onComplete} is called exactly once.
 *
 * <p>Confined to one thread: the transport's callbacks and the timers must all run on the same executor
 * (the virtual user's event loop), so nothing here is locked or blocks.
 */
public final class StreamExchange implements ResponseHandler, SseEventListener, StreamSignals {
  /** How long the rest of a body may take to arrive after {@code [DONE]} before the connection is closed. */
  static final long DRAIN_GRACE_MILLIS = 1_000;

  private final StreamSettings settings;
  private final LlmDialect dialect;
  private final StreamInterpreter interpreter;
  private final SseDecoder decoder;
  private final RequestTimeline timeline;
  private final ScheduledExecutorService timers;
  private final Consumer<FinishedStream> onComplete;
  private final Tokenizer tokenizer;
  private final long clientInputTokens;
  private final Redactor redactor;
  /** Null when unused: then the only cost is a null check per output piece, per token event and per request. */
  private final TokenNotifier notifier;

  private InFlightRequest inFlight;
  private ScheduledFuture<?> overallTimer;
  private ScheduledFuture<?> idleTimer;
  private long lastActivityNanos;

  private int status;
  private long retryAfterSeconds = -1;
  /** Non-null while the body is an error (bad status or content type) kept for the KO message. */
  private ByteArrayOutputStream errorBody;
  private String errorPrefix;
  /** The start of the body while it has yielded no event, for an error body sent as an event stream. */
  private ByteArrayOutputStream preamble;

  private long chunkNanos;
  private boolean eventHasOutput;
  private boolean eventHasAnswer;
  private long eventsSeen;
  private final StringBuilder content = new StringBuilder();
  private final StringBuilder reasoning = new StringBuilder();
  private final ToolCalls toolCalls = new ToolCalls();
  /** UTF-8 bytes of content, reasoning and tool calls so far, bounded by {@link StreamSettings#maxOutputBytes()}. */
  private long outputBytes;
  private String finishReason;
  private boolean finished;
  private boolean bodyEnded;
  /** An OK outcome waiting for the body's end (see finish), or null. */
  private FinishedStream heldOutcome;
  private ScheduledFuture<?> drainTimer;

  public StreamExchange(
      LlmDialect dialect,
      StreamSettings settings,
      long scheduledNanos,
      ScheduledExecutorService timers,
      Consumer<FinishedStream> onComplete) {
    this(dialect, settings, scheduledNanos, timers, onComplete, null, -1, Redactor.NONE, null);
  }

  /**
   * @param tokenizer counts the generated text when the exchange ends, or null
   * @param clientInputTokens the client's count of the prompt, or -1
   * @param redactor hides the request's secrets in every text of the outcome (KO message, answer, reasoning,
   *     request id): servers and gateways echo keys, and the outcome feeds records, reports and the session
   * @param listener sees each output piece and the end, on this exchange's executor; or null
   */
  public StreamExchange(
      LlmDialect dialect,
      StreamSettings settings,
      long scheduledNanos,
      ScheduledExecutorService timers,
      Consumer<FinishedStream> onComplete,
      Tokenizer tokenizer,
      long clientInputTokens,
      Redactor redactor,
      TokenListener listener) {
    this.redactor = redactor;
    this.notifier = listener == null ? null : new TokenNotifier(listener);
    this.tokenizer = tokenizer;
    this.clientInputTokens = clientInputTokens;
    this.settings = settings;
    this.dialect = dialect;
    this.interpreter = dialect.newInterpreter();
    this.decoder = new SseDecoder(this, settings.maxEventBytes());
    this.timeline = new RequestTimeline(scheduledNanos);
    this.timers = timers;
    this.onComplete = onComplete;
    this.lastActivityNanos = scheduledNanos;
  }

  /** Arms the timeouts; call once the request is handed to the transport. */
  public void start(InFlightRequest request) {
    this.inFlight = request;
    if (finished) {
      request.abort();
      return;
    }
    long elapsed = System.nanoTime() - timeline.scheduledNanos();
    overallTimer =
        timers.schedule(
            this::onOverallTimeout,
            Math.max(0, settings.overallTimeout().toNanos() - elapsed),
            TimeUnit.NANOSECONDS);
    idleTimer = timers.schedule(this::onIdleCheck, settings.idleTimeout().toNanos(), TimeUnit.NANOSECONDS);
  }

  /** Ends the exchange before anything was sent (e.g. the request could not be built). */
  public void failBeforeSend(String message) {
    fail(message, System.nanoTime());
  }

  // ---- transport callbacks

  @Override
  public void onRequestWritten(long nanos) {
    lastActivityNanos = nanos;
    timeline.onSent(nanos);
  }

  @Override
  public void onResponseHeaders(ResponseHead head, long nanos) {
    if (finished) {
      return;
    }
    lastActivityNanos = nanos;
    int status = head.status();
    String contentType = head.contentType();
    this.status = status;
    // In a column of its own rather than in the message, which must stay the same for the same cause.
    this.retryAfterSeconds = RetryAfter.seconds(head.retryAfter(), System.currentTimeMillis());
    timeline.onHeaders(nanos, redactor.redact(head.requestId()));
    if (isCompressed(head.contentEncoding())) {
      // KO rather than read on: Gatling's client inflates the body before it reaches us, with no bound on
      // what one chunk inflates to (a few KiB of gzip can become GiB), and a compressor batches tokens, so
      // the gaps measured would be its own. Every request asks for identity; a server or proxy ignoring that
      // is reported, and the connection closed before more is inflated.
      fail("HTTP " + status + " with Content-Encoding '" + head.contentEncoding()
          + "': compressed streams distort token timing", nanos);
      return;
    }
    if (status < 200 || status > 299) {
      keepErrorBody("HTTP " + status);
    } else if (contentType == null
        || !contentType.toLowerCase(Locale.ROOT).startsWith("text/event-stream")) {
      keepErrorBody(
          "HTTP "
              + status
              + " with Content-Type '"
              + (contentType == null ? "(none)" : contentType)
              + "', expected text/event-stream");
    }
  }

  @Override
  public void onBodyChunk(ByteBuffer chunk, boolean last, long nanos) {
    if (last) {
      bodyEnded = true;
      if (finished) {
        releaseHeldOutcome();
        return;
      }
    }
    if (finished) {
      return;
    }
    lastActivityNanos = nanos;
    if (errorBody != null) {
      appendErrorBody(chunk);
      if (last) {
        finishWithErrorBody(nanos);
      }
      return;
    }
    chunkNanos = nanos;
    if (eventsSeen == 0) {
      keepPreamble(chunk);
    }
    try {
      decoder.feed(chunk);
    } catch (SseFormatException e) {
      fail("malformed SSE: " + e.getMessage(), nanos);
      return;
    }
    if (eventsSeen > 0) {
      preamble = null; // a stream after all: nothing more to keep
    }
    if (last && !finished) {
      onEndOfBody(nanos);
    }
  }

  @Override
  public void onTransportFailure(Throwable cause, long nanos) {
    if (finished) {
      // The stream had already ended (e.g. [DONE]); only the connection's rest failed.
      releaseHeldOutcome();
      return;
    }
    bodyEnded = true; // the connection is gone: no rest of the body will come
    if (finishReason != null) {
      // The answer was complete: a connection lost now ends it as an ordinary end of body would (OK).
      finish(Verdict.ok(status), nanos);
      return;
    }
    // No "after N token events": the message stays the same wherever the stream broke (token_events says).
    fail(TransportErrors.describe(cause), nanos);
  }

  // ---- SSE events

  @Override
  public void onEvent(SseEvent event) {
    if (finished) {
      return;
    }
    eventsSeen++;
    eventHasOutput = false;
    eventHasAnswer = false;
    interpreter.onEvent(event, this);
    if (notifier != null) {
      notifyTokens();
    }
    if (eventHasOutput && !finished) {
      timeline.onTokenEvent(chunkNanos, eventHasAnswer);
    }
  }

  // ---- dialect signals

  @Override
  public void onOutput(OutputKind kind, String text) {
    if (finished) {
      return;
    }
    eventHasOutput = true;
    if (!withinOutputBound(text)) {
      return;
    }
    switch (kind) {
      case CONTENT -> {
        eventHasAnswer = true;
        content.append(text);
      }
      case REASONING -> reasoning.append(text);
      // Tool-call fragments count as generated tokens; their text is not part of the answer.
      case TOOL_CALL_NAME -> toolCalls.name(text);
      case TOOL_CALL -> toolCalls.arguments(text);
    }
    if (notifier != null) {
      notifier.piece(kind, text);
    }
  }

  /**
   * After the whole event (its usage included): the event's index is the token events counted so far, the
   * timeline counts this one next.
   */
  private void notifyTokens() {
    if (finished) {
      notifier.discard();
      return;
    }
    try {
      notifier.endEvent(timeline.tokenEvents(), chunkNanos);
    } catch (RuntimeException e) {
      fail("token listener failed: " + describe(e), chunkNanos);
    }
  }

  /** The type and message of a failure in the client's own code (a tokenizer, a listener), for a KO message. */
  private static String describe(RuntimeException e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  @Override
  public void onUsage(long promptTokens, long completionTokens) {
    timeline.onUsage(promptTokens, completionTokens);
    if (notifier != null) {
      notifier.usage(completionTokens);
    }
  }

  @Override
  public void onFinish(String reason) {
    finishReason = reason;
  }

  @Override
  public void onStreamError(String message) {
    fail("error event in stream: " + message, chunkNanos);
  }

  @Override
  public void onDone() {
    // The end marker ends the request and its figures; see finish() for when the virtual user goes on.
    finish(Verdict.ok(status), chunkNanos);
  }

  @Override
  public void onMalformed(String message) {
    fail(message, chunkNanos);
  }

  /**
   * Counts {@code text} against the output bound; past it the request ends KO and its connection is closed,
   * since a server that streams on and on would otherwise grow the kept text until the overall timeout.
   */
  private boolean withinOutputBound(String text) {
    outputBytes += Utf8Length.length(text);
    if (outputBytes <= settings.maxOutputBytes()) {
      return true;
    }
    fail("output exceeded " + settings.maxOutputBytes() + " bytes (maxOutputBytes)", chunkNanos);
    return false;
  }

  // ---- ends

  private void onEndOfBody(long nanos) {
    boolean truncated = decoder.finish();
    String serverText = eventsSeen == 0 ? notSse() : null;
    if (serverText != null) {
      // An error body served as text/event-stream (some gateways do): its text is the reason, keep it.
      fail("HTTP " + status + " body is not an SSE stream: " + dialect.errorMessage(serverText), nanos);
    } else if (eventsSeen == 0) {
      fail(truncated ? "stream ended inside its first event (no blank line)" : "empty stream: HTTP " + status
          + " response ended without any SSE event", nanos);
    } else if (finishReason != null) {
      // Some servers end the body without [DONE]; a finish_reason already closed the generation.
      finish(Verdict.ok(status), nanos);
    } else {
      fail("stream ended without [DONE] or finish_reason", nanos);
    }
  }

  private void onIdleCheck() {
    if (finished) {
      return;
    }
    long now = System.nanoTime();
    long idleNanos = settings.idleTimeout().toNanos();
    long silent = now - lastActivityNanos;
    if (silent >= idleNanos) {
      fail("stream stalled: no data for " + settings.idleTimeout().toMillis() + " ms (idle timeout)", now);
    } else {
      idleTimer = timers.schedule(this::onIdleCheck, idleNanos - silent, TimeUnit.NANOSECONDS);
    }
  }

  private void onOverallTimeout() {
    if (!finished) {
      fail("request exceeded its timeout of " + settings.overallTimeout().toMillis() + " ms", System.nanoTime());
    }
  }

  /**
   * Ends the request as KO. Every KO goes through here: the message is redacted before the outcome bounds it,
   * since a cut could leave part of a secret that redaction would no longer recognise.
   */
  private void fail(String message, long nanos) {
    finish(Verdict.ko(status, redactor.redact(message)).withRetryAfter(retryAfterSeconds), nanos);
  }

  private void finish(Verdict outcome, long nanos) {
    if (finished) {
      return;
    }
    finished = true;
    if (overallTimer != null) {
      overallTimer.cancel(false);
    }
    if (idleTimer != null) {
      idleTimer.cancel(false);
    }
    timeline.onDone(nanos);
    FinishedStream result;
    try {
      result = outcome(outcome, true);
    } catch (RuntimeException e) {
      // A failure of ours or of a custom tokenizer while counting: the request still ends, as KO naming it.
      result = outcome(Verdict.ko(status, redactor.redact("cannot complete request: " + describe(e))), false);
    }
    if (notifier != null) {
      result = notifyEnd(result);
    }
    if (!result.result().ok() && inFlight != null) {
      // A failed stream's connection may still carry bytes: never hand it back to the pool.
      inFlight.abort();
    }
    if (result.result().ok() && !bodyEnded && inFlight != null) {
      // [DONE] came before the end of the body. Gatling's client frees the connection only at the body's end:
      // going on now would make the user's next request open a second connection. Hold the outcome until the
      // body ends (it normally follows at once); a server that keeps it open (some llama.cpp builds do) gets
      // its connection closed after a grace time.
      heldOutcome = result;
      try {
        drainTimer = timers.schedule(() -> {
          if (heldOutcome != null) {
            inFlight.abort();
            releaseHeldOutcome();
          }
        }, DRAIN_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        return;
      } catch (RejectedExecutionException e) {
        // The event loop is shutting down (end of the run): go on now rather than never.
        heldOutcome = null;
        inFlight.abort();
      }
    }
    onComplete.accept(result);
  }

  /** The outcome as the listener saw it, or a KO naming the listener when it threw (it is not called again). */
  private FinishedStream notifyEnd(FinishedStream result) {
    try {
      notifier.listener().onEnd(result);
      return result;
    } catch (RuntimeException e) {
      return outcome(Verdict.ko(status, redactor.redact("token listener failed: " + describe(e))), false);
    }
  }

  /**
   * The outcome (its message already redacted by {@link #fail}) with the streamed texts redacted, once:
   * everything downstream (records, report files, session, logs) gets these texts. {@code countTokens} false
   * leaves the client's count out (-1).
   */
  private FinishedStream outcome(Verdict outcome, boolean countTokens) {
    return new FinishedStream(
        timeline.toResult(outcome, countTokens ? clientOutputTokens() : -1, clientInputTokens),
        redactor.redact(content.toString()), redactor.redact(reasoning.toString()), redactor.redact(finishReason),
        toolCalls.toList(redactor));
  }

  private void releaseHeldOutcome() {
    FinishedStream result = heldOutcome;
    if (result == null) {
      return;
    }
    heldOutcome = null;
    if (drainTimer != null) {
      drainTimer.cancel(false);
    }
    onComplete.accept(result);
  }

  /** Once per request, at its end: never per event. */
  private long clientOutputTokens() {
    if (tokenizer == null) {
      return -1;
    }
    return (long) tokenizer.count(content.toString()) + tokenizer.count(reasoning.toString());
  }

  private static boolean isCompressed(String contentEncoding) {
    return contentEncoding != null && !contentEncoding.isBlank()
        && !contentEncoding.trim().equalsIgnoreCase("identity");
  }

  // ---- error bodies

  /** Copies the start of a body that has not yielded an event yet (normally only the first chunk). */
  private void keepPreamble(ByteBuffer chunk) {
    if (preamble == null) {
      preamble = new ByteArrayOutputStream(Math.min(chunk.remaining(), settings.maxErrorBodyBytes()));
    }
    append(preamble, chunk);
  }

  /** The body's text when it held no event and reads as JSON or HTML rather than SSE; otherwise null. */
  private String notSse() {
    if (preamble == null) {
      return null;
    }
    String text = preamble.toString(StandardCharsets.UTF_8).strip();
    return text.startsWith("{") || text.startsWith("<") ? text : null;
  }

  private void keepErrorBody(String prefix) {
    errorPrefix = prefix;
    errorBody = new ByteArrayOutputStream();
  }

  private void appendErrorBody(ByteBuffer chunk) {
    append(errorBody, chunk);
  }

  /** Appends what fits of {@code chunk} below the error-body limit, without moving its position. */
  private void append(ByteArrayOutputStream kept, ByteBuffer chunk) {
    int room = settings.maxErrorBodyBytes() - kept.size();
    int n = Math.min(room, chunk.remaining());
    if (n <= 0) {
      return;
    }
    byte[] bytes = new byte[n];
    chunk.get(chunk.position(), bytes, 0, n);
    kept.write(bytes, 0, n);
  }

  private void finishWithErrorBody(long nanos) {
    String body = errorBody.toString(StandardCharsets.UTF_8);
    fail(errorPrefix + ": " + dialect.errorMessage(body), nanos);
  }
}
