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
 * @param arrivalWindowMillis for an open-model level that offers its rate for a set time, that time
 *     (its arrival window, from its measurement start); 0 for any other level
 */
public record LevelWindow(
    int index,
    int concurrency,
    double requestRate,
    long startMillis,
    long measureFromMillis,
    long endMillis,
    long arrivalWindowMillis) {
  public LevelWindow {
    if (measureFromMillis < startMillis || endMillis < measureFromMillis) {
      throw new IllegalArgumentException("level " + index + ": need start <= measureFrom <= end");
    }
    if (arrivalWindowMillis < 0) {
      throw new IllegalArgumentException(
          "level " + index + ": arrival window must be >= 0, was " + arrivalWindowMillis);
    }
  }

  /** A level without an arrival window of its own (a concurrency step, a trace, the whole run). */
  public LevelWindow(
      int index,
      int concurrency,
      double requestRate,
      long startMillis,
      long measureFromMillis,
      long endMillis) {
    this(index, concurrency, requestRate, startMillis, measureFromMillis, endMillis, 0);
  }

  /** A level whose times are not known yet: it starts when the load model reaches it. */
  public static LevelWindow pending(int index, int concurrency, double requestRate) {
    return pending(index, concurrency, requestRate, 0);
  }

  /**
   * The same, for an open-model level that offers {@code requestRate} for {@code
   * arrivalWindowMillis}: its figures are over that window and its drain (metrics.md, "Run and
   * level figures").
   */
  public static LevelWindow pending(
      int index, int concurrency, double requestRate, long arrivalWindowMillis) {
    return new LevelWindow(
        index,
        concurrency,
        requestRate,
        Long.MAX_VALUE,
        Long.MAX_VALUE,
        Long.MAX_VALUE,
        arrivalWindowMillis);
  }

  /** The same level, its times set. */
  public LevelWindow at(long startMillis, long measureFromMillis, long endMillis) {
    return new LevelWindow(
        index,
        concurrency,
        requestRate,
        startMillis,
        measureFromMillis,
        endMillis,
        arrivalWindowMillis);
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

  /**
   * A level declared without a load, its concurrency chosen as it starts from the levels before it
   * ({@code CapacitySearch}'s): a run declaring one searches for its capacity.
   */
  public boolean loadChosenAtStart() {
    return isPending() && concurrency == 0 && requestRate == 0;
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
