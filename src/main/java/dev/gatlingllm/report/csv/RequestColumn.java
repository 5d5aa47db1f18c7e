package dev.gatlingllm.report.csv;

import dev.gatlingllm.metrics.request.RequestIds;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.stats.Micros;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The columns of {@code requests.csv}, in the file's order: each one's header, how a row's figure
 * is written and how it is read back. The writer, the reader and a merge all go by this table, so a
 * figure added to {@link RequestRow} needs one entry here.
 *
 * <p>The order is published (readers go by position): a new column comes last and is optional, so
 * that files written before it still parse.
 */
enum RequestColumn {
  START_EPOCH_MS(
      "start_epoch_ms",
      (line, r) -> line.append(r.placement().startEpochMillis()),
      (text, row) -> row.startEpochMillis(Long.parseLong(text))),
  LEVEL(
      "level",
      (line, r) -> line.append(r.placement().level()),
      (text, row) -> row.level(Integer.parseInt(text))),
  REQUEST_NAME(
      "request_name", text(r -> r.placement().requestName()), (text, row) -> row.requestName(text)),
  STATUS(
      "status",
      (line, r) -> line.append(r.outcome().ok() ? "OK" : "KO"),
      (text, row) -> row.ok("OK".equals(text))),
  ERROR("error", text(r -> r.outcome().error()), (text, row) -> row.error(emptyToNull(text))),
  TTFT(
      "ttft_ms",
      millis(r -> r.latency().ttftMicros()),
      (text, row) -> row.ttftMicros(Micros.parseMillis(text))),
  TTFB(
      "ttfb_ms",
      millis(r -> r.latency().ttfbMicros()),
      (text, row) -> row.ttfbMicros(Micros.parseMillis(text))),
  TTFO(
      "ttfo_ms",
      millis(r -> r.latency().ttfoMicros()),
      (text, row) -> row.ttfoMicros(Micros.parseMillis(text))),
  TPOT(
      "tpot_ms",
      millis(r -> r.latency().tpotMicros()),
      (text, row) -> row.tpotMicros(Micros.parseMillis(text))),
  E2EL(
      "e2el_ms",
      millis(r -> r.latency().e2elMicros()),
      (text, row) -> row.e2elMicros(Micros.parseMillis(text))),
  ITL_MEAN(
      "itl_mean_ms",
      millis(r -> r.latency().itlMeanMicros()),
      (text, row) -> row.itlMeanMicros(Micros.parseMillis(text))),
  ITL_P50(
      "itl_p50_ms",
      millis(r -> r.latency().itlP50Micros()),
      (text, row) -> row.itlP50Micros(Micros.parseMillis(text))),
  ITL_MAX(
      "itl_max_ms",
      millis(r -> r.latency().itlMaxMicros()),
      (text, row) -> row.itlMaxMicros(Micros.parseMillis(text))),
  TOKEN_EVENTS(
      "token_events",
      (line, r) -> line.append(r.tokens().tokenEvents()),
      (text, row) -> row.tokenEvents(Integer.parseInt(text))),
  INPUT_TOKENS(
      "input_tokens",
      (line, r) -> line.append(r.tokens().inputTokens()),
      (text, row) -> row.inputTokens(Long.parseLong(text))),
  OUTPUT_TOKENS(
      "output_tokens",
      (line, r) -> line.append(r.tokens().outputTokens()),
      (text, row) -> row.outputTokens(Long.parseLong(text))),
  OUTPUT_TOKEN_SOURCE(
      "output_token_source",
      (line, r) -> line.append(r.tokens().outputTokenSource().name()),
      (text, row) -> row.outputTokenSource(TokenCountSource.valueOf(text))),
  SEND_LATENESS(
      "send_lateness_ms",
      millis(r -> r.latency().sendLatenessMicros()),
      (text, row) -> row.sendLatenessMicros(Micros.parseMillis(text))),
  GOOD(
      "good",
      (line, r) -> line.append(r.outcome().good()),
      (text, row) -> row.good(Boolean.parseBoolean(text))),
  // The columns from here on serve merges more than readers.
  IN_WINDOW(
      "in_window",
      (line, r) -> line.append(r.placement().inWindow()),
      (text, row) -> row.inWindow(Boolean.parseBoolean(text))),
  HTTP_STATUS(
      "http_status",
      (line, r) -> line.append(r.outcome().httpStatus()),
      (text, row) -> row.httpStatus(Integer.parseInt(text))),
  INPUT_TOKEN_SOURCE(
      "input_token_source",
      (line, r) -> line.append(r.tokens().inputTokenSource().name()),
      (text, row) -> row.inputTokenSource(TokenCountSource.valueOf(text))),
  SERVER_OUTPUT_TOKENS(
      "server_output_tokens",
      (line, r) -> line.append(r.tokens().serverOutputTokens()),
      (text, row) -> row.serverOutputTokens(Long.parseLong(text))),
  CLIENT_OUTPUT_TOKENS(
      "client_output_tokens",
      (line, r) -> line.append(r.tokens().clientOutputTokens()),
      (text, row) -> row.clientOutputTokens(Long.parseLong(text))),
  TTFT_FROM_SCHEDULED(
      "ttft_from_scheduled_ms",
      millis(r -> r.latency().ttftFromScheduledMicros()),
      (text, row) -> row.ttftFromScheduledMicros(Micros.parseMillis(text))),
  DURATION(
      "duration_ms",
      millis(r -> r.latency().durationMicros()),
      (text, row) -> row.durationMicros(Micros.parseMillis(text))),
  WINDOW_TOKENS(
      "window_tokens",
      (line, r) -> appendWindowTokens(line, r.placement().windowTokens()),
      (text, row) -> row.windowTokens(parseWindowTokens(text))),
  // Added after the format was first published: optional, a file without them still parses.
  REQUEST_ID(
      "request_id",
      Presence.OPTIONAL,
      text(r -> r.outcome().requestId()),
      (text, row) -> row.requestId(RequestIds.bounded(text))),
  RETRY_AFTER(
      "retry_after_s",
      Presence.OPTIONAL,
      (line, r) -> line.append(r.outcome().retryAfterSeconds()),
      (text, row) -> row.retryAfterSeconds(parseLongOr(text, -1))),
  SERVER_DECODE(
      "server_decode_ms",
      Presence.OPTIONAL,
      millis(r -> r.server().decodeMicros()),
      (text, row) -> row.serverDecodeMicros(parseMillisOr(text, -1))),
  FINISH_REASON(
      "finish_reason",
      Presence.OPTIONAL,
      text(r -> r.tokens().finishReason()),
      (text, row) -> row.finishReason(emptyToNull(text))),
  MAX_TOKENS(
      "max_tokens",
      Presence.OPTIONAL,
      (line, r) -> line.append(r.tokens().maxTokens()),
      (text, row) -> row.maxTokens(parseLongOr(text, -1))),
  SERVER_REASONING(
      "server_reasoning_tokens",
      Presence.OPTIONAL,
      (line, r) -> line.append(r.server().reasoningTokens()),
      (text, row) -> row.serverReasoningTokens(parseLongOr(text, -1))),
  SERVER_PREFILL(
      "server_prefill_ms",
      Presence.OPTIONAL,
      millis(r -> r.server().prefillMicros()),
      (text, row) -> row.serverPrefillMicros(parseMillisOr(text, -1)));

  /**
   * Whether a file must have the column; a file without an optional one reads the row's default for
   * it.
   */
  enum Presence {
    REQUIRED,
    OPTIONAL
  }

  /** Appends a row's figure as the column's field, unquoted unless the figure is free text. */
  @FunctionalInterface
  interface Writer {
    void append(StringBuilder line, RequestRow row);
  }

  /** Sets the figure of the column from its field, unquoted. */
  @FunctionalInterface
  interface Reader {
    void read(String field, RequestRow.Builder row);
  }

  private final String header;
  private final Presence presence;
  private final Writer writer;
  private final Reader reader;

  RequestColumn(String header, Writer writer, Reader reader) {
    this(header, Presence.REQUIRED, writer, reader);
  }

  RequestColumn(String header, Presence presence, Writer writer, Reader reader) {
    this.header = header;
    this.presence = presence;
    this.writer = writer;
    this.reader = reader;
  }

  String header() {
    return header;
  }

  boolean optional() {
    return presence == Presence.OPTIONAL;
  }

  void write(StringBuilder line, RequestRow row) {
    writer.append(line, row);
  }

  void read(String field, RequestRow.Builder row) {
    reader.read(field, row);
  }

  private static Writer millis(ToLongFunction<RequestRow> micros) {
    return (line, row) -> line.append(Micros.formatMillis(micros.applyAsLong(row)));
  }

  private static Writer text(Function<RequestRow, String> text) {
    return (line, row) -> RequestsCsv.appendText(line, text.apply(row));
  }

  private static void appendWindowTokens(StringBuilder line, long[] windowTokens) {
    for (int i = 0; i + 1 < windowTokens.length; i += 2) {
      if (i > 0) {
        line.append(';');
      }
      line.append(windowTokens[i]).append(':').append(windowTokens[i + 1]);
    }
  }

  private static long[] parseWindowTokens(String text) {
    if (text.isEmpty()) {
      return new long[0];
    }
    String[] pairs = text.split(";");
    long[] values = new long[pairs.length * 2];
    for (int i = 0; i < pairs.length; i++) {
      int colon = pairs[i].indexOf(':');
      values[2 * i] = Long.parseLong(pairs[i].substring(0, colon));
      values[2 * i + 1] = Long.parseLong(pairs[i].substring(colon + 1));
    }
    return values;
  }

  private static long parseLongOr(String text, long absent) {
    return text.isEmpty() ? absent : Long.parseLong(text);
  }

  private static long parseMillisOr(String text, long absent) {
    return text.isEmpty() ? absent : Micros.parseMillis(text);
  }

  private static String emptyToNull(String text) {
    return text.isEmpty() ? null : text;
  }
}
