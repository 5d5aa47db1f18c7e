package dev.gatlingllm.simulator;

import dev.gatlingllm.bounds.Bound;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The faults and quirks applied to one request, parsed from the {@code x-sim-fault} header and/or
 * the global {@code sim.fault} setting.
 *
 * <p>Syntax: a comma-separated list of {@code name[=value][;param=value]...}, later entries
 * overriding earlier ones, e.g. {@code status=503;retry-after=2} or {@code tokens-per-event=3,
 * line-endings=crlf, keepalive-comments}, or {@code schema-invalid;every=4} (every 4th answer to a
 * JSON schema breaks it; {@code ;as=truncate} for cut, unparseable JSON). Unknown names are
 * rejected, so a typo fails loudly instead of silently testing nothing.
 */
public final class FaultSpec {

  /** What happens to a stream after {@link #afterTokens()} content tokens. */
  public enum MidStream {
    NONE,
    ERROR,
    RESET,
    STALL
  }

  public enum LineEnding {
    LF("\n"),
    CR("\r"),
    CRLF("\r\n");

    private final String chars;

    LineEnding(String chars) {
      this.chars = chars;
    }

    public String chars() {
      return chars;
    }
  }

  public static final FaultSpec NONE = new FaultSpec();

  private int status;
  private int retryAfterSeconds = 1;
  private int statusEvery = 1;
  private MidStream midStream = MidStream.NONE;
  private int afterTokens = 3;
  private FixedTiming roleDelay;
  private int tokensPerEvent = 1;
  private int eventsPerWrite = 1;
  private boolean noUsage;
  private LineEnding lineEnding = LineEnding.LF;
  private boolean keepaliveComments;
  private boolean closeAfterResponse;
  private int invalidJsonAtEvent = -1;
  private boolean wrongContentType;
  private boolean emptyBody;
  private int schemaInvalidEvery;
  private StructuredAnswer.Breach schemaBreach = StructuredAnswer.Breach.TYPE;

  private FaultSpec() {}

  /** Parses the header syntax; an empty or null text gives {@link #NONE}. */
  public static FaultSpec parse(String text) {
    if (text == null || text.isBlank()) {
      return NONE;
    }
    FaultSpec spec = new FaultSpec();
    for (String item : text.split(",")) {
      if (!item.isBlank()) {
        spec.apply(item.trim());
      }
    }
    return spec;
  }

  /** Parses {@code global} then {@code perRequest}, so the request's entries win. */
  public static FaultSpec combine(String global, String perRequest) {
    if (perRequest == null || perRequest.isBlank()) return parse(global);
    if (global == null || global.isBlank()) return parse(perRequest);
    return parse(global + "," + perRequest);
  }

  private void apply(String item) {
    String[] parts = item.split(";");
    String head = parts[0].trim();
    String name = head;
    String value = null;
    int eq = head.indexOf('=');
    if (eq >= 0) {
      name = head.substring(0, eq).trim();
      value = head.substring(eq + 1).trim();
    }
    Map<String, String> params = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      String p = parts[i].trim();
      int peq = p.indexOf('=');
      if (peq <= 0) throw new IllegalArgumentException("fault parameter must be name=value: " + p);
      params.put(p.substring(0, peq).trim().toLowerCase(Locale.ROOT), p.substring(peq + 1).trim());
    }
    switch (name.toLowerCase(Locale.ROOT)) {
      case "status" -> {
        status = parseInt(required(value, name), name);
        if (status < 400 || status > 599)
          throw new IllegalArgumentException("status must be 4xx or 5xx: " + status);
        retryAfterSeconds = parseInt(params.getOrDefault("retry-after", "1"), "retry-after");
        statusEvery = parseInt(params.getOrDefault("every", "1"), "status every");
        if (statusEvery < 1) throw new IllegalArgumentException("every must be >= 1");
      }
      case "error-mid-stream" -> midStream(MidStream.ERROR, value, params);
      case "reset-mid-stream" -> midStream(MidStream.RESET, value, params);
      case "stall" -> midStream(MidStream.STALL, value, params);
      case "role-delay" ->
          roleDelay =
              FixedTiming.of(
                  millis(params.getOrDefault("content", "200")),
                  millis(params.getOrDefault("itl", "20")),
                  millis(params.getOrDefault("role", value != null ? value : "10")));
      case "tokens-per-event" -> {
        tokensPerEvent = parseInt(required(value, name), name);
        if (tokensPerEvent < 1) throw new IllegalArgumentException("tokens-per-event must be >= 1");
      }
      case "events-per-write" -> {
        eventsPerWrite = parseInt(required(value, name), name);
        if (eventsPerWrite < 1) throw new IllegalArgumentException("events-per-write must be >= 1");
      }
      case "no-usage" -> noUsage = true;
      case "line-endings" ->
          lineEnding = LineEnding.valueOf(required(value, name).toUpperCase(Locale.ROOT));
      case "keepalive-comments" -> keepaliveComments = true;
      case "close-after-response" -> closeAfterResponse = true;
      case "invalid-json" ->
          invalidJsonAtEvent =
              parseInt(params.getOrDefault("at", value != null ? value : "2"), "invalid-json at");
      case "wrong-content-type" -> wrongContentType = true;
      case "empty-body" -> emptyBody = true;
      case "schema-invalid" -> {
        schemaInvalidEvery =
            parseInt(
                params.getOrDefault("every", value != null ? value : "1"), "schema-invalid every");
        if (schemaInvalidEvery < 1) throw new IllegalArgumentException("every must be >= 1");
        schemaBreach =
            switch (params.getOrDefault("as", "type").toLowerCase(Locale.ROOT)) {
              case "type" -> StructuredAnswer.Breach.TYPE;
              case "truncate" -> StructuredAnswer.Breach.TRUNCATE;
              default ->
                  throw new IllegalArgumentException("schema-invalid as=type or as=truncate");
            };
      }
      default -> throw new IllegalArgumentException("unknown fault: " + name);
    }
  }

  private void midStream(MidStream kind, String value, Map<String, String> params) {
    midStream = kind;
    afterTokens = parseInt(params.getOrDefault("after", value != null ? value : "3"), "after");
    if (afterTokens < 0) throw new IllegalArgumentException("after must be >= 0");
  }

  private static String required(String value, String name) {
    if (value == null || value.isEmpty())
      throw new IllegalArgumentException(name + " needs a value: " + name + "=...");
    return value;
  }

  /** A count or status of the fault syntax: a whole number, at most a billion. */
  private static final Bound COUNT = Bound.whole(0, 1_000_000_000, "");

  private static int parseInt(String text, String what) {
    return COUNT.readInt(what, text);
  }

  private static long millis(String text) {
    return FixedTiming.millisToNanos(text);
  }

  /** HTTP status to answer with instead of generating, or 0. */
  public int status() {
    return status;
  }

  /**
   * {@code status=N;every=K}: every K-th request under the fault (counted by the server across
   * requests, 1 = each one) gets the status, the others are served: a known error rate of 1 / K.
   */
  public int statusEvery() {
    return statusEvery;
  }

  public int retryAfterSeconds() {
    return retryAfterSeconds;
  }

  public MidStream midStream() {
    return midStream;
  }

  /** Content tokens sent before the mid-stream fault strikes. */
  public int afterTokens() {
    return afterTokens;
  }

  /** Fixed timing implied by {@code role-delay}, or null. */
  public FixedTiming roleDelay() {
    return roleDelay;
  }

  public int tokensPerEvent() {
    return tokensPerEvent;
  }

  /** Content events per socket write: a server or proxy that flushes in batches. */
  public int eventsPerWrite() {
    return eventsPerWrite;
  }

  public boolean noUsage() {
    return noUsage;
  }

  public LineEnding lineEnding() {
    return lineEnding;
  }

  public boolean keepaliveComments() {
    return keepaliveComments;
  }

  public boolean closeAfterResponse() {
    return closeAfterResponse;
  }

  /** 1-based index of the content event whose JSON is broken, or -1. */
  public int invalidJsonAtEvent() {
    return invalidJsonAtEvent;
  }

  public boolean wrongContentType() {
    return wrongContentType;
  }

  public boolean emptyBody() {
    return emptyBody;
  }

  /**
   * {@code schema-invalid[=N][;every=N][;as=type|truncate]}: every N-th structured answer (counted
   * by the server, 1 = each one) breaks its schema; 0 when the fault is off.
   */
  public int schemaInvalidEvery() {
    return schemaInvalidEvery;
  }

  /** How a spoiled structured answer breaks its schema. */
  StructuredAnswer.Breach schemaBreach() {
    return schemaBreach;
  }
}
