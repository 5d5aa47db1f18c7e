package dev.gatlingllm.metrics.request;

import dev.gatlingllm.metrics.stats.Micros;

/**
 * One finished request as the run figures see it, and as one row of {@code requests.csv}: durations
 * in microseconds (-1 = absent). Every run and level figure is computed from these (plus the pooled
 * ITL gaps, which do not fit in a row), so recomputing the figures from {@code requests.csv} gives
 * the same numbers.
 *
 * <p>Its parts follow metrics.md's sections; a figure added to one of them gets a typed setter in
 * {@link Builder} and one more entry of the CSV's column table, which reads it with a typed getter
 * and sets it with that setter. {@link #builder()} makes a row with every figure absent but the
 * ones set. The token counts and the server's figures are the request's own parts ({@link
 * RequestResult}), taken over whole.
 *
 * @param placement which request it was, when it was sent and which level it counts in
 * @param status how it ended (OK or KO, the HTTP status, the error), and whether it met the SLOs
 * @param latency its timestamps as durations ("Per-request figures")
 * @param tokens its token counts and output limit
 * @param server what the server said of its own work on it
 */
public record RequestRow(
    Placement placement,
    Status status,
    Latencies latency,
    TokenCounts tokens,
    ServerFigures server) {

  /**
   * @param startEpochMillis when the request was sent
   * @param level the index of the level whose time span holds the start, or -1
   * @param inWindow true when the start falls in that level's measurement window (after its settle
   *     time)
   * @param requestName the name the simulation gave the request
   * @param windowTokens output tokens by the measurement window they arrived in: pairs (level
   *     index, tokens)
   * @param repeat which run of its level it belongs to, from 1, when the level ran several times
   *     ({@code llm.repeats}); 0 when it ran once
   * @param sessionId the agent session it belongs to, or null outside one
   * @param turn its turn in that session, from 1; 0 outside one
   */
  public record Placement(
      long startEpochMillis,
      int level,
      boolean inWindow,
      String requestName,
      long[] windowTokens,
      int repeat,
      String sessionId,
      int turn) {
    public Placement {
      requestName = requestName == null ? "" : requestName;
    }

    /** Its agent session and turn ({@link SessionTurn#NONE} outside one). */
    public SessionTurn sessionTurn() {
      return sessionId == null ? SessionTurn.NONE : new SessionTurn(sessionId, turn);
    }

    /**
     * The same request attributed to another level index (a merge renumbers the levels of each
     * run).
     */
    public Placement withLevels(int newLevel, long[] newWindowTokens) {
      return new Placement(
          startEpochMillis,
          newLevel,
          inWindow,
          requestName,
          newWindowTokens,
          repeat,
          sessionId,
          turn);
    }
  }

  /**
   * @param ok true for OK
   * @param httpStatus the response status, or 0 when no response arrived
   * @param error null when OK; otherwise why the request failed
   * @param good true when it succeeded and met every SLO set
   * @param requestId the server's id of the request ({@link RequestIds}), or null when unknown
   * @param retryAfterSeconds the server's {@code Retry-After} in seconds, or -1 when it sent none
   * @param schema whether its answer followed the JSON schema it asked for (judged whether or not a
   *     breach made it KO)
   */
  public record Status(
      boolean ok,
      int httpStatus,
      String error,
      boolean good,
      String requestId,
      long retryAfterSeconds,
      SchemaVerdict schema) {
    /**
     * A request still in flight when the run was stopped: neither a success nor a failure
     * (metrics.md).
     */
    public boolean aborted() {
      return Verdict.isAborted(ok, error);
    }

    /** The same status judged again (a merge applies its own SLOs). */
    public Status withGood(boolean newGood) {
      return newGood == good
          ? this
          : new Status(ok, httpStatus, error, newGood, requestId, retryAfterSeconds, schema);
    }
  }

  /**
   * The request's figures of time, in microseconds (-1 = the request never reached the point they
   * measure).
   */
  public record Latencies(
      long ttftMicros,
      long ttfbMicros,
      long ttfoMicros,
      long tpotMicros,
      long e2elMicros,
      long itlMeanMicros,
      long itlP50Micros,
      long itlMaxMicros,
      long sendLatenessMicros,
      long ttftFromScheduledMicros,
      long durationMicros) {
    /**
     * The request's timing rounded to microseconds, with the summary of its inter-token gaps (which
     * the timing does not hold).
     */
    public static Latencies of(
        Timing timing, long itlMeanMicros, long itlP50Micros, long itlMaxMicros) {
      return new Latencies(
          Micros.of(timing.ttftNanos()),
          Micros.of(timing.ttfbNanos()),
          Micros.of(timing.ttfoNanos()),
          Micros.of(timing.tpotNanos()),
          Micros.of(timing.e2elNanos()),
          itlMeanMicros,
          itlP50Micros,
          itlMaxMicros,
          Micros.of(timing.sendLatenessNanos()),
          Micros.of(timing.ttftFromScheduledNanos()),
          Micros.of(timing.durationNanos()));
    }

    /**
     * last_token - scheduled: the E2EL of a user who arrived at the scheduled time; -1 without a
     * last token.
     */
    public long e2elFromScheduledMicros() {
      return e2elMicros < 0 ? -1 : e2elMicros + Math.max(0, sendLatenessMicros);
    }
  }

  /** A row with every figure absent: set the ones a row has. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A successful request that asked for an output limit and ended before it: a finish reason other
   * than {@code length}, or fewer output tokens than asked (metrics.md, "Early stops"). False when
   * no limit was set.
   */
  public boolean stoppedEarly() {
    return status.ok() && tokens.endedBeforeLimit();
  }

  /**
   * When the last byte of the response arrived (the request's end), rounded up to a whole
   * millisecond.
   */
  public long lastByteEpochMillis() {
    return placement.startEpochMillis()
        - Math.floorDiv(-Math.max(0, latency.durationMicros()), 1000);
  }

  /**
   * When the load model wanted the request to start (its arrival in an open model), in epoch
   * microseconds.
   */
  public long scheduledEpochMicros() {
    return placement.startEpochMillis() * 1000 - Math.max(0, latency.sendLatenessMicros());
  }

  /**
   * Output speed of this stream, (N - 1) / (E2EL - TTFT) in tokens per second, from the microsecond
   * figures (so that the report and a recomputation from the CSV agree); -1 when undefined.
   */
  public double outputTokensPerSecond() {
    long n = tokens.outputTokens();
    long ttft = latency.ttftMicros();
    long e2el = latency.e2elMicros();
    if (n <= 1 || ttft < 0 || e2el <= ttft) {
      return -1;
    }
    return (n - 1) * 1e6 / (e2el - ttft);
  }

  /**
   * The server's own decode speed for this stream, server output tokens / server decode time in
   * tokens per second; -1 when the server gave either no decode time or no count.
   */
  public double serverDecodeTokensPerSecond() {
    if (server.decodeMicros() <= 0 || tokens.serverOutputTokens() <= 0) {
      return -1;
    }
    return tokens.serverOutputTokens() * 1e6 / server.decodeMicros();
  }

  /** The same row with another placement (a merge renumbers the levels). */
  public RequestRow with(Placement newPlacement) {
    return new RequestRow(newPlacement, status, latency, tokens, server);
  }

  /** The same row with another status (a merge judges goodness again). */
  public RequestRow with(Status newStatus) {
    return new RequestRow(placement, newStatus, latency, tokens, server);
  }

  /**
   * Gathers a row figure by figure with one typed setter per figure: the CSV reader, the tests. A
   * figure never set stays absent: -1 for durations and counts, 0 for the start, the HTTP status
   * and the counts of events, output tokens, images and audio (a request that saw or sent none),
   * null for texts, false, an unknown source, no window.
   */
  public static final class Builder {
    private long startEpochMillis;
    private int level = -1;
    private boolean inWindow;
    private String requestName;
    private long[] windowTokens = new long[0];
    private int repeat;
    private String sessionId;
    private int turn;

    private boolean ok;
    private int httpStatus;
    private String error;
    private boolean good;
    private String requestId;
    private long retryAfterSeconds = -1;
    private SchemaVerdict schema = SchemaVerdict.NOT_JUDGED;

    private long ttftMicros = -1;
    private long ttfbMicros = -1;
    private long ttfoMicros = -1;
    private long tpotMicros = -1;
    private long e2elMicros = -1;
    private long itlMeanMicros = -1;
    private long itlP50Micros = -1;
    private long itlMaxMicros = -1;
    private long sendLatenessMicros = -1;
    private long ttftFromScheduledMicros = -1;
    private long durationMicros = -1;

    private int tokenEvents;
    private long inputTokens = -1;
    private TokenCountSource inputTokenSource = TokenCountSource.UNKNOWN;
    private long outputTokens;
    private TokenCountSource outputTokenSource = TokenCountSource.UNKNOWN;
    private long serverOutputTokens = -1;
    private long clientOutputTokens = -1;
    private long maxTokens = -1;
    private String finishReason;
    private int answerEvents = -1;
    private int images;
    private long imageBytes;
    private int inputs;
    private int audioClips;
    private long audioBytes;
    private long audioMillis;

    private long decodeMicros = -1;
    private long prefillMicros = -1;
    private long reasoningTokens = -1;

    private Builder() {}

    public Builder startEpochMillis(long value) {
      startEpochMillis = value;
      return this;
    }

    public Builder level(int value) {
      level = value;
      return this;
    }

    public Builder inWindow(boolean value) {
      inWindow = value;
      return this;
    }

    public Builder requestName(String value) {
      requestName = value;
      return this;
    }

    public Builder windowTokens(long[] value) {
      windowTokens = value;
      return this;
    }

    public Builder repeat(int value) {
      repeat = value;
      return this;
    }

    public Builder sessionId(String value) {
      sessionId = value;
      return this;
    }

    public Builder turn(int value) {
      turn = value;
      return this;
    }

    public Builder ok(boolean value) {
      ok = value;
      return this;
    }

    public Builder httpStatus(int value) {
      httpStatus = value;
      return this;
    }

    public Builder error(String value) {
      error = value;
      return this;
    }

    public Builder good(boolean value) {
      good = value;
      return this;
    }

    public Builder requestId(String value) {
      requestId = value;
      return this;
    }

    public Builder retryAfterSeconds(long value) {
      retryAfterSeconds = value;
      return this;
    }

    public Builder schema(SchemaVerdict value) {
      schema = value;
      return this;
    }

    public Builder ttftMicros(long value) {
      ttftMicros = value;
      return this;
    }

    public Builder ttfbMicros(long value) {
      ttfbMicros = value;
      return this;
    }

    public Builder ttfoMicros(long value) {
      ttfoMicros = value;
      return this;
    }

    public Builder tpotMicros(long value) {
      tpotMicros = value;
      return this;
    }

    public Builder e2elMicros(long value) {
      e2elMicros = value;
      return this;
    }

    public Builder itlMeanMicros(long value) {
      itlMeanMicros = value;
      return this;
    }

    public Builder itlP50Micros(long value) {
      itlP50Micros = value;
      return this;
    }

    public Builder itlMaxMicros(long value) {
      itlMaxMicros = value;
      return this;
    }

    public Builder sendLatenessMicros(long value) {
      sendLatenessMicros = value;
      return this;
    }

    public Builder ttftFromScheduledMicros(long value) {
      ttftFromScheduledMicros = value;
      return this;
    }

    public Builder durationMicros(long value) {
      durationMicros = value;
      return this;
    }

    public Builder tokenEvents(int value) {
      tokenEvents = value;
      return this;
    }

    public Builder inputTokens(long value) {
      inputTokens = value;
      return this;
    }

    public Builder inputTokenSource(TokenCountSource value) {
      inputTokenSource = value;
      return this;
    }

    public Builder outputTokens(long value) {
      outputTokens = value;
      return this;
    }

    public Builder outputTokenSource(TokenCountSource value) {
      outputTokenSource = value;
      return this;
    }

    public Builder serverOutputTokens(long value) {
      serverOutputTokens = value;
      return this;
    }

    public Builder clientOutputTokens(long value) {
      clientOutputTokens = value;
      return this;
    }

    public Builder maxTokens(long value) {
      maxTokens = value;
      return this;
    }

    public Builder finishReason(String value) {
      finishReason = value;
      return this;
    }

    public Builder answerEvents(int value) {
      answerEvents = value;
      return this;
    }

    public Builder images(int value) {
      images = value;
      return this;
    }

    public Builder imageBytes(long value) {
      imageBytes = value;
      return this;
    }

    public Builder audioClips(int value) {
      audioClips = value;
      return this;
    }

    public Builder audioBytes(long value) {
      audioBytes = value;
      return this;
    }

    public Builder audioMillis(long value) {
      audioMillis = value;
      return this;
    }

    public Builder inputs(int value) {
      inputs = value;
      return this;
    }

    public Builder decodeMicros(long value) {
      decodeMicros = value;
      return this;
    }

    public Builder prefillMicros(long value) {
      prefillMicros = value;
      return this;
    }

    public Builder reasoningTokens(long value) {
      reasoningTokens = value;
      return this;
    }

    public RequestRow build() {
      return new RequestRow(
          new Placement(
              startEpochMillis,
              level,
              inWindow,
              requestName,
              windowTokens,
              repeat,
              sessionId,
              turn),
          new Status(ok, httpStatus, error, good, requestId, retryAfterSeconds, schema),
          new Latencies(
              ttftMicros,
              ttfbMicros,
              ttfoMicros,
              tpotMicros,
              e2elMicros,
              itlMeanMicros,
              itlP50Micros,
              itlMaxMicros,
              sendLatenessMicros,
              ttftFromScheduledMicros,
              durationMicros),
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
          new ServerFigures(decodeMicros, prefillMicros, reasoningTokens));
    }
  }
}
