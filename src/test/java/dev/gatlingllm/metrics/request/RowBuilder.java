package dev.gatlingllm.metrics.request;

/**
 * Rows for tests, figure by figure: a thin layer over {@link RequestRow.Builder} that names the
 * server's figures as the tests read them. What is not set is absent.
 */
public final class RowBuilder {
  private final RequestRow.Builder row = RequestRow.builder();

  private RowBuilder() {}

  public static RowBuilder row() {
    return new RowBuilder();
  }

  public RequestRow build() {
    return row.build();
  }

  public RowBuilder startEpochMillis(long value) {
    row.startEpochMillis(value);
    return this;
  }

  public RowBuilder level(int value) {
    row.level(value);
    return this;
  }

  public RowBuilder inWindow(boolean value) {
    row.inWindow(value);
    return this;
  }

  public RowBuilder requestName(String value) {
    row.requestName(value);
    return this;
  }

  public RowBuilder windowTokens(long[] value) {
    row.windowTokens(value);
    return this;
  }

  public RowBuilder ok(boolean value) {
    row.ok(value);
    return this;
  }

  public RowBuilder httpStatus(int value) {
    row.httpStatus(value);
    return this;
  }

  public RowBuilder error(String value) {
    row.error(value);
    return this;
  }

  public RowBuilder good(boolean value) {
    row.good(value);
    return this;
  }

  public RowBuilder requestId(String value) {
    row.requestId(value);
    return this;
  }

  public RowBuilder retryAfterSeconds(long value) {
    row.retryAfterSeconds(value);
    return this;
  }

  public RowBuilder ttftMicros(long value) {
    row.ttftMicros(value);
    return this;
  }

  public RowBuilder ttfbMicros(long value) {
    row.ttfbMicros(value);
    return this;
  }

  public RowBuilder ttfoMicros(long value) {
    row.ttfoMicros(value);
    return this;
  }

  public RowBuilder tpotMicros(long value) {
    row.tpotMicros(value);
    return this;
  }

  public RowBuilder e2elMicros(long value) {
    row.e2elMicros(value);
    return this;
  }

  public RowBuilder itlMeanMicros(long value) {
    row.itlMeanMicros(value);
    return this;
  }

  public RowBuilder itlP50Micros(long value) {
    row.itlP50Micros(value);
    return this;
  }

  public RowBuilder itlMaxMicros(long value) {
    row.itlMaxMicros(value);
    return this;
  }

  public RowBuilder sendLatenessMicros(long value) {
    row.sendLatenessMicros(value);
    return this;
  }

  public RowBuilder ttftFromScheduledMicros(long value) {
    row.ttftFromScheduledMicros(value);
    return this;
  }

  public RowBuilder durationMicros(long value) {
    row.durationMicros(value);
    return this;
  }

  public RowBuilder tokenEvents(int value) {
    row.tokenEvents(value);
    return this;
  }

  public RowBuilder inputTokens(long value) {
    row.inputTokens(value);
    return this;
  }

  public RowBuilder inputTokenSource(TokenCountSource value) {
    row.inputTokenSource(value);
    return this;
  }

  public RowBuilder outputTokens(long value) {
    row.outputTokens(value);
    return this;
  }

  public RowBuilder outputTokenSource(TokenCountSource value) {
    row.outputTokenSource(value);
    return this;
  }

  public RowBuilder serverOutputTokens(long value) {
    row.serverOutputTokens(value);
    return this;
  }

  public RowBuilder clientOutputTokens(long value) {
    row.clientOutputTokens(value);
    return this;
  }

  public RowBuilder maxTokens(long value) {
    row.maxTokens(value);
    return this;
  }

  public RowBuilder finishReason(String value) {
    row.finishReason(value);
    return this;
  }

  public RowBuilder serverDecodeMicros(long value) {
    row.decodeMicros(value);
    return this;
  }

  public RowBuilder serverPrefillMicros(long value) {
    row.prefillMicros(value);
    return this;
  }

  public RowBuilder serverReasoningTokens(long value) {
    row.reasoningTokens(value);
    return this;
  }

  public RowBuilder inputs(int value) {
    row.inputs(value);
    return this;
  }

  public RowBuilder sessionTurn(String sessionId, int turn) {
    row.sessionId(sessionId).turn(turn);
    return this;
  }

  public RowBuilder answerEvents(int value) {
    row.answerEvents(value);
    return this;
  }

  public RowBuilder schema(SchemaVerdict value) {
    row.schema(value);
    return this;
  }

  public RowBuilder images(int value) {
    row.images(value);
    return this;
  }

  public RowBuilder imageBytes(long value) {
    row.imageBytes(value);
    return this;
  }

  public RowBuilder audioClips(int value) {
    row.audioClips(value);
    return this;
  }

  public RowBuilder audioBytes(long value) {
    row.audioBytes(value);
    return this;
  }

  public RowBuilder audioMillis(long value) {
    row.audioMillis(value);
    return this;
  }
}
