package dev.gatlingllm.metrics.request;

import dev.gatlingllm.metrics.stats.Micros;

/**
 * One finished request as the run figures see it, and as one row of {@code requests.csv}: durations
 * in microseconds (-1 = absent). Every run and level figure is computed from these (plus the pooled
 * ITL gaps, which do not fit in a row), so recomputing the figures from {@code requests.csv} gives
 * the same numbers.
 *
 * <p>Its parts follow metrics.md's sections; a figure added to one of them is written to and read
 * from {@code requests.csv} by one more entry of the CSV's column table, which names it ({@link
 * RowFigure}). {@link #builder()} makes a row with every figure absent but the ones set. The token
 * counts and the server's figures are the request's own parts ({@link RequestResult}), taken over
 * whole.
 *
 * @param placement which request it was, when it was sent and which level it counts in
 * @param outcome how it ended, and whether it met the SLOs
 * @param latency its timestamps as durations ("Per-request figures")
 * @param tokens its token counts and output limit
 * @param server what the server said of its own work on it
 */
public record RequestRow(
    Placement placement,
    Outcome outcome,
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
   */
  public record Placement(
      @AbsentAs(0) long startEpochMillis,
      int level,
      boolean inWindow,
      String requestName,
      long[] windowTokens) {
    public Placement {
      requestName = requestName == null ? "" : requestName;
    }

    /**
     * The same request attributed to another level index (a merge renumbers the levels of each
     * run).
     */
    public Placement withLevels(int newLevel, long[] newWindowTokens) {
      return new Placement(startEpochMillis, newLevel, inWindow, requestName, newWindowTokens);
    }
  }

  /**
   * @param ok true for OK
   * @param httpStatus the response status, or 0 when no response arrived
   * @param error null when OK; otherwise why the request failed
   * @param good true when it succeeded and met every SLO set
   * @param requestId the server's id of the request ({@link RequestIds}), or null when unknown
   * @param retryAfterSeconds the server's {@code Retry-After} in seconds, or -1 when it sent none
   */
  public record Outcome(
      boolean ok,
      @AbsentAs(0) int httpStatus,
      String error,
      boolean good,
      String requestId,
      long retryAfterSeconds) {
    /**
     * A request still in flight when the run was stopped: neither a success nor a failure
     * (metrics.md).
     */
    public boolean aborted() {
      return Verdict.isAborted(ok, error);
    }

    /** The same outcome judged again (a merge applies its own SLOs). */
    public Outcome withGood(boolean newGood) {
      return newGood == good
          ? this
          : new Outcome(ok, httpStatus, error, newGood, requestId, retryAfterSeconds);
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
    return outcome.ok() && tokens.endedBeforeLimit();
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
    return new RequestRow(newPlacement, outcome, latency, tokens, server);
  }

  /** The same row with another outcome (a merge judges goodness again). */
  public RequestRow with(Outcome newOutcome) {
    return new RequestRow(placement, newOutcome, latency, tokens, server);
  }

  /**
   * Gathers a row figure by figure, by the figures' names ({@link RowFigure}): the CSV reader, the
   * tests. A figure never set stays absent: -1 for durations and counts unless its component says
   * otherwise ({@link AbsentAs}), null for texts, false, an unknown source, no window.
   */
  public static final class Builder {
    private final Object[][] values = RowFigure.absentValues();

    private Builder() {}

    /** Sets a figure; a number is converted to the figure's type. */
    public Builder set(RowFigure figure, Object value) {
      figure.store(values, value);
      return this;
    }

    /** Sets the figure of that name ({@link RowFigure#named}). */
    public Builder set(String figure, Object value) {
      return set(RowFigure.named(figure), value);
    }

    public RequestRow build() {
      return RowFigure.assemble(values);
    }
  }
}
