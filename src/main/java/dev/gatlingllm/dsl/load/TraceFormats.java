package dev.gatlingllm.dsl.load;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The trace layouts a replay reads, found by name or by the trace's first line. */
final class TraceFormats {
  /** Checked in this order: Mooncake's rows are JSON, the CSV layouts differ by their columns. */
  static final List<TraceFormat> ALL =
      List.of(new MooncakeTraceFormat(), new BurstGptTraceFormat(), new AzureTraceFormat());

  private TraceFormats() {}

  /** The names {@code llm.trace.format} takes, e.g. {@code mooncake|burstgpt|azure}. */
  static String ids() {
    return ALL.stream().map(TraceFormat::id).collect(Collectors.joining("|"));
  }

  /**
   * @throws IllegalArgumentException for an unknown name
   */
  static TraceFormat byId(String id) {
    for (TraceFormat format : ALL) {
      if (format.id().equals(id.strip().toLowerCase(Locale.ROOT))) {
        return format;
      }
    }
    throw new IllegalArgumentException(
        "unknown trace format '" + id + "': expected one of " + ids());
  }

  /**
   * The layout of a trace whose first non-blank line this is.
   *
   * @throws IllegalArgumentException in one line naming the layouts known and the property that
   *     names one
   */
  static TraceFormat detect(String firstLine) {
    for (TraceFormat format : ALL) {
      if (format.recognizes(firstLine)) {
        return format;
      }
    }
    String shown = firstLine.length() > 100 ? firstLine.substring(0, 100) + "..." : firstLine;
    throw new IllegalArgumentException(
        "unknown trace header '"
            + shown
            + "': expected "
            + ALL.stream().map(TraceFormat::described).collect(Collectors.joining(", or "))
            + "; or name the format with llm.trace.format="
            + ids());
  }
}
