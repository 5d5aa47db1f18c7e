package dev.gatlingllm.report.csv;

import dev.gatlingllm.metrics.request.RequestIds;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.RequestRow.Builder;
import dev.gatlingllm.metrics.request.SchemaVerdict;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.stats.Micros;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.ObjLongConsumer;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * The columns of {@code requests.csv}, in the file's order: each one's header and its field ({@link
 * Field}): the typed getter of the {@link RequestRow} figure it holds, the typed setter of that
 * figure on {@link RequestRow.Builder}, and how the figure is written as text. The writer, the
 * reader and a merge all go by this table, so a figure added to a part of {@link RequestRow} needs
 * one entry here, and a figure without a column fails {@code RequestColumnTest}.
 *
 * <p>The order is published (readers go by position): a new column comes last and is optional, so
 * that files written before it still parse.
 */
enum RequestColumn {
  START_EPOCH_MS(
      "start_epoch_ms",
      Field.number(r -> r.placement().startEpochMillis(), Builder::startEpochMillis)),
  LEVEL("level", Field.number(r -> r.placement().level(), (b, v) -> b.level(Math.toIntExact(v)))),
  REQUEST_NAME("request_name", Field.text(r -> r.placement().requestName(), Builder::requestName)),
  STATUS("status", Field.status(r -> r.status().ok(), Builder::ok)),
  ERROR("error", Field.text(r -> r.status().error(), Builder::error)),
  TTFT("ttft_ms", Field.millis(r -> r.latency().ttftMicros(), Builder::ttftMicros)),
  TTFB("ttfb_ms", Field.millis(r -> r.latency().ttfbMicros(), Builder::ttfbMicros)),
  TTFO("ttfo_ms", Field.millis(r -> r.latency().ttfoMicros(), Builder::ttfoMicros)),
  TPOT("tpot_ms", Field.millis(r -> r.latency().tpotMicros(), Builder::tpotMicros)),
  E2EL("e2el_ms", Field.millis(r -> r.latency().e2elMicros(), Builder::e2elMicros)),
  ITL_MEAN("itl_mean_ms", Field.millis(r -> r.latency().itlMeanMicros(), Builder::itlMeanMicros)),
  ITL_P50("itl_p50_ms", Field.millis(r -> r.latency().itlP50Micros(), Builder::itlP50Micros)),
  ITL_MAX("itl_max_ms", Field.millis(r -> r.latency().itlMaxMicros(), Builder::itlMaxMicros)),
  TOKEN_EVENTS(
      "token_events",
      Field.number(r -> r.tokens().tokenEvents(), (b, v) -> b.tokenEvents(Math.toIntExact(v)))),
  INPUT_TOKENS("input_tokens", Field.number(r -> r.tokens().inputTokens(), Builder::inputTokens)),
  OUTPUT_TOKENS(
      "output_tokens", Field.number(r -> r.tokens().outputTokens(), Builder::outputTokens)),
  OUTPUT_TOKEN_SOURCE(
      "output_token_source",
      Field.source(r -> r.tokens().outputTokenSource(), Builder::outputTokenSource)),
  SEND_LATENESS(
      "send_lateness_ms",
      Field.millis(r -> r.latency().sendLatenessMicros(), Builder::sendLatenessMicros)),
  GOOD("good", Field.flag(r -> r.status().good(), Builder::good)),
  // The columns from here on serve merges more than readers.
  IN_WINDOW("in_window", Field.flag(r -> r.placement().inWindow(), Builder::inWindow)),
  HTTP_STATUS(
      "http_status",
      Field.number(r -> r.status().httpStatus(), (b, v) -> b.httpStatus(Math.toIntExact(v)))),
  INPUT_TOKEN_SOURCE(
      "input_token_source",
      Field.source(r -> r.tokens().inputTokenSource(), Builder::inputTokenSource)),
  SERVER_OUTPUT_TOKENS(
      "server_output_tokens",
      Field.number(r -> r.tokens().serverOutputTokens(), Builder::serverOutputTokens)),
  CLIENT_OUTPUT_TOKENS(
      "client_output_tokens",
      Field.number(r -> r.tokens().clientOutputTokens(), Builder::clientOutputTokens)),
  TTFT_FROM_SCHEDULED(
      "ttft_from_scheduled_ms",
      Field.millis(r -> r.latency().ttftFromScheduledMicros(), Builder::ttftFromScheduledMicros)),
  DURATION("duration_ms", Field.millis(r -> r.latency().durationMicros(), Builder::durationMicros)),
  WINDOW_TOKENS(
      "window_tokens",
      Field.windowTokens(r -> r.placement().windowTokens(), Builder::windowTokens)),
  // Added after the format was first published: optional, a file without them still parses, and
  // an empty field is the figure absent.
  REQUEST_ID(
      "request_id",
      Presence.OPTIONAL,
      Field.requestId(r -> r.status().requestId(), Builder::requestId)),
  RETRY_AFTER(
      "retry_after_s",
      Presence.OPTIONAL,
      Field.number(r -> r.status().retryAfterSeconds(), Builder::retryAfterSeconds)),
  SERVER_DECODE(
      "server_decode_ms",
      Presence.OPTIONAL,
      Field.millis(r -> r.server().decodeMicros(), Builder::decodeMicros)),
  FINISH_REASON(
      "finish_reason",
      Presence.OPTIONAL,
      Field.text(r -> r.tokens().finishReason(), Builder::finishReason)),
  MAX_TOKENS(
      "max_tokens",
      Presence.OPTIONAL,
      Field.number(r -> r.tokens().maxTokens(), Builder::maxTokens)),
  SERVER_REASONING(
      "server_reasoning_tokens",
      Presence.OPTIONAL,
      Field.number(r -> r.server().reasoningTokens(), Builder::reasoningTokens)),
  SERVER_PREFILL(
      "server_prefill_ms",
      Presence.OPTIONAL,
      Field.millis(r -> r.server().prefillMicros(), Builder::prefillMicros)),
  ANSWER_EVENTS(
      "answer_events",
      Presence.OPTIONAL,
      Field.number(r -> r.tokens().answerEvents(), (b, v) -> b.answerEvents(Math.toIntExact(v)))),
  REPEAT(
      "repeat",
      Presence.OPTIONAL,
      Field.number(r -> r.placement().repeat(), (b, v) -> b.repeat(Math.toIntExact(v)))),
  SCHEMA_VALID(
      "schema_valid", Presence.OPTIONAL, Field.schema(r -> r.status().schema(), Builder::schema)),
  IMAGES(
      "images",
      Presence.OPTIONAL,
      Field.number(r -> r.tokens().images(), (b, v) -> b.images(Math.toIntExact(v)))),
  IMAGE_BYTES(
      "image_bytes",
      Presence.OPTIONAL,
      Field.number(r -> r.tokens().imageBytes(), Builder::imageBytes)),
  INPUTS(
      "inputs",
      Presence.OPTIONAL,
      Field.number(r -> r.tokens().inputs(), (b, v) -> b.inputs(Math.toIntExact(v)))),
  SESSION_ID(
      "session_id",
      Presence.OPTIONAL,
      Field.text(r -> r.placement().sessionId(), Builder::sessionId)),
  TURN(
      "turn",
      Presence.OPTIONAL,
      Field.number(r -> r.placement().turn(), (b, v) -> b.turn(Math.toIntExact(v)))),
  AUDIO_CLIPS(
      "audio_clips",
      Presence.OPTIONAL,
      Field.number(r -> r.tokens().audioClips(), (b, v) -> b.audioClips(Math.toIntExact(v)))),
  AUDIO_BYTES(
      "audio_bytes",
      Presence.OPTIONAL,
      Field.number(r -> r.tokens().audioBytes(), Builder::audioBytes)),
  AUDIO_MS(
      "audio_ms",
      Presence.OPTIONAL,
      Field.number(r -> r.tokens().audioMillis(), Builder::audioMillis));

  /**
   * Whether a file must have the column; a file without an optional one reads the figure as absent.
   */
  enum Presence {
    REQUIRED,
    OPTIONAL
  }

  /**
   * One figure as a field of a line: read from a row by its typed getter and written as text, and
   * parsed back into the row builder by its typed setter. Whole numbers stay unboxed both ways.
   */
  interface Field {
    void write(StringBuilder line, RequestRow row);

    void read(String field, Builder row);

    /** A count or an index as a whole number. */
    static Field number(ToLongFunction<RequestRow> get, ObjLongConsumer<Builder> set) {
      return whole(get, set, StringBuilder::append, Long::parseLong);
    }

    /** Microseconds as milliseconds with three decimals; -1 for absent. */
    static Field millis(ToLongFunction<RequestRow> get, ObjLongConsumer<Builder> set) {
      return whole(
          get,
          set,
          (line, micros) -> line.append(Micros.formatMillis(micros)),
          Micros::parseMillis);
    }

    /** {@code true} or {@code false}. */
    static Field flag(Predicate<RequestRow> get, BooleanSetter set) {
      return yesNo(get, set, StringBuilder::append, Boolean::parseBoolean);
    }

    /** {@code OK} for true, {@code KO} for false. */
    static Field status(Predicate<RequestRow> get, BooleanSetter set) {
      return yesNo(get, set, (line, ok) -> line.append(ok ? "OK" : "KO"), "OK"::equals);
    }

    /** A whole number, written and read without boxing. */
    private static Field whole(
        ToLongFunction<RequestRow> get,
        ObjLongConsumer<Builder> set,
        ObjLongConsumer<StringBuilder> writer,
        ToLongFunction<String> reader) {
      return new Field() {
        @Override
        public void write(StringBuilder line, RequestRow row) {
          writer.accept(line, get.applyAsLong(row));
        }

        @Override
        public void read(String field, Builder row) {
          set.accept(row, reader.applyAsLong(field));
        }
      };
    }

    /** A yes or no, written and read without boxing. */
    private static Field yesNo(
        Predicate<RequestRow> get,
        BooleanSetter set,
        BooleanWriter writer,
        Predicate<String> reader) {
      return new Field() {
        @Override
        public void write(StringBuilder line, RequestRow row) {
          writer.append(line, get.test(row));
        }

        @Override
        public void read(String field, Builder row) {
          set.accept(row, reader.test(field));
        }
      };
    }

    /** Free text, quoted when it must be; empty for none. */
    static Field text(Function<RequestRow, String> get, BiConsumer<Builder, String> set) {
      return parsed(get, set, RequestsCsv::appendText, field -> field.isEmpty() ? null : field);
    }

    /** A server's request id: free text, bounded when read. */
    static Field requestId(Function<RequestRow, String> get, BiConsumer<Builder, String> set) {
      return parsed(get, set, RequestsCsv::appendText, RequestIds::bounded);
    }

    /** Where a token count comes from, by name. */
    static Field source(
        Function<RequestRow, TokenCountSource> get, BiConsumer<Builder, TokenCountSource> set) {
      return parsed(
          get, set, (line, source) -> line.append(source.name()), TokenCountSource::valueOf);
    }

    /**
     * Whether the answer followed its JSON schema: {@code true}, {@code false}, or empty when it
     * was not judged.
     */
    static Field schema(
        Function<RequestRow, SchemaVerdict> get, BiConsumer<Builder, SchemaVerdict> set) {
      return parsed(
          get,
          set,
          (line, verdict) -> {
            if (verdict.judged()) {
              line.append(verdict == SchemaVerdict.VALID);
            }
          },
          field ->
              field.isEmpty()
                  ? SchemaVerdict.NOT_JUDGED
                  : Boolean.parseBoolean(field) ? SchemaVerdict.VALID : SchemaVerdict.INVALID);
    }

    /** Output tokens by level window: {@code level:tokens} pairs separated by {@code ;}. */
    static Field windowTokens(Function<RequestRow, long[]> get, BiConsumer<Builder, long[]> set) {
      return parsed(get, set, Field::appendWindowTokens, Field::parseWindowTokens);
    }

    private static <T> Field parsed(
        Function<RequestRow, T> get,
        BiConsumer<Builder, T> set,
        BiConsumer<StringBuilder, T> writer,
        Function<String, T> reader) {
      return new Field() {
        @Override
        public void write(StringBuilder line, RequestRow row) {
          writer.accept(line, get.apply(row));
        }

        @Override
        public void read(String field, Builder row) {
          set.accept(row, reader.apply(field));
        }
      };
    }

    private static void appendWindowTokens(StringBuilder line, long[] windowTokens) {
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

  /** Sets a yes/no figure without boxing it. */
  @FunctionalInterface
  interface BooleanSetter {
    void accept(Builder row, boolean value);
  }

  /** Writes a yes/no figure without boxing it. */
  @FunctionalInterface
  interface BooleanWriter {
    void append(StringBuilder line, boolean value);
  }

  private final String header;
  private final Presence presence;
  private final Field field;

  RequestColumn(String header, Field field) {
    this(header, Presence.REQUIRED, field);
  }

  RequestColumn(String header, Presence presence, Field field) {
    this.header = header;
    this.presence = presence;
    this.field = field;
  }

  String header() {
    return header;
  }

  boolean optional() {
    return presence == Presence.OPTIONAL;
  }

  void write(StringBuilder line, RequestRow row) {
    field.write(line, row);
  }

  /** Sets the column's figure from its field; an empty optional field leaves the figure absent. */
  void read(String text, Builder row) {
    if (!(optional() && text.isEmpty())) {
      field.read(text, row);
    }
  }
}
