package dev.gatlingllm.metrics.request;

import dev.gatlingllm.metrics.stats.Micros;

/**
 * Request results for tests, figure by figure: what is not set is what a request that reached
 * nothing has (an OK 200, no timing, no token, nothing from the server), so that a test names only
 * the figures it checks.
 */
public final class ResultBuilder {
  private Verdict outcome = Verdict.ok(200);
  private String requestId;
  private long[] itlNanos = new long[0];

  private long sendLatenessNanos;
  private long ttfbNanos = -1;
  private long ttftNanos = -1;
  private long ttftFromScheduledNanos = -1;
  private long ttfoNanos = -1;
  private long e2elNanos = -1;
  private long tpotNanos = -1;
  private long durationNanos;

  private int tokenEvents;
  private long inputTokens = -1;
  private TokenCountSource inputTokenSource = TokenCountSource.UNKNOWN;
  private long outputTokens;
  private TokenCountSource outputTokenSource = TokenCountSource.EVENT_COUNT;
  private long serverOutputTokens = -1;
  private long clientOutputTokens = -1;
  private long maxTokens = -1;
  private String finishReason;
  private int answerEvents = -1;
  private int images;
  private long imageBytes;
  private int audioClips;
  private long audioBytes;
  private long audioMillis;
  private int inputs;

  private long serverDecodeMicros = -1;
  private long serverPrefillMicros = -1;
  private long serverReasoningTokens = -1;

  private ResultBuilder() {}

  public static ResultBuilder result() {
    return new ResultBuilder();
  }

  /** A builder holding every figure of {@code r}, to change a few of them. */
  public static ResultBuilder from(RequestResult r) {
    ResultBuilder b = new ResultBuilder();
    b.outcome = r.verdict();
    b.requestId = r.requestId();
    b.itlNanos = r.itlNanos();
    Timing t = r.timing();
    b.sendLatenessNanos = t.sendLatenessNanos();
    b.ttfbNanos = t.ttfbNanos();
    b.ttftNanos = t.ttftNanos();
    b.ttftFromScheduledNanos = t.ttftFromScheduledNanos();
    b.ttfoNanos = t.ttfoNanos();
    b.e2elNanos = t.e2elNanos();
    b.tpotNanos = t.tpotNanos();
    b.durationNanos = t.durationNanos();
    TokenCounts k = r.tokens();
    b.tokenEvents = k.tokenEvents();
    b.inputTokens = k.inputTokens();
    b.inputTokenSource = k.inputTokenSource();
    b.outputTokens = k.outputTokens();
    b.outputTokenSource = k.outputTokenSource();
    b.serverOutputTokens = k.serverOutputTokens();
    b.clientOutputTokens = k.clientOutputTokens();
    b.maxTokens = k.maxTokens();
    b.finishReason = k.finishReason();
    b.answerEvents = k.answerEvents();
    b.inputs = k.inputs();
    ServerFigures s = r.server();
    b.serverDecodeMicros = s.decodeMicros();
    b.serverPrefillMicros = s.prefillMicros();
    b.serverReasoningTokens = s.reasoningTokens();
    return b;
  }

  public ResultBuilder outcome(Verdict value) {
    outcome = value;
    return this;
  }

  public ResultBuilder requestId(String value) {
    requestId = value;
    return this;
  }

  public ResultBuilder itlNanos(long[] value) {
    itlNanos = value;
    return this;
  }

  public ResultBuilder sendLatenessNanos(long value) {
    sendLatenessNanos = value;
    return this;
  }

  public ResultBuilder ttfbNanos(long value) {
    ttfbNanos = value;
    return this;
  }

  public ResultBuilder ttftNanos(long value) {
    ttftNanos = value;
    return this;
  }

  public ResultBuilder ttftFromScheduledNanos(long value) {
    ttftFromScheduledNanos = value;
    return this;
  }

  public ResultBuilder ttfoNanos(long value) {
    ttfoNanos = value;
    return this;
  }

  public ResultBuilder e2elNanos(long value) {
    e2elNanos = value;
    return this;
  }

  public ResultBuilder tpotNanos(long value) {
    tpotNanos = value;
    return this;
  }

  public ResultBuilder durationNanos(long value) {
    durationNanos = value;
    return this;
  }

  public ResultBuilder tokenEvents(int value) {
    tokenEvents = value;
    return this;
  }

  public ResultBuilder inputs(int value) {
    inputs = value;
    return this;
  }

  public ResultBuilder answerEvents(int value) {
    answerEvents = value;
    return this;
  }

  /** The images the prompt carried and their encoded bytes in all. */
  public ResultBuilder audio(int clips, long bytes, long millis) {
    audioClips = clips;
    audioBytes = bytes;
    audioMillis = millis;
    return this;
  }

  public ResultBuilder images(int count, long bytes) {
    images = count;
    imageBytes = bytes;
    return this;
  }

  public ResultBuilder outputTokens(long value, TokenCountSource source) {
    outputTokens = value;
    outputTokenSource = source;
    return this;
  }

  public ResultBuilder serverOutputTokens(long value) {
    serverOutputTokens = value;
    return this;
  }

  public ResultBuilder clientOutputTokens(long value) {
    clientOutputTokens = value;
    return this;
  }

  public ResultBuilder inputTokens(long value, TokenCountSource source) {
    inputTokens = value;
    inputTokenSource = source;
    return this;
  }

  /**
   * The server's decode time, given in nanoseconds as a server reports it, kept in microseconds.
   */
  public ResultBuilder serverDecodeNanos(long value) {
    serverDecodeMicros = Micros.of(value);
    return this;
  }

  public ResultBuilder serverReasoningTokens(long value) {
    serverReasoningTokens = value;
    return this;
  }

  /**
   * The server's prompt time, given in nanoseconds as a server reports it, kept in microseconds.
   */
  public ResultBuilder serverPrefillNanos(long value) {
    serverPrefillMicros = Micros.of(value);
    return this;
  }

  /** The limit the request asked for and the reason it stopped. */
  public ResultBuilder generation(long maxTokens, String finishReason) {
    this.maxTokens = maxTokens;
    this.finishReason = finishReason;
    return this;
  }

  public RequestResult build() {
    return new RequestResult(
        outcome,
        requestId,
        new Timing(
            sendLatenessNanos,
            ttfbNanos,
            ttftNanos,
            ttftFromScheduledNanos,
            ttfoNanos,
            e2elNanos,
            tpotNanos,
            durationNanos),
        itlNanos,
        new TokenCounts(
            tokenEvents,
            inputTokens,
            inputTokenSource,
            outputTokens,
            outputTokenSource,
            serverOutputTokens,
            clientOutputTokens,
            maxTokens,
            finishReason,
            answerEvents,
            images,
            imageBytes,
            inputs,
            audioClips,
            audioBytes,
            audioMillis),
        new ServerFigures(serverDecodeMicros, serverPrefillMicros, serverReasoningTokens));
  }
}
