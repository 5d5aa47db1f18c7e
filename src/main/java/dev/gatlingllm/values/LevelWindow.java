package dev.gatlingllm.values;

/**
 * One load level of a run: a concurrency step (closed model) or an arrival rate (open model), with
 * the part of it that counts. Requests are attributed to the level whose window holds their start
 * time; tokens to the level whose window holds their arrival time. Times are epoch milliseconds.
 *
 * @param index 0-based position in the run
 * @param concurrency the number of concurrent streams, or 0 for an open-model level
 * @param requestRate the arrival rate in requests per second, or 0 for a closed-model level
 * @param startMillis when the level starts (its settle time begins)
 * @param measureFromMillis when its measurement window begins (after the settle time)
 * @param endMillis when the level ends (exclusive)
 */
public record LevelWindow(
    int index,
    int concurrency,
    double requestRate,
    long startMillis,
    long measureFromMillis,
    long endMillis) {
  public LevelWindow {
    if (measureFromMillis < startMillis || endMillis < measureFromMillis) {
      throw new IllegalArgumentException("level " + index + ": need start <= measureFrom <= end");
    }
  }

  /** A level whose times are not known yet: it starts when the load model reaches it. */
  public static LevelWindow pending(int index, int concurrency, double requestRate) {
    return new LevelWindow(
        index, concurrency, requestRate, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);
  }

  public boolean isPending() {
    return startMillis == Long.MAX_VALUE;
  }

  /**
   * An open-model level: requests arrive at a rate, whatever the server does. A user's wait starts
   * at the arrival, so its SLO judgement measures from there (metrics.md, "Open model").
   */
  public boolean isOpenModel() {
    return concurrency == 0 && requestRate > 0;
  }

  /** True when {@code epochMillis} falls in the measurement window. */
  public boolean measures(long epochMillis) {
    return epochMillis >= measureFromMillis && epochMillis < endMillis;
  }

  /** The measurement window's length in seconds. */
  public double windowSeconds() {
    return (endMillis - measureFromMillis) / 1000.0;
  }

  /** A label for tables: "32 streams" or "4.0 req/s". */
  public String label() {
    return concurrency > 0
        ? concurrency + (concurrency == 1 ? " stream" : " streams")
        : String.format(java.util.Locale.ROOT, "%.1f req/s", requestRate);
  }
}
