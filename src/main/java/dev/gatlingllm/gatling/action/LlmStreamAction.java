package dev.gatlingllm.gatling.action;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.pooling.PoolingDialect;
import dev.gatlingllm.gatling.ExpressionException;
import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.RecordNames;
import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.gatling.http.GatlingHttpTransport;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.metrics.request.PromptAudioClips;
import dev.gatlingllm.metrics.request.PromptImages;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.SessionTurn;
import dev.gatlingllm.metrics.request.Verdict;
import dev.gatlingllm.run.RunReporter;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.stream.AnswerChecking;
import dev.gatlingllm.stream.AnswerSchema;
import dev.gatlingllm.stream.FinishedStream;
import dev.gatlingllm.stream.NotSent;
import dev.gatlingllm.stream.RequestSize;
import dev.gatlingllm.stream.StreamExchange;
import dev.gatlingllm.transport.RequestBuildException;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptAudio;
import dev.gatlingllm.values.PromptImage;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.LoggerFactory;

/**
 * The Gatling action of one streamed LLM request. Shared by every virtual user that reaches its
 * place in the scenario, so it holds no per-request state: each execution gets its own {@link
 * StreamExchange}.
 *
 * <p>Every path ends with exactly one set of records and one {@code next ! session}, even when a
 * part of the plugin or a user function throws (see {@link PlainAction} for why this is not
 * Gatling's {@code ChainableAction}, which would otherwise catch for us).
 */
public final class LlmStreamAction extends PlainAction {
  private static final org.slf4j.Logger LOG = LoggerFactory.getLogger(LlmStreamAction.class);

  private final LlmRequestSpec spec;
  private final String name;
  private final Action next;
  private final LlmProtocol protocol;
  private final RunReporter reporter;
  private final LlmDialect dialect;
  private final GatlingHttpTransport transport;
  private final String endpoint;
  private final GatlingRuntime runtime;
  private final Redactor redactor;

  /**
   * @param spec the request, its token records already set by the protocol's switch
   * @param dialect the dialect the spec names, or the protocol's
   * @param transport sends to the endpoint the spec names, or the protocol's, with every header
   * @param endpoint that endpoint, as written: the report names the endpoints the requests went to
   */
  LlmStreamAction(
      LlmRequestSpec spec,
      Action next,
      LlmProtocol.Components components,
      LlmDialect dialect,
      GatlingHttpTransport transport,
      String endpoint,
      GatlingRuntime runtime) {
    this.spec = spec;
    this.name = spec.name();
    this.next = next;
    this.protocol = components.protocol();
    this.reporter = components.reporter();
    this.dialect = dialect;
    this.transport = transport;
    this.endpoint = endpoint;
    this.runtime = runtime;
    this.redactor = protocol.redactor(dialect);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void execute(Session session) {
    long now = System.nanoTime();
    long scheduledNanos = scheduledNanos(session, now);
    long scheduledMillis = runtime.nowMillis() - toMillis(now - scheduledNanos);
    Session current = GatlingRuntime.remove(session, SessionKeys.SCHEDULED_NANOS);
    // Exactly once, whatever happens below: a second end (a failure after the exchange already
    // ended) is dropped.
    AtomicBoolean ended = new AtomicBoolean();
    // Known once the request is built: the compiled schema its answer is judged against, if any.
    AtomicReference<AnswerSchema> schema = new AtomicReference<>();
    Consumer<FinishedStream> onComplete =
        finished -> {
          if (ended.compareAndSet(false, true)) {
            complete(current, finished, scheduledMillis, schema.get());
          }
        };
    GenerationRequest request;
    try {
      request =
          forDialect(spec.template().resolve(current, protocol.model(), protocol.includeUsage()));
      reporter.noteModel(request.model());
      if (request.responseSchema() != null) {
        schema.set(AnswerSchema.of(request.responseSchema().schema()));
      }
    } catch (Throwable e) {
      // Anything the request's own parts throw (user functions, body serialisation, a tokenizer, a
      // schema whose validator overflows the stack...) ends it as KO naming the cause; escaping
      // here would lose the request and its virtual user in Gatling's crash path.
      failBeforeSend(scheduledNanos, onComplete, -1, "cannot build request: " + cause(e));
      return;
    }
    try {
      buildAndSend(current, request, scheduledNanos, onComplete);
    } catch (Throwable e) {
      failBeforeSend(
          scheduledNanos, onComplete, maxTokens(request), "cannot build request: " + cause(e));
    }
  }

  private void buildAndSend(
      Session session,
      GenerationRequest request,
      long scheduledNanos,
      Consumer<FinishedStream> onComplete) {
    String body = dialect.requestBody(request);
    RequestSize size =
        dialect instanceof PoolingDialect pooling
            ? pooledSize(pooling, request)
            : new RequestSize(
                clientInputTokens(request), maxTokens(request), images(request), audio(request));
    GatlingHttpTransport.Prepared prepared = transport.prepare(session, body);
    // The secrets this very request carries (headers of the http protocol, EL values...): known
    // before any byte is sent, so that even a failure reported while sending is redacted.
    StreamExchange exchange =
        new StreamExchange(
            dialect,
            protocol.settings(),
            scheduledNanos,
            session.eventLoop(),
            onComplete,
            protocol.tokenizer(),
            size,
            redactor.with(prepared.secrets()),
            spec.perToken().listener());
    if (!exchange.enter(reporter.inFlight())) {
      // The run is stopping (the JVM exits): nothing more is sent, nothing recorded, and the user
      // goes no further.
      return;
    }
    try {
      exchange.start(prepared.send(exchange));
    } catch (Throwable e) {
      // Whatever sending throws (no descriptor left for a socket, a class that cannot be loaded):
      // the request entered the run's count, so it ends here as a KO row naming the cause.
      LOG.error("'{}' could not be sent: {}", name, redactor.redact(e.toString()));
      LOG.debug("'{}' could not be sent", name, e);
      exchange.failBeforeSend("cannot send request: " + e);
    }
  }

  /**
   * Ends a request that was never sent: a KO without timings, seen by the token listener like any
   * end.
   *
   * @param maxTokens the limit the request asked for, or -1 when it was not built that far
   */
  private void failBeforeSend(
      long scheduledNanos, Consumer<FinishedStream> onComplete, long maxTokens, String message) {
    onComplete.accept(
        NotSent.finished(
            message,
            scheduledNanos,
            System.nanoTime(),
            maxTokens,
            redactor,
            spec.perToken().listener()));
  }

  /** The images the request's messages carry, counted from the prepared images (no encoding). */
  private static PromptImages images(GenerationRequest request) {
    int count = 0;
    long bytes = 0;
    for (ChatMessage message : request.messages()) {
      for (PromptImage image : message.images()) {
        count++;
        bytes += image.bytes();
      }
    }
    return count == 0 ? PromptImages.NONE : new PromptImages(count, bytes);
  }

  /** The audio clips the request's messages carry, counted from the prepared clips. */
  private static PromptAudioClips audio(GenerationRequest request) {
    int count = 0;
    long bytes = 0;
    long millis = 0;
    for (ChatMessage message : request.messages()) {
      for (PromptAudio clip : message.audio()) {
        count++;
        bytes += clip.bytes();
        millis += clip.durationMillis();
      }
    }
    return count == 0 ? PromptAudioClips.NONE : new PromptAudioClips(count, bytes, millis);
  }

  /** The output limit the request asks for, or -1 for none. */
  private static long maxTokens(GenerationRequest request) {
    return request.maxTokens() == null ? -1 : request.maxTokens();
  }

  /** The user-facing message of our own build errors; the type and message of anything else. */
  static String cause(Throwable e) {
    if (e instanceof ExpressionException
        || e instanceof RequestBuildException
        || e instanceof IllegalArgumentException && e.getMessage() != null) {
      return e.getMessage();
    }
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  /**
   * The agent session and turn the user's session names ({@code AgentSessions} sets them), or none.
   */
  private static SessionTurn sessionTurn(Session session) {
    return GatlingRuntime.attribute(session, SessionKeys.AGENT_SESSION) instanceof String id
            && GatlingRuntime.attribute(session, SessionKeys.AGENT_TURN) instanceof Integer turn
        ? new SessionTurn(id, turn)
        : SessionTurn.NONE;
  }

  /**
   * Logs the request's records and saves its finished; the user goes on in the {@code finally},
   * whatever fails (a record refused at shutdown, the report's recorder): a request never keeps its
   * user.
   */
  private void complete(
      Session session, FinishedStream streamed, long scheduledMillis, AnswerSchema schema) {
    // Before anything records it: a failed answer check is a KO everywhere (records, report,
    // session); the schema's verdict is a figure of the request, and a KO only when asked.
    boolean koWhenInvalid =
        spec.template().structured() != null && spec.template().structured().format().invalidIsKo();
    AnswerChecking.Judged judged = judged(streamed, schema, koWhenInvalid);
    FinishedStream finished = judged.finished();
    RequestResult result = finished.result();
    boolean ok = result.ok();
    long startMillis = scheduledMillis + toMillis(result.timing().sendLatenessNanos());
    long endMillis =
        scheduledMillis
            + toMillis(result.timing().sendLatenessNanos() + result.timing().durationNanos());
    Session after = session;
    try {
      if (!inWarmup(session)) {
        logRecords(session, result, startMillis, endMillis, scheduledMillis);
      }
      reporter.record(name, endpoint, startMillis, result.withSessionTurn(sessionTurn(session)));
      after = SessionResults.save(session, spec.saveAs(), finished, result.verdict().message());
      for (var saved : judged.saved().entrySet()) {
        after = GatlingRuntime.set(after, saved.getKey(), saved.getValue());
      }
    } catch (Throwable e) {
      ok = false;
      LOG.error("'{}' could not be recorded: {}", name, redactor.redact(e.toString()));
    } finally {
      next.$bang(GatlingRuntime.afterRequest(after, startMillis, endMillis, ok));
    }
  }

  /**
   * The stream with its answer judged (schema, then checks); a KO naming the cause when judging
   * itself throws, whatever it throws (a schema's validator overflowing the stack included): the
   * request still gets its row.
   */
  private AnswerChecking.Judged judged(
      FinishedStream streamed, AnswerSchema schema, boolean koWhenInvalid) {
    try {
      FinishedStream schemaJudged = AnswerChecking.judgeSchema(schema, koWhenInvalid, streamed);
      return AnswerChecking.judgeAndSave(spec.checks(), schemaJudged);
    } catch (Throwable e) {
      RequestResult result = streamed.result();
      Verdict ko =
          Verdict.ko(
              result.verdict().httpStatus(),
              redactor.redact("cannot judge the answer: " + cause(e)));
      return new AnswerChecking.Judged(streamed.withResult(result.withVerdict(ko)), Map.of());
    }
  }

  private void logRecords(
      Session session,
      RequestResult result,
      long startMillis,
      long endMillis,
      long scheduledMillis) {
    boolean ok = result.ok();
    int status = result.verdict().httpStatus();
    // Already redacted by the exchange: the finished never holds a secret.
    String message = result.verdict().message();
    runtime.logRecord(session, name, startMillis, endMillis, ok, status, message);
    // An embeddings or rerank answer has no first token: no TTFT record says it missed one.
    if (protocol.ttftRecords() && !(dialect instanceof PoolingDialect)) {
      logTtftRecord(session, result, startMillis, endMillis, scheduledMillis, message);
    }
    if (spec.perToken().records()) {
      TokenRecords.log(runtime, session, RecordNames.itl(name), result, scheduledMillis, status);
    }
    if (!ok && LOG.isDebugEnabled()) {
      LOG.debug("'{}' KO for user {}: {}", name, session.userId(), message);
    }
    if (reporter.slosSet()) {
      logSloRecord(session, result, startMillis, endMillis);
    }
  }

  private void logTtftRecord(
      Session session,
      RequestResult result,
      long startMillis,
      long endMillis,
      long scheduledMillis,
      String message) {
    int status = result.verdict().httpStatus();
    if (result.hasFirstToken()) {
      long ttftEnd =
          scheduledMillis
              + toMillis(result.timing().sendLatenessNanos() + result.timing().ttftNanos());
      runtime.logRecord(session, RecordNames.ttft(name), startMillis, ttftEnd, true, status, null);
    } else {
      // No token: the TTFT is at least the whole wait, and counts as a failure so TTFT gates see
      // it.
      String why = message != null ? message : "no token received";
      runtime.logRecord(
          session, RecordNames.ttft(name), startMillis, endMillis, false, status, why);
    }
  }

  /**
   * A request that succeeded but missed an SLO did not fail: only the verdicts, when asked for, are
   * KO.
   */
  private void logSloRecord(
      Session session, RequestResult result, long startMillis, long endMillis) {
    int status = result.verdict().httpStatus();
    switch (protocol.sloRecords()) {
      case VERDICTS -> {
        String notGood = reporter.whyNotGood(startMillis, result);
        runtime.logRecord(
            session,
            RecordNames.slo(name),
            startMillis,
            endMillis,
            notGood == null,
            status,
            notGood);
      }
      case MISSES -> {
        if (result.ok() && reporter.whyNotGood(startMillis, result) != null) {
          runtime.logRecord(
              session, RecordNames.sloMiss(name), startMillis, endMillis, true, status, null);
        }
      }
      case NONE -> {}
    }
  }

  /**
   * Whether the user is in a warm-up ({@code LlmDsl.startWarmup()}): its requests are left out of
   * Gatling's report as they are out of the LLM report's figures, so that Gatling's Global stats
   * and timeline hold the test alone.
   */
  private static boolean inWarmup(Session session) {
    return GatlingRuntime.attribute(session, SessionKeys.LEVEL) instanceof Integer level
        && level == StartLevelAction.WARMUP;
  }

  /** The protocol's choice of max-tokens field. */
  private GenerationRequest forDialect(GenerationRequest request) {
    return protocol.maxTokensField() == null
        ? request
        : request.withMaxTokensField(protocol.maxTokensField());
  }

  /**
   * The client's count of the prompt text (chat template tokens excluded), or -1 without a
   * tokenizer.
   */
  private long clientInputTokens(GenerationRequest request) {
    if (protocol.tokenizer() == null) {
      return -1;
    }
    long tokens = request.prompt() != null ? protocol.tokenizer().count(request.prompt()) : 0;
    for (var message : request.messages()) {
      tokens += protocol.tokenizer().count(message.content());
    }
    return tokens;
  }

  /**
   * An embeddings or rerank request: its texts, which the answer is checked against, and the
   * client's count of their tokens (-1 without a tokenizer).
   */
  private RequestSize pooledSize(PoolingDialect pooling, GenerationRequest request) {
    int inputs = pooling.texts(request).size();
    if (inputs == 0) {
      throw new IllegalArgumentException(
          "'" + name + "' has no input to " + (pooling.id().equals("rerank") ? "rerank" : "embed"));
    }
    long tokens = -1;
    if (protocol.tokenizer() != null) {
      tokens = 0;
      for (String text : pooling.countedTexts(request)) {
        tokens += protocol.tokenizer().count(text);
      }
    }
    return new RequestSize(tokens, -1, inputs);
  }

  /** The load model's planned start when it set one (open model), else now (closed model). */
  private static long scheduledNanos(Session session, long now) {
    Object planned = GatlingRuntime.attribute(session, SessionKeys.SCHEDULED_NANOS);
    return planned instanceof Long nanos && nanos <= now ? nanos : now;
  }

  /** Nanoseconds to Gatling's whole milliseconds, rounded. */
  static long toMillis(long nanos) {
    return Math.round(nanos / 1_000_000.0);
  }
}
