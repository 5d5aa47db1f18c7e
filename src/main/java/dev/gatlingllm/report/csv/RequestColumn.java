package dev.gatlingllm.report.csv;

import dev.gatlingllm.metrics.request.RequestIds;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.RowFigure;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.stats.Micros;
import java.util.function.Function;

/**
 * The columns of {@code requests.csv}, in the file's order: each one's header, the {@link
 * RequestRow} figure it holds (by name) and how that figure is written as text. The writer, the
 * reader and a merge all go by this table, so a figure added to a part of {@link RequestRow} needs
 * one entry here, and a figure without a column fails {@code RequestColumnTest}.
 *
 * <p>The order is published (readers go by position): a new column comes last and is optional, so
 * that files written before it still parse.
 */
enum RequestColumn {
  START_EPOCH_MS("start_epoch_ms", "startEpochMillis", Format.NUMBER),
  LEVEL("level", "level", Format.NUMBER),
  REQUEST_NAME("request_name", "requestName", Format.TEXT),
  STATUS("status", "ok", Format.STATUS),
  ERROR("error", "error", Format.TEXT),
  TTFT("ttft_ms", "ttftMicros", Format.MILLIS),
  TTFB("ttfb_ms", "ttfbMicros", Format.MILLIS),
  TTFO("ttfo_ms", "ttfoMicros", Format.MILLIS),
  TPOT("tpot_ms", "tpotMicros", Format.MILLIS),
  E2EL("e2el_ms", "e2elMicros", Format.MILLIS),
  ITL_MEAN("itl_mean_ms", "itlMeanMicros", Format.MILLIS),
  ITL_P50("itl_p50_ms", "itlP50Micros", Format.MILLIS),
  ITL_MAX("itl_max_ms", "itlMaxMicros", Format.MILLIS),
  TOKEN_EVENTS("token_events", "tokenEvents", Format.NUMBER),
  INPUT_TOKENS("input_tokens", "inputTokens", Format.NUMBER),
  OUTPUT_TOKENS("output_tokens", "outputTokens", Format.NUMBER),
  OUTPUT_TOKEN_SOURCE("output_token_source", "outputTokenSource", Format.SOURCE),
  SEND_LATENESS("send_lateness_ms", "sendLatenessMicros", Format.MILLIS),
  GOOD("good", "good", Format.FLAG),
  // The columns from here on serve merges more than readers.
  IN_WINDOW("in_window", "inWindow", Format.FLAG),
  HTTP_STATUS("http_status", "httpStatus", Format.NUMBER),
  INPUT_TOKEN_SOURCE("input_token_source", "inputTokenSource", Format.SOURCE),
  SERVER_OUTPUT_TOKENS("server_output_tokens", "serverOutputTokens", Format.NUMBER),
  CLIENT_OUTPUT_TOKENS("client_output_tokens", "clientOutputTokens", Format.NUMBER),
  TTFT_FROM_SCHEDULED("ttft_from_scheduled_ms", "ttftFromScheduledMicros", Format.MILLIS),
  DURATION("duration_ms", "durationMicros", Format.MILLIS),
  WINDOW_TOKENS("window_tokens", "windowTokens", Format.WINDOW_TOKENS),
  // Added after the format was first published: optional, a file without them still parses, and
  // an empty field is the figure absent.
  REQUEST_ID("request_id", Presence.OPTIONAL, "requestId", Format.REQUEST_ID),
  RETRY_AFTER("retry_after_s", Presence.OPTIONAL, "retryAfterSeconds", Format.NUMBER),
  SERVER_DECODE("server_decode_ms", Presence.OPTIONAL, "decodeMicros", Format.MILLIS),
  FINISH_REASON("finish_reason", Presence.OPTIONAL, "finishReason", Format.TEXT),
  MAX_TOKENS("max_tokens", Presence.OPTIONAL, "maxTokens", Format.NUMBER),
  SERVER_REASONING("server_reasoning_tokens", Presence.OPTIONAL, "reasoningTokens", Format.NUMBER),
  SERVER_PREFILL("server_prefill_ms", Presence.OPTIONAL, "prefillMicros", Format.MILLIS),
  ANSWER_EVENTS("answer_events", Presence.OPTIONAL, "answerEvents", Format.NUMBER);

  /**
   * Whether a file must have the column; a file without an optional one reads the figure as absent.
   */
  enum Presence {
    REQUIRED,
    OPTIONAL
  }

  /** How a figure is written as a field and read back from one. */
  enum Format {
    /** A count or an index as a whole number. */
    NUMBER(whole(StringBuilder::append), Long::parseLong),
    /** {@code true} or {@code false}. */
    FLAG((line, value) -> line.append((boolean) value), Boolean::parseBoolean),
    /** {@code OK} for true, {@code KO} for false. */
    STATUS((line, value) -> line.append((boolean) value ? "OK" : "KO"), "OK"::equals),
    /** Microseconds as milliseconds with three decimals; -1 for absent. */
    MILLIS(whole((line, micros) -> line.append(Micros.formatMillis(micros))), Micros::parseMillis),
    /** Free text, quoted when it must be; empty for none. */
    TEXT(Format::appendText, field -> field.isEmpty() ? null : field),
    /** A server's request id: free text, bounded when read. */
    REQUEST_ID(Format::appendText, RequestIds::bounded),
    /** Where a token count comes from, by name. */
    SOURCE(
        (line, value) -> line.append(((TokenCountSource) value).name()), TokenCountSource::valueOf),
    /** Output tokens by level window: {@code level:tokens} pairs separated by {@code ;}. */
    WINDOW_TOKENS(Format::appendWindowTokens, Format::parseWindowTokens);

    /** Appends a figure's value as a field. */
    @FunctionalInterface
    interface Writer {
      void append(StringBuilder line, Object value);

      /** The same for a whole number without boxing it, or null when this writes no numbers. */
      default WholeWriter whole() {
        return null;
      }
    }

    /** Appends a whole number: what most figures are, written without boxing. */
    @FunctionalInterface
    interface WholeWriter {
      void append(StringBuilder line, long value);
    }

    private final Writer writer;
    private final Function<String, Object> reader;

    Format(Writer writer, Function<String, Object> reader) {
      this.writer = writer;
      this.reader = reader;
    }

    void write(StringBuilder line, Object value) {
      writer.append(line, value);
    }

    /** True for the formats of whole numbers, which {@link #writeWhole} writes unboxed. */
    boolean writesWholeNumbers() {
      return writer.whole() != null;
    }

    void writeWhole(StringBuilder line, long value) {
      writer.whole().append(line, value);
    }

    private static Writer whole(WholeWriter whole) {
      return new Writer() {
        @Override
        public void append(StringBuilder line, Object value) {
          whole.append(line, ((Number) value).longValue());
        }

        @Override
        public WholeWriter whole() {
          return whole;
        }
      };
    }

    Object read(String field) {
      return reader.apply(field);
    }

    private static void appendText(StringBuilder line, Object text) {
      RequestsCsv.appendText(line, (String) text);
    }

    private static void appendWindowTokens(StringBuilder line, Object value) {
      long[] windowTokens = (long[]) value;
      for (int i = 0; i + 1 < windowTokens.length; i += 2) {
        if (i > 0) {
          line.append(';');
        }
        line.append(windowTokens[i]).append(':').append(windowTokens[i + 1]);
      }
    }

    private static long[] parseWindowTokens(String field) {
      if (field.isEmpty()) {
        return new long[0];
      }
      String[] pairs = field.split(";");
      long[] values = new long[pairs.length * 2];
      for (int i = 0; i < pairs.length; i++) {
        int colon = pairs[i].indexOf(':');
        values[2 * i] = Long.parseLong(pairs[i].substring(0, colon));
        values[2 * i + 1] = Long.parseLong(pairs[i].substring(colon + 1));
      }
      return values;
    }
  }

  private final String header;
  private final Presence presence;
  private final RowFigure figure;
  private final Format format;

  /** A whole-number figure in a whole-number format: written without boxing. */
  private final boolean writesWhole;

  RequestColumn(String header, String figure, Format format) {
    this(header, Presence.REQUIRED, figure, format);
  }

  RequestColumn(String header, Presence presence, String figure, Format format) {
    this.header = header;
    this.presence = presence;
    this.figure = RowFigure.named(figure);
    this.format = format;
    this.writesWhole = this.figure.isWhole() && format.writesWholeNumbers();
  }

  String header() {
    return header;
  }

  boolean optional() {
    return presence == Presence.OPTIONAL;
  }

  RowFigure figure() {
    return figure;
  }

  Format format() {
    return format;
  }

  void write(StringBuilder line, RequestRow row) {
    if (writesWhole) {
      format.writeWhole(line, figure.wholeOf(row)); // most figures: no boxing per row
    } else {
      format.write(line, figure.of(row));
    }
  }

  void read(String field, RequestRow.Builder row) {
    row.set(figure, optional() && field.isEmpty() ? figure.absent() : format.read(field));
  }
}
