package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.dsl.load.TraceReplay;
import dev.gatlingllm.logging.UserError;

/**
 * How a ready simulation reads a trace, from the {@code llm.trace.*} properties: {@code
 * llm.trace.format} ({@code mooncake}, {@code burstgpt} or {@code azure}; unset, from the trace's
 * header), {@code llm.trace.speed} (default 1), {@code llm.trace.limit} (default 0: all), {@code
 * llm.trace.fromSeconds} and {@code llm.trace.toSeconds} (a window of the trace's own time from its
 * first request; default all of it) and {@code llm.trace.keepZeroOutput} (default false: rows with
 * no output, BurstGPT's failed requests, are skipped).
 */
public final class TraceSettings {
  private TraceSettings() {}

  /**
   * @return the trace options the system properties describe; a bad one fails here, in one line
   */
  public static TraceReplay.Options fromSystemProperties() {
    Settings properties = Settings.fromSystemProperties();
    double from = properties.number("llm.trace.fromSeconds", 0);
    double to = properties.number("llm.trace.toSeconds", Double.POSITIVE_INFINITY);
    if (!(to > from)) {
      throw new UserError(
          "llm.trace.toSeconds must be more than llm.trace.fromSeconds (" + from + "), was " + to);
    }
    TraceReplay.Options options =
        TraceReplay.Options.defaults()
            .limit(properties.wholeNumber("llm.trace.limit", 0))
            .speed(properties.number("llm.trace.speed", 1.0))
            .window(from, to)
            .keepZeroOutput(properties.flag("llm.trace.keepZeroOutput", false));
    try {
      return options.format(properties.text("llm.trace.format", null));
    } catch (IllegalArgumentException e) {
      throw new UserError("llm.trace.format: " + e.getMessage());
    }
  }
}
