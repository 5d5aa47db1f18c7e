package dev.gatlingllm.metrics.request;

/**
 * The immutable figures of one request, as metrics.md defines them, in parts that every consumer
 * reads: its verdict, the client's timing, the token counts and what the server said of its work.
 * The token counts and the server's figures go on whole into the request's row ({@link
 * RequestRow}).
 *
 * @param verdict OK, or KO with its message
 * @param requestId the server's id of the request ({@link RequestIds}), or null when it sent none
 * @param timing the client's timestamps as durations, in nanoseconds
 * @param itlNanos the gaps between consecutive token events (length tokenEvents - 1), or the first
 *     {@link RequestTimeline#MAX_KEPT_GAPS} of them for a longer stream
 * @param tokens the token counts, the output limit asked for and the finish reason
 * @param server the server's own figures
 * @param schema whether the answer followed the JSON schema the request asked for
 * @param sessionTurn the agent session and turn the request belongs to ({@link SessionTurn#NONE}
 *     outside one)
 */
public record RequestResult(
    Verdict verdict,
    String requestId,
    Timing timing,
    long[] itlNanos,
    TokenCounts tokens,
    ServerFigures server,
    SchemaVerdict schema,
    SessionTurn sessionTurn) {

  public RequestResult {
    schema = schema == null ? SchemaVerdict.NOT_JUDGED : schema;
    sessionTurn = sessionTurn == null ? SessionTurn.NONE : sessionTurn;
  }

  /** A request outside any agent session. */
  public RequestResult(
      Verdict verdict,
      String requestId,
      Timing timing,
      long[] itlNanos,
      TokenCounts tokens,
      ServerFigures server,
      SchemaVerdict schema) {
    this(verdict, requestId, timing, itlNanos, tokens, server, schema, SessionTurn.NONE);
  }

  /** A request whose answer was not judged against a schema (yet). */
  public RequestResult(
      Verdict verdict,
      String requestId,
      Timing timing,
      long[] itlNanos,
      TokenCounts tokens,
      ServerFigures server) {
    this(verdict, requestId, timing, itlNanos, tokens, server, SchemaVerdict.NOT_JUDGED);
  }

  public boolean ok() {
    return verdict.ok();
  }

  /** The same figures with another verdict (e.g. an answer check turning an OK into a KO). */
  public RequestResult withVerdict(Verdict newVerdict) {
    return new RequestResult(
        newVerdict, requestId, timing, itlNanos, tokens, server, schema, sessionTurn);
  }

  /** The same figures with the answer judged against its schema. */
  public RequestResult withSchema(SchemaVerdict newSchema) {
    return new RequestResult(
        verdict, requestId, timing, itlNanos, tokens, server, newSchema, sessionTurn);
  }

  /** The same figures tagged with the agent session and turn they belong to. */
  public RequestResult withSessionTurn(SessionTurn newSessionTurn) {
    return new RequestResult(
        verdict, requestId, timing, itlNanos, tokens, server, schema, newSessionTurn);
  }

  public boolean hasFirstToken() {
    return timing.ttftNanos() >= 0;
  }

  /** Milliseconds with microsecond resolution, or -1 for an absent duration. */
  public static double millis(long nanos) {
    return nanos < 0 ? -1 : Math.round(nanos / 1_000.0) / 1_000.0;
  }
}
