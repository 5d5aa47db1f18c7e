package dev.gatlingllm.metrics.request;

/**
 * Rows for tests, figure by figure with typed setters: a thin layer over {@link
 * RequestRow.Builder}, which goes by the figures' names. What is not set is absent.
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

  /** Any figure by its name, for one that has no setter here. */
  public RowBuilder set(String figure, Object value) {
    row.set(figure, value);
    return this;
  }

  public RowBuilder startEpochMillis(long value) {
    return set("startEpochMillis", value);
  }

  public RowBuilder level(int value) {
    return set("level", value);
  }

  public RowBuilder inWindow(boolean value) {
    return set("inWindow", value);
  }

  public RowBuilder requestName(String value) {
    return set("requestName", value);
  }

  public RowBuilder windowTokens(long[] value) {
    return set("windowTokens", value);
  }

  public RowBuilder ok(boolean value) {
    return set("ok", value);
  }

  public RowBuilder httpStatus(int value) {
    return set("httpStatus", value);
  }

  public RowBuilder error(String value) {
    return set("error", value);
  }

  public RowBuilder good(boolean value) {
    return set("good", value);
  }

  public RowBuilder requestId(String value) {
    return set("requestId", value);
  }

  public RowBuilder retryAfterSeconds(long value) {
    return set("retryAfterSeconds", value);
  }

  public RowBuilder ttftMicros(long value) {
    return set("ttftMicros", value);
  }

  public RowBuilder ttfbMicros(long value) {
    return set("ttfbMicros", value);
  }

  public RowBuilder ttfoMicros(long value) {
    return set("ttfoMicros", value);
  }

  public RowBuilder tpotMicros(long value) {
    return set("tpotMicros", value);
  }

  public RowBuilder e2elMicros(long value) {
    return set("e2elMicros", value);
  }

  public RowBuilder itlMeanMicros(long value) {
    return set("itlMeanMicros", value);
  }

  public RowBuilder itlP50Micros(long value) {
    return set("itlP50Micros", value);
  }

  public RowBuilder itlMaxMicros(long value) {
    return set("itlMaxMicros", value);
  }

  public RowBuilder sendLatenessMicros(long value) {
    return set("sendLatenessMicros", value);
  }

  public RowBuilder ttftFromScheduledMicros(long value) {
    return set("ttftFromScheduledMicros", value);
  }

  public RowBuilder durationMicros(long value) {
    return set("durationMicros", value);
  }

  public RowBuilder tokenEvents(int value) {
    return set("tokenEvents", value);
  }

  public RowBuilder inputTokens(long value) {
    return set("inputTokens", value);
  }

  public RowBuilder inputTokenSource(TokenCountSource value) {
    return set("inputTokenSource", value);
  }

  public RowBuilder outputTokens(long value) {
    return set("outputTokens", value);
  }

  public RowBuilder outputTokenSource(TokenCountSource value) {
    return set("outputTokenSource", value);
  }

  public RowBuilder serverOutputTokens(long value) {
    return set("serverOutputTokens", value);
  }

  public RowBuilder clientOutputTokens(long value) {
    return set("clientOutputTokens", value);
  }

  public RowBuilder maxTokens(long value) {
    return set("maxTokens", value);
  }

  public RowBuilder finishReason(String value) {
    return set("finishReason", value);
  }

  public RowBuilder serverDecodeMicros(long value) {
    return set("decodeMicros", value);
  }

  public RowBuilder serverPrefillMicros(long value) {
    return set("prefillMicros", value);
  }

  public RowBuilder serverReasoningTokens(long value) {
    return set("reasoningTokens", value);
  }
}
