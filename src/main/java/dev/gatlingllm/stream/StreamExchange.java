package dev.gatlingllm.stream;

import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.framing.FrameDecoder;
import dev.gatlingllm.framing.FrameFormatException;
import dev.gatlingllm.framing.Framing;
import dev.gatlingllm.metrics.request.Generation;
import dev.gatlingllm.metrics.request.RequestTimeline;
import dev.gatlingllm.metrics.request.Verdict;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.transport.InFlightRequest;
import dev.gatlingllm.transport.ResponseHandler;
import dev.gatlingllm.transport.ResponseHead;
import dev.gatlingllm.values.Tokenizer;
import java.nio.ByteBuffer;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Drives one streamed request from the first byte written to its single end: the connection's side
 * (timers, status, content type, error bodies, end of body, every KO path) is here; bytes go
 * through the framing's decoder into the {@link StreamOutput}, which collects what the dialect's
 * interpreter reads. Every way a stream can go wrong (bad status, wrong content type, malformed
 * frame, error event, reset, stall, endless stream, empty body) ends it as KO with a message, and
 * {@code onComplete} is called exactly once.
 *
 * <p>Confined to one thread: the transport's callbacks and the timers must all run on the same
 * executor (the virtual user's event loop), so nothing here is locked or blocks.
 */
public final class StreamExchange implements ResponseHandler {
  /**
   * How long the rest of a body may take to arrive after {@code [DONE]} before the connection is
   * closed.
   */
  static final long DRAIN_GRACE_MILLIS = 1_000;

  private final StreamSettings settings;
  private final LlmDialect dialect;
  private final Framing framing;
  private final StreamOutput output;
  private final FrameDecoder decoder;
  private final RequestTimeline timeline;
  private final ExchangeClock clock;
  private final Consumer<FinishedStream> onComplete;
  private final RequestSize size;
  private final Redactor redactor;

  private InFlightRequest inFlight;

  /**
   * The run's exchanges in flight, which this one leaves when its outcome is delivered; or null.
   */
  private InFlightExchanges registry;

  /** This exchange as the run's registry of exchanges in flight holds it. */
  private final InFlightExchanges.Member member =
      new InFlightExchanges.Member() {
        @Override
        public void stopOnItsLoop() {
          StreamExchange.this.stopOnItsLoop();
        }

        @Override
        public void stopForRunEnd() {
          StreamExchange.this.stopForRunEnd();
        }
      };

  private ExchangeClock.Timer overallTimer;
  private ExchangeClock.Timer idleTimer;
  private long lastActivityNanos;

  private int status;
  private long retryAfterSeconds = -1;

  /** Non-null while the body is an error (bad status or content type) kept for the KO message. */
  private KeptBytes errorBody;

  private String errorPrefix;

  /**
   * The start of the body while it has yielded no frame, for an error body sent as an event stream.
   */
  private KeptBytes preamble;

  private boolean finished;
  private boolean bodyEnded;

  /** An OK finished stream waiting for the body's end (see finish), or null. */
  private FinishedStream heldFinish;

  private ExchangeClock.Timer drainTimer;

  public StreamExchange(
      LlmDialect dialect,
      StreamSettings settings,
      long scheduledNanos,
      ScheduledExecutorService timers,
      Consumer<FinishedStream> onComplete) {
    this(
        dialect,
        settings,
        scheduledNanos,
        timers,
        onComplete,
        null,
        RequestSize.UNKNOWN,
        Redactor.NONE,
        null);
  }

  /** As the constructor with a clock, on the JVM's clock with timers on {@code timers}. */
  public StreamExchange(
      LlmDialect dialect,
      StreamSettings settings,
      long scheduledNanos,
      ScheduledExecutorService timers,
      Consumer<FinishedStream> onComplete,
      Tokenizer tokenizer,
      RequestSize size,
      Redactor redactor,
      OutputListener listener) {
    this(
        dialect,
        settings,
        scheduledNanos,
        ExchangeClock.on(timers),
        onComplete,
        tokenizer,
        size,
        redactor,
        listener);
  }

  /**
   * @param clock the time and the timers, on the executor every callback of this exchange runs on
   * @param tokenizer counts the generated text when the exchange ends, or null
   * @param size the client's count of the prompt and the output limit, for the result's figures
   * @param redactor hides the request's secrets in every text of the outcome (KO message, answer,
   *     reasoning, request id): servers and gateways echo keys, and the outcome feeds records,
   *     reports and the session
   * @param listener sees each output piece and the end, on this exchange's executor; or null
   */
  public StreamExchange(
      LlmDialect dialect,
      StreamSettings settings,
      long scheduledNanos,
      ExchangeClock clock,
      Consumer<FinishedStream> onComplete,
      Tokenizer tokenizer,
      RequestSize size,
      Redactor redactor,
      OutputListener listener) {
    this.redactor = redactor;
    this.size = size;
    this.settings = settings;
    this.dialect = dialect;
    this.framing = dialect.framing();
    this.timeline = new RequestTimeline(scheduledNanos);
    this.output =
        new StreamOutput(
            ending(),
            dialect.newInterpreter(size.inputs()),
            timeline,
            settings.maxOutputBytes(),
            tokenizer,
            listener);
    this.decoder =
        FrameDecoders.create(framing, output, FrameDecoders.maxFrameBytes(framing, settings));
    this.clock = clock;
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
    long elapsed = clock.nanoTime() - timeline.scheduledNanos();
    overallTimer =
        clock.schedule(
            this::onOverallTimeout, Math.max(0, settings.overallTimeout().toNanos() - elapsed));
    idleTimer = clock.schedule(this::onIdleCheck, settings.idleTimeout().toNanos());
  }

  /**
   * Joins the run's exchanges in flight, so that a stop of the run counts it; call before it is
   * sent.
   *
   * @return false when the run is stopping: do not send it
   */
  public boolean enter(InFlightExchanges exchanges) {
    if (!exchanges.enter(member)) {
      return false;
    }
    registry = exchanges;
    return true;
  }

  /**
   * Ends the exchange on its own executor because the run is stopping ({@link
   * InFlightExchanges#stopAll}).
   *
   * @throws RejectedExecutionException when the executor no longer runs anything
   */
  void stopOnItsLoop() {
    clock.schedule(this::stopForRunEnd, 0);
  }

  /**
   * The run is stopping: a request sent and not ended ends now as aborted (with the timings it
   * reached), an OK outcome held for the body's end goes on, and a request never written leaves
   * without an outcome: the server never received it, so it is in no count, and its user goes no
   * further in a JVM that is stopping.
   */
  void stopForRunEnd() {
    if (heldFinish != null) {
      inFlight.abort();
      releaseHeldFinish();
      return;
    }
    if (finished) {
      return;
    }
    if (timeline.sentNanos() == RequestTimeline.UNSET) {
      finished = true;
      cancelTimers();
      if (inFlight != null) {
        inFlight.abort();
      }
      if (registry != null) {
        registry.leave(member);
      }
      return;
    }
    bodyEnded = true; // the connection is closed below: no rest of the body will come
    finish(Verdict.aborted(status), clock.nanoTime());
  }

  /** Ends the exchange before anything was sent (e.g. the transport refused the request). */
  public void failBeforeSend(String message) {
    fail(message, clock.nanoTime());
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
    // In a column of its own rather than in the message, which must stay the same for the same
    // cause.
    this.retryAfterSeconds = RetryAfter.seconds(head.retryAfter(), System.currentTimeMillis());
    timeline.onHeaders(nanos, redactor.redact(head.requestId()));
    if (isCompressed(head.contentEncoding())) {
      // KO rather than read on: Gatling's client inflates the body before it reaches us, with no
      // bound on what one chunk inflates to (a few KiB of gzip can become GiB), and a compressor
      // batches tokens, so the gaps measured would be its own. Every request asks for identity; a
      // server or proxy ignoring that is reported, and the connection closed before more is
      // inflated.
      fail(
          "HTTP "
              + status
              + " with Content-Encoding '"
              + head.contentEncoding()
              + "': compressed streams distort token timing",
          nanos);
      return;
    }
    if (status < 200 || status > 299) {
      keepErrorBody("HTTP " + status);
    } else if (!MediaTypes.matches(contentType, dialect.contentTypes())) {
      keepErrorBody(
          "HTTP "
              + status
              + " with Content-Type '"
              + (contentType == null ? "(none)" : contentType)
              + "', expected "
              + String.join(" or ", dialect.contentTypes()));
    }
  }

  @Override
  public void onBodyChunk(ByteBuffer chunk, boolean last, long nanos) {
    if (last) {
      bodyEnded = true;
      if (finished) {
        releaseHeldFinish();
        return;
      }
    }
    if (finished) {
      return;
    }
    lastActivityNanos = nanos;
    if (errorBody != null) {
      errorBody.append(chunk);
      if (last) {
        fail(errorPrefix + ": " + dialect.errorMessage(errorBody.text()), nanos);
      }
      return;
    }
    output.onChunk(nanos);
    if (output.framesSeen() == 0) {
      keepPreamble(chunk);
    }
    try {
      decoder.feed(chunk);
    } catch (FrameFormatException e) {
      fail("malformed " + framing.label() + ": " + e.getMessage(), nanos);
      return;
    }
    if (output.framesSeen() > 0) {
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
      releaseHeldFinish();
      return;
    }
    bodyEnded = true; // the connection is gone: no rest of the body will come
    if (output.finishReason() != null) {
      // The answer was complete: a connection lost now ends it as an ordinary end of body would
      // (OK).
      finish(Verdict.ok(status), nanos);
      return;
    }
    // No "after N token events": the message stays the same wherever the stream broke (token_events
    // says).
    fail(TransportErrors.describe(cause), nanos);
  }

  // ---- ends

  /**
   * True once the request has ended (its finished stream may still be held until the body's end).
   */
  boolean isFinished() {
    return finished;
  }

  /**
   * The stream's end marker: the request and its figures end here; see finish() for when the user
   * goes on.
   */
  void endOfStream(long nanos) {
    finish(Verdict.ok(status), nanos);
  }

  private void onEndOfBody(long nanos) {
    // May dispatch a last frame (an NDJSON line without newline), which may end the exchange.
    boolean truncated = decoder.finish();
    if (finished) {
      return;
    }
    String serverText = output.framesSeen() == 0 ? notAStream() : null;
    if (serverText != null) {
      // An error body served as an event stream (some gateways do): its text is the reason, keep
      // it.
      fail(
          "HTTP "
              + status
              + " body is not an "
              + framing.label()
              + " stream: "
              + dialect.errorMessage(serverText),
          nanos);
    } else if (output.framesSeen() == 0) {
      fail(
          truncated
              ? "stream ended inside its first event (no blank line)"
              : "empty stream: HTTP " + status + " response ended without any " + framing.unit(),
          nanos);
    } else if (output.finishReason() != null) {
      // Some servers end the body without their end marker; a finish reason already closed the
      // generation.
      finish(Verdict.ok(status), nanos);
    } else {
      fail("stream ended without " + dialect.endMarker(), nanos);
    }
  }

  private void onIdleCheck() {
    if (finished) {
      return;
    }
    long now = clock.nanoTime();
    long idleNanos = settings.idleTimeout().toNanos();
    long silent = now - lastActivityNanos;
    if (silent >= idleNanos) {
      fail(
          "stream stalled: no data for " + settings.idleTimeout().toMillis() + " ms (idle timeout)",
          now);
    } else {
      idleTimer = clock.schedule(this::onIdleCheck, idleNanos - silent);
    }
  }

  private void onOverallTimeout() {
    if (!finished) {
      fail(
          "request exceeded its timeout of " + settings.overallTimeout().toMillis() + " ms",
          clock.nanoTime());
    }
  }

  /**
   * Ends the request as KO. Every KO goes through here: the message is redacted before the outcome
   * bounds it, since a cut could leave part of a secret that redaction would no longer recognise.
   */
  void fail(String message, long nanos) {
    finish(Verdict.ko(status, redactor.redact(message)).withRetryAfter(retryAfterSeconds), nanos);
  }

  private void finish(Verdict verdict, long nanos) {
    if (finished) {
      return;
    }
    finished = true;
    cancelTimers();
    timeline.onDone(nanos);
    FinishedStream result;
    try {
      result = finishedStream(verdict, true);
    } catch (Throwable e) {
      // A failure of ours or of a custom tokenizer while counting: the request still ends, as KO
      // naming it.
      result =
          finishedStream(
              Verdict.ko(status, redactor.redact("cannot complete request: " + describe(e))),
              false);
    }
    result = notifyEnd(output.listener(), result, this::koNamingListener);
    if (!result.result().ok() && inFlight != null) {
      // A failed stream's connection may still carry bytes: never hand it back to the pool.
      inFlight.abort();
    }
    if (result.result().ok() && !bodyEnded && inFlight != null) {
      // [DONE] came before the end of the body. Gatling's client frees the connection only at the
      // body's end: going on now would make the user's next request open a second connection. Hold
      // the outcome until the body ends (it normally follows at once); a server that keeps it open
      // (some llama.cpp builds do) gets its connection closed after a grace time.
      heldFinish = result;
      try {
        drainTimer =
            clock.schedule(
                () -> {
                  if (heldFinish != null) {
                    inFlight.abort();
                    releaseHeldFinish();
                  }
                },
                TimeUnit.MILLISECONDS.toNanos(DRAIN_GRACE_MILLIS));
        return;
      } catch (RejectedExecutionException e) {
        // The event loop is shutting down (end of the run): go on now rather than never.
        heldFinish = null;
        inFlight.abort();
      }
    }
    deliver(result);
  }

  private void cancelTimers() {
    if (overallTimer != null) {
      overallTimer.cancel();
    }
    if (idleTimer != null) {
      idleTimer.cancel();
    }
  }

  /**
   * The request's one end: its outcome to its consumer, then out of the run's exchanges in flight.
   * In that order: a stop of the run waits until the set is empty before it writes the report, so
   * an exchange must not leave it before its outcome is recorded, or the report would miss a
   * request the server received.
   */
  private void deliver(FinishedStream result) {
    try {
      onComplete.accept(result);
    } finally {
      if (registry != null) {
        registry.leave(member);
      }
    }
  }

  /**
   * The outcome as the listener saw it, or the KO {@code failed} makes when it threw (it is not
   * called again); the outcome itself without a listener.
   */
  static FinishedStream notifyEnd(
      OutputListener listener,
      FinishedStream result,
      java.util.function.Function<String, FinishedStream> failed) {
    if (listener == null) {
      return result;
    }
    try {
      listener.onEnd(result);
      return result;
    } catch (Throwable e) {
      return failed.apply("token listener failed: " + describe(e));
    }
  }

  private FinishedStream koNamingListener(String message) {
    return finishedStream(Verdict.ko(status, redactor.redact(message)), false);
  }

  /**
   * The outcome (its message already redacted by {@link #fail}) with the streamed texts redacted,
   * once: everything downstream (records, report files, session, logs) gets these texts. {@code
   * countTokens} false leaves the client's count out (-1).
   */
  private FinishedStream finishedStream(Verdict verdict, boolean countTokens) {
    Generation generation =
        new Generation(size.maxTokens(), redactor.redact(output.finishReason()), size.inputs());
    return new FinishedStream(
        timeline.toResult(
            verdict,
            countTokens ? output.clientOutputTokens() : -1,
            size.clientInputTokens(),
            generation,
            size.images(),
            size.audio()),
        redactor.redact(output.content()),
        redactor.redact(output.reasoning()),
        output.toolCalls(redactor));
  }

  private void releaseHeldFinish() {
    FinishedStream result = heldFinish;
    if (result == null) {
      return;
    }
    heldFinish = null;
    if (drainTimer != null) {
      drainTimer.cancel();
    }
    deliver(result);
  }

  /**
   * The type and message of a failure in the client's own code (a tokenizer, a listener), for a KO
   * message.
   */
  private static String describe(Throwable e) {
    return StreamEnding.describe(e);
  }

  /** The seam the output reports through: this exchange's end, nothing else of it. */
  private StreamEnding ending() {
    return new StreamEnding() {
      @Override
      public boolean isFinished() {
        return StreamExchange.this.isFinished();
      }

      @Override
      public void endOfStream(long nanos) {
        StreamExchange.this.endOfStream(nanos);
      }

      @Override
      public void fail(String message, long nanos) {
        StreamExchange.this.fail(message, nanos);
      }
    };
  }

  private static boolean isCompressed(String contentEncoding) {
    return contentEncoding != null
        && !contentEncoding.isBlank()
        && !contentEncoding.trim().equalsIgnoreCase("identity");
  }

  // ---- error bodies

  /**
   * Copies the start of a body that has not yielded a frame yet (normally only the first chunk).
   */
  private void keepPreamble(ByteBuffer chunk) {
    if (preamble == null) {
      preamble = new KeptBytes(settings.maxErrorBodyBytes(), chunk.remaining());
    }
    preamble.append(chunk);
  }

  /**
   * The body's text when it held no frame and reads as JSON or HTML rather than a stream; otherwise
   * null.
   */
  private String notAStream() {
    if (preamble == null) {
      return null;
    }
    String text = preamble.text().strip();
    return text.startsWith("{") || text.startsWith("<") ? text : null;
  }

  private void keepErrorBody(String prefix) {
    errorPrefix = prefix;
    errorBody = new KeptBytes(settings.maxErrorBodyBytes(), 32);
  }
}
