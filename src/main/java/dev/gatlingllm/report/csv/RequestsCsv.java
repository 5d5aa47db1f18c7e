package dev.gatlingllm.report.csv;

import dev.gatlingllm.metrics.request.RequestIds;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.stats.Micros;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code requests.csv} format: one line per request, RFC 4180 quoting. Durations are milliseconds with
 * three decimals (microseconds, exact), -1 when absent. Free text (request names, error messages from the
 * server) has its control characters replaced by spaces, so every request stays on one line, and a leading
 * {@code = + - @} is prefixed with {@code '} so that a spreadsheet never runs it as a formula.
 */
public final class RequestsCsv {
  /**
   * The server's id of the request. Added after the format was first published, so it comes last (readers
   * that go by position keep working) and files written before it, which lack it, still parse.
   */
  public static final String REQUEST_ID = "request_id";
  /** The server's Retry-After in seconds (-1: none). Added after {@link #REQUEST_ID}, so it is optional too. */
  public static final String RETRY_AFTER = "retry_after_s";
  /** The server's own decode time (Ollama's eval_duration, from llama.cpp's timings), -1 when none. Added last, so it is optional too. */
  public static final String SERVER_DECODE = "server_decode_ms";
  /** The last {@code finish_reason} (empty: none). Added after {@link #SERVER_DECODE}, so it is optional too. */
  public static final String FINISH_REASON = "finish_reason";
  /** The output limit asked for (-1: none). Added with {@link #FINISH_REASON}, optional too. */
  public static final String MAX_TOKENS = "max_tokens";
  /** The server's reasoning tokens within its output count (-1: not given). Added last, optional too. */
  public static final String SERVER_REASONING = "server_reasoning_tokens";
  /** The server's own prompt time (llama.cpp's prompt_ms, Ollama's prompt_eval_duration), -1 when none. Last. */
  public static final String SERVER_PREFILL = "server_prefill_ms";

  /** The first columns are the ones a reader most wants; the ones after {@code good} serve merges. */
  public static final List<String> COLUMNS =
      List.of(
          "start_epoch_ms", "level", "request_name", "status", "error",
          "ttft_ms", "ttfb_ms", "ttfo_ms", "tpot_ms", "e2el_ms",
          "itl_mean_ms", "itl_p50_ms", "itl_max_ms",
          "token_events", "input_tokens", "output_tokens", "output_token_source",
          "send_lateness_ms", "good",
          "in_window", "http_status", "input_token_source", "server_output_tokens", "client_output_tokens",
          "ttft_from_scheduled_ms", "duration_ms", "window_tokens", REQUEST_ID, RETRY_AFTER,
          SERVER_DECODE, FINISH_REASON, MAX_TOKENS, SERVER_REASONING, SERVER_PREFILL);

  /** Columns a file may lack (it was written by an earlier version); they read as empty. */
  private static final Set<String> OPTIONAL_COLUMNS =
      Set.of(REQUEST_ID, RETRY_AFTER, SERVER_DECODE, FINISH_REASON, MAX_TOKENS, SERVER_REASONING, SERVER_PREFILL);

  public static final String HEADER = String.join(",", COLUMNS);

  private RequestsCsv() {}

  /** Appends one row, without the line end. */
  public static void appendRow(StringBuilder line, RequestRow r) {
    line.append(r.startEpochMillis()).append(',')
        .append(r.level()).append(',');
    appendText(line, r.requestName());
    line.append(',').append(r.ok() ? "OK" : "KO").append(',');
    appendText(line, r.error());
    line.append(',').append(Micros.formatMillis(r.ttftMicros()))
        .append(',').append(Micros.formatMillis(r.ttfbMicros()))
        .append(',').append(Micros.formatMillis(r.ttfoMicros()))
        .append(',').append(Micros.formatMillis(r.tpotMicros()))
        .append(',').append(Micros.formatMillis(r.e2elMicros()))
        .append(',').append(Micros.formatMillis(r.itlMeanMicros()))
        .append(',').append(Micros.formatMillis(r.itlP50Micros()))
        .append(',').append(Micros.formatMillis(r.itlMaxMicros()))
        .append(',').append(r.tokenEvents())
        .append(',').append(r.inputTokens())
        .append(',').append(r.outputTokens())
        .append(',').append(r.outputTokenSource().name())
        .append(',').append(Micros.formatMillis(r.sendLatenessMicros()))
        .append(',').append(r.good())
        .append(',').append(r.inWindow())
        .append(',').append(r.httpStatus())
        .append(',').append(r.inputTokenSource().name())
        .append(',').append(r.serverOutputTokens())
        .append(',').append(r.clientOutputTokens())
        .append(',').append(Micros.formatMillis(r.ttftFromScheduledMicros()))
        .append(',').append(Micros.formatMillis(r.durationMicros()))
        .append(',');
    long[] windowTokens = r.windowTokens();
    for (int i = 0; i + 1 < windowTokens.length; i += 2) {
      if (i > 0) {
        line.append(';');
      }
      line.append(windowTokens[i]).append(':').append(windowTokens[i + 1]);
    }
    line.append(',');
    appendText(line, r.requestId());
    line.append(',').append(r.retryAfterSeconds());
    line.append(',').append(Micros.formatMillis(r.serverDecodeMicros()));
    line.append(',');
    appendText(line, r.finishReason());
    line.append(',').append(r.maxTokens());
    line.append(',').append(r.serverReasoningTokens());
    line.append(',').append(Micros.formatMillis(r.serverPrefillMicros()));
  }

  public static String row(RequestRow record) {
    StringBuilder line = new StringBuilder(256);
    appendRow(line, record);
    return line.toString();
  }

  /** Free text made safe for one CSV field; null becomes an empty field. */
  static void appendText(StringBuilder line, String text) {
    if (text == null || text.isEmpty()) {
      return;
    }
    StringBuilder clean = new StringBuilder(text.length() + 2);
    char first = text.charAt(0);
    if (first == '=' || first == '+' || first == '-' || first == '@') {
      clean.append('\'');
    }
    boolean quote = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        clean.append(' ');
      } else {
        quote |= c == ',' || c == '"';
        clean.append(c);
      }
    }
    if (quote) {
      line.append('"').append(clean.toString().replace("\"", "\"\"")).append('"');
    } else {
      line.append(clean);
    }
  }

  /** Splits one line into its fields, undoing the quoting. */
  public static List<String> split(String line) {
    List<String> fields = new ArrayList<>(COLUMNS.size());
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        fields.add(field.toString());
        field.setLength(0);
      } else {
        field.append(c);
      }
    }
    fields.add(field.toString());
    return fields;
  }

  /** Reads rows by column name, so that files with more (or reordered) columns still parse. */
  public static final class Reader {
    private final Map<String, Integer> columns = new HashMap<>();

    public Reader(String headerLine) {
      List<String> names = split(headerLine.startsWith("\uFEFF") ? headerLine.substring(1) : headerLine);
      for (int i = 0; i < names.size(); i++) {
        columns.put(names.get(i).trim(), i);
      }
      for (String required : COLUMNS) {
        if (!columns.containsKey(required) && !OPTIONAL_COLUMNS.contains(required)) {
          throw new IllegalArgumentException("requests.csv: missing column " + required);
        }
      }
    }

    public RequestRow parse(String line) {
      List<String> f = split(line);
      return new RequestRow(
          Long.parseLong(get(f, "start_epoch_ms")),
          Integer.parseInt(get(f, "level")),
          Boolean.parseBoolean(get(f, "in_window")),
          get(f, "request_name"),
          "OK".equals(get(f, "status")),
          Integer.parseInt(get(f, "http_status")),
          emptyToNull(get(f, "error")),
          Micros.parseMillis(get(f, "ttft_ms")),
          Micros.parseMillis(get(f, "ttfb_ms")),
          Micros.parseMillis(get(f, "ttfo_ms")),
          Micros.parseMillis(get(f, "tpot_ms")),
          Micros.parseMillis(get(f, "e2el_ms")),
          Micros.parseMillis(get(f, "itl_mean_ms")),
          Micros.parseMillis(get(f, "itl_p50_ms")),
          Micros.parseMillis(get(f, "itl_max_ms")),
          Integer.parseInt(get(f, "token_events")),
          Long.parseLong(get(f, "input_tokens")),
          TokenCountSource.valueOf(get(f, "input_token_source")),
          Long.parseLong(get(f, "output_tokens")),
          TokenCountSource.valueOf(get(f, "output_token_source")),
          Long.parseLong(get(f, "server_output_tokens")),
          Long.parseLong(get(f, "client_output_tokens")),
          Micros.parseMillis(get(f, "send_lateness_ms")),
          Micros.parseMillis(get(f, "ttft_from_scheduled_ms")),
          Micros.parseMillis(get(f, "duration_ms")),
          Boolean.parseBoolean(get(f, "good")),
          parseWindowTokens(get(f, "window_tokens")),
          RequestIds.bounded(get(f, REQUEST_ID)),
          parseLongOr(get(f, RETRY_AFTER), -1),
          get(f, SERVER_DECODE).isEmpty() ? -1 : Micros.parseMillis(get(f, SERVER_DECODE)),
          emptyToNull(get(f, FINISH_REASON)),
          parseLongOr(get(f, MAX_TOKENS), -1),
          parseLongOr(get(f, SERVER_REASONING), -1),
          get(f, SERVER_PREFILL).isEmpty() ? -1 : Micros.parseMillis(get(f, SERVER_PREFILL)));
    }

    private String get(List<String> fields, String column) {
      Integer index = columns.get(column);
      if (index == null) {
        return ""; // an optional column the file lacks
      }
      if (index >= fields.size()) {
        throw new IllegalArgumentException("requests.csv: row has no " + column + " field");
      }
      return fields.get(index);
    }
  }

  private static long parseLongOr(String text, long absent) {
    return text.isEmpty() ? absent : Long.parseLong(text);
  }

  private static String emptyToNull(String text) {
    return text.isEmpty() ? null : text;
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
}
