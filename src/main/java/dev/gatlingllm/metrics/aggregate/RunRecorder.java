package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.level.LevelAccumulator;
import dev.gatlingllm.metrics.level.MeasuredLevel;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenArrivals;
import dev.gatlingllm.metrics.request.Verdict;
import dev.gatlingllm.metrics.stats.Micros;
import dev.gatlingllm.metrics.stats.PerSecondBuckets;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.LevelWindow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Records every finished request of a run and produces the {@link RunSummary} the report shows.
 *
 * <p>Thread-safe: requests finish on several event-loop threads at once. The figures a request
 * changes are updated under one short lock per request (nothing happens per token outside {@link
 * #record}); its CSV row is handed to a background writer, so no event loop waits on the disk.
 * Memory does not grow with the number of requests: counters, HDR histograms, one bucket per
 * second, and a bounded queue of rows not yet written.
 */
public final class RunRecorder implements AutoCloseable {
  private final RunConfig config;

  /**
   * The levels while recording: the implicit level's window stays open until the summary closes it.
   * Levels declared {@link LevelWindow#pending pending} get their times when they start ({@link
   * #startLevel}); replaced whole, never changed in place, so readers outside the lock see a
   * consistent array.
   */
  private volatile LevelWindow[] windows;

  /**
   * Per level, when each of its runs started ({@link #startRepeat}), in order; null for a level
   * that runs once. Replaced whole, as {@link #windows}.
   */
  private volatile long[][] repeatStarts;

  private final RunAggregate aggregate;
  private final RowSink csv;

  /** Where the requests went: the endpoint the report names follows it. */
  private final SentNames sentEndpoints = new SentNames(Redactor::url);

  private final SentNames sentModels = new SentNames(Redactor::credentialsIn);

  private final Object lock = new Object();

  /** Set by {@link #finish}: later requests are not recorded. Guarded by {@link #lock}. */
  private boolean stopped;

  /**
   * Per event-loop thread scratch space, so that record() allocates almost nothing for its
   * statistics.
   */
  private final ThreadLocal<Scratch> scratch;

  /**
   * @param config what the run is
   * @param rows where to stream one row per request ({@code requests.csv}), or null for nowhere
   */
  public RunRecorder(RunConfig config, RowSink rows) {
    this.config = config;
    this.windows = recordingWindows(config).toArray(new LevelWindow[0]);
    this.repeatStarts = new long[windows.length][];
    this.aggregate =
        new RunAggregate(windows.length, Math.floorDiv(config.runStartEpochMillis(), 1000));
    this.scratch = ThreadLocal.withInitial(() -> new Scratch(windows.length));
    this.csv = rows;
  }

  /** A recorder that keeps no rows. */
  public RunRecorder(RunConfig config) {
    this(config, null);
  }

  private static List<LevelWindow> recordingWindows(RunConfig config) {
    if (!config.levels().isEmpty()) {
      return config.levels();
    }
    long start = config.runStartEpochMillis();
    return List.of(new LevelWindow(0, 0, 0, start, start + config.warmupMillis(), Long.MAX_VALUE));
  }

  public RunConfig config() {
    return config;
  }

  /**
   * Goodput check: succeeded and met every SLO set, TTFT and E2EL measured from the arrival in an
   * open-model level (a request rate), from the send in any other.
   *
   * @param startEpochMillis when the request was sent, which places it in its level
   */
  public boolean isGood(long startEpochMillis, RequestResult result) {
    return config.slos().isGood(result, judgedFromArrival(startEpochMillis));
  }

  /**
   * Why the request is not good ({@link #isGood}), for the action's {@code <name> SLO} record; null
   * when good.
   */
  public String whyNotGood(long startEpochMillis, RequestResult result) {
    return config.slos().whyNotGood(result, judgedFromArrival(startEpochMillis));
  }

  private boolean judgedFromArrival(long startEpochMillis) {
    LevelWindow[] current = windows;
    int level = levelOf(current, startEpochMillis);
    return level >= 0 && current[level].isOpenModel();
  }

  /**
   * Records one finished request.
   *
   * @param requestName the Gatling request name
   * @param startEpochMillis when the request was sent (the start of its Gatling record)
   * @param result its figures, with the limit it asked for and how it ended, so that early stops
   *     are counted
   */
  public void record(String requestName, long startEpochMillis, RequestResult result) {
    record(requestName, null, startEpochMillis, result);
  }

  /**
   * Notes the model a request is about to address (as its body names it), so that the report names
   * every model the run addressed, not only its first protocol's.
   */
  public void noteModel(String model) {
    sentModels.note(model);
  }

  /**
   * Records one finished request sent to {@code endpoint}.
   *
   * @param endpoint the path or URL its action sends to, as written (null when not known): when no
   *     request went to the configured endpoint (embeddings requests alone, whose protocol names
   *     the chat endpoint), the report names the endpoints the requests went to instead
   */
  public void record(
      String requestName, String endpoint, long startEpochMillis, RequestResult result) {
    sentEndpoints.note(endpoint);
    RequestRow record = toRecord(requestName, startEpochMillis, result);
    synchronized (lock) {
      if (stopped) {
        // The run's figures are final (the JVM is stopping): a late request goes into neither them
        // nor the file.
        return;
      }
      aggregate.add(record);
      addTimesAndGaps(record, startEpochMillis, result);
      if (csv != null) {
        // Under the same lock as the figures, so that a row is in both or in neither; submit never
        // waits.
        csv.submit(record, result.itlNanos());
      }
    }
  }

  /**
   * One sample of the client's event-loop delay ({@code EventLoopDelayProbe}), counted in the level
   * whose measurement window holds {@code epochMillis}; samples outside every window (warm-up,
   * settling) are dropped.
   */
  public void recordEventLoopDelay(long epochMillis, long delayMicros) {
    int level = measuringLevelOf(windows, epochMillis);
    if (level < 0) {
      return;
    }
    int repeat = repeatOf(level, epochMillis);
    synchronized (lock) {
      aggregate.level(level).addEventLoopDelay(delayMicros);
      LevelAccumulator run = aggregate.repeatRun(level, repeat);
      if (run != null) {
        // Each run's own client health, as its figures are its own.
        run.addEventLoopDelay(delayMicros);
      }
    }
  }

  /** The figures so far, with the implicit level (if any) closed now. */
  public RunSummary snapshot() {
    return snapshot(System.currentTimeMillis());
  }

  /**
   * Marks the start of a level declared {@link LevelWindow#pending pending}: its window opens at
   * {@code startEpochMillis}, is measured from {@code settleMillis} later, and the level before it
   * ends there. Levels start in order; only the first call for a level counts (every virtual user
   * of the level may call it).
   */
  public void startLevel(int index, long startEpochMillis, long settleMillis) {
    startLevel(index, startEpochMillis, settleMillis, 0);
  }

  /**
   * The same, for a level whose concurrency was chosen as it started (a capacity search's next
   * level).
   *
   * @param streams its concurrency, or 0 for the one it was declared with
   */
  public void startLevel(int index, long startEpochMillis, long settleMillis, int streams) {
    synchronized (lock) {
      LevelWindow[] current = windows;
      if (index < 0 || index >= current.length || !current[index].isPending()) {
        return;
      }
      LevelWindow[] next = current.clone();
      for (int i = 0; i < index; i++) {
        if (!next[i].isPending() && next[i].endMillis() > startEpochMillis) {
          next[i] = closed(next[i], startEpochMillis);
        }
      }
      LevelWindow pending = current[index];
      next[index] =
          new LevelWindow(
              index,
              streams > 0 ? streams : pending.concurrency(),
              pending.requestRate(),
              startEpochMillis,
              startEpochMillis + settleMillis,
              Long.MAX_VALUE,
              pending.arrivalWindowMillis());
      windows = next;
    }
  }

  /**
   * Marks the start of one run of a level that runs several times ({@code llm.repeats}): the
   * requests the level sends from {@code startEpochMillis} on belong to run {@code repeat} (from 1)
   * until the next one starts. Only the first call for a run counts (every virtual user of it may
   * call it); runs start in order.
   */
  public void startRepeat(int level, int repeat, long startEpochMillis) {
    synchronized (lock) {
      long[][] current = repeatStarts;
      if (level < 0 || level >= current.length || repeat < 1) {
        return;
      }
      long[] starts = current[level] == null ? new long[0] : current[level];
      if (repeat != starts.length + 1) {
        return;
      }
      long[][] next = current.clone();
      next[level] = Arrays.copyOf(starts, repeat);
      next[level][repeat - 1] = startEpochMillis;
      repeatStarts = next;
    }
  }

  /** The run of its level a request started at that time belongs to, from 1; 0 for none. */
  private int repeatOf(int level, long startEpochMillis) {
    long[] starts = level < 0 ? null : repeatStarts[level];
    if (starts == null) {
      return 0;
    }
    int repeat = 0;
    while (repeat < starts.length && starts[repeat] <= startEpochMillis) {
      repeat++;
    }
    return repeat;
  }

  /**
   * The figures so far, as if the run ended at {@code runEndEpochMillis}: the implicit level (if
   * any) ends then, and so does a level still running (a snapshot during the run, or a run stopped
   * early), so that its window only counts the time it was measured. Levels that never started (a
   * search that stopped early) are left out.
   */
  public RunSummary snapshot(long runEndEpochMillis) {
    LevelWindow[] current = windows;
    List<MeasuredLevel> measured = new ArrayList<>(current.length);
    List<LevelWindow> actual = new ArrayList<>(current.length);
    for (LevelWindow window : current) {
      if (window.isPending()) {
        break;
      }
      LevelWindow ended =
          window.endMillis() > runEndEpochMillis ? closed(window, runEndEpochMillis) : window;
      actual.add(ended);
      measured.add(MeasuredLevel.of(ended));
    }
    RunConfig actualConfig =
        (config.levels().isEmpty() ? config : config.withLevels(actual))
            .withEndpoint(sentEndpoints.reported(config.endpoint()))
            .withModel(sentModels.reported(config.model()));
    synchronized (lock) {
      return aggregate.summarize(actualConfig, measured, runEndEpochMillis);
    }
  }

  /**
   * Level {@code index}'s output tok/s as the report gives it, its window closed at {@code
   * nowEpochMillis} if still open; NaN for a level not started. Final once the level's requests
   * have all ended (a load model's levels follow one another: the next starts when the last user of
   * the level before it is done).
   */
  public double levelOutputThroughput(int index, long nowEpochMillis) {
    LevelWindow[] current = windows;
    if (index < 0 || index >= current.length || current[index].isPending()) {
      return Double.NaN;
    }
    LevelWindow window = current[index];
    LevelWindow ended =
        window.endMillis() > nowEpochMillis ? closed(window, nowEpochMillis) : window;
    synchronized (lock) {
      return aggregate.outputThroughput(index, MeasuredLevel.of(ended));
    }
  }

  private static LevelWindow closed(LevelWindow window, long end) {
    long start = Math.min(window.startMillis(), end);
    long measureFrom = Math.min(window.measureFromMillis(), end);
    return window.at(start, measureFrom, end);
  }

  /** Writes the rows still queued and closes {@code requests.csv}. Record nothing after this. */
  @Override
  public void close() {
    if (csv != null) {
      csv.close();
    }
  }

  /** Closes {@code requests.csv} and returns the final figures. */
  public RunSummary finish(long runEndEpochMillis) {
    return finish(() -> runEndEpochMillis);
  }

  /**
   * Stops recording, then reads the run's end from {@code clock}: every request recorded so far
   * started before that end, so the figures and {@code requests.csv} count the same requests, even
   * when the JVM is stopped while requests still finish.
   */
  public RunSummary finish(java.util.function.LongSupplier clock) {
    synchronized (lock) {
      stopped = true;
    }
    long runEndEpochMillis = clock.getAsLong();
    close();
    return snapshot(runEndEpochMillis);
  }

  /** Why {@code requests.csv} is incomplete, or null when every row was written. */
  public String csvFailure() {
    return csv == null ? null : csv.failure();
  }

  private RequestRow toRecord(String requestName, long startEpochMillis, RequestResult result) {
    LevelWindow[] windows = this.windows;
    int level = levelOf(windows, startEpochMillis);
    boolean inWindow = level >= 0 && windows[level].measures(startEpochMillis);
    Scratch work = scratch.get();
    long[] gaps = result.itlNanos();
    int gapCount = Math.min(gaps.length, Math.max(0, result.tokens().tokenEvents() - 1));
    long itlMean = -1;
    long itlP50 = -1;
    long itlMax = -1;
    if (gapCount > 0) {
      long[] sorted = work.gaps(gapCount);
      System.arraycopy(gaps, 0, sorted, 0, gapCount);
      Arrays.sort(sorted, 0, gapCount);
      long sum = 0;
      for (int i = 0; i < gapCount; i++) {
        sum += sorted[i];
      }
      // The gaps add up to last token - first token, which stays exact when a long stream's gaps
      // were capped.
      itlMean =
          gapCount == result.tokens().tokenEvents() - 1
              ? Micros.of(Math.round((double) sum / gapCount))
              : Micros.of(
                  Math.round(
                      (double) (result.timing().e2elNanos() - result.timing().ttftNanos())
                          / (result.tokens().tokenEvents() - 1)));
      itlP50 = Micros.of(sorted[(gapCount + 1) / 2 - 1]); // nearest rank, as the HDR percentiles
      itlMax = Micros.of(sorted[gapCount - 1]);
    }
    Verdict verdict = result.verdict();
    return new RequestRow(
        new RequestRow.Placement(
            startEpochMillis,
            level,
            inWindow,
            requestName,
            windowTokens(startEpochMillis, result, work.tokensByLevel),
            repeatOf(level, startEpochMillis),
            result.sessionTurn().sessionId(),
            result.sessionTurn().turn()),
        new RequestRow.Status(
            verdict.ok(),
            verdict.httpStatus(),
            verdict.message(),
            config.slos().isGood(result, level >= 0 && windows[level].isOpenModel()),
            result.requestId(),
            verdict.retryAfterSeconds(),
            result.schema()),
        RequestRow.Latencies.of(result.timing(), itlMean, itlP50, itlMax),
        result.tokens(),
        result.server());
  }

  /**
   * Output tokens by the measurement window they arrived in. The N output tokens are spread over
   * the token events as evenly as whole numbers allow (event i carries floor((i+1)N/E) -
   * floor(iN/E)), since a stream says how many tokens it produced in all, not in each event.
   */
  private long[] windowTokens(long startEpochMillis, RequestResult result, long[] tokensByLevel) {
    int events = result.tokens().tokenEvents();
    long tokens = result.tokens().outputTokens();
    if (!result.hasFirstToken() || events <= 0 || tokens <= 0) {
      return new long[0];
    }
    Arrays.fill(tokensByLevel, 0);
    LevelWindow[] windows = this.windows;
    TokenArrivals arrivals = new TokenArrivals(startEpochMillis, result);
    int level = -1;
    int levelsHit = 0;
    for (int i = 0; i < events; i++) {
      long arrivalMillis = Math.floorDiv(arrivals.next(), 1_000_000L);
      if (level < 0 || !windows[level].measures(arrivalMillis)) {
        level = measuringLevelOf(windows, arrivalMillis);
      }
      if (level >= 0) {
        long carried = tokensCarried(tokens, events, i);
        if (tokensByLevel[level] == 0 && carried > 0) {
          levelsHit++;
        }
        tokensByLevel[level] += carried;
      }
    }
    long[] pairs = new long[levelsHit * 2];
    int next = 0;
    for (int i = 0; i < tokensByLevel.length && next < pairs.length; i++) {
      if (tokensByLevel[i] > 0) {
        pairs[next++] = i;
        pairs[next++] = tokensByLevel[i];
      }
    }
    return pairs;
  }

  private static long tokensCarried(long tokens, int events, int event) {
    return tokens * (event + 1) / events - tokens * event / events;
  }

  /** Under the lock: the per-second buckets and the pooled ITL gaps. */
  private void addTimesAndGaps(RequestRow record, long startEpochMillis, RequestResult result) {
    PerSecondBuckets timeline = aggregate.timeline();
    long startMicros = startEpochMillis * 1000L;
    long endMicros = startMicros + Math.max(0, record.latency().durationMicros());
    timeline.addInFlight(startMicros, endMicros);
    if (result.ok() && record.tokens().inputs() > 0) {
      // An embeddings or rerank answer comes whole: its inputs count when it ended.
      timeline.addPooledInputs(Math.floorDiv(endMicros, 1000L), record.tokens().inputs());
    }
    if (!result.ok() || !result.hasFirstToken() || result.tokens().tokenEvents() <= 0) {
      return;
    }
    int events = result.tokens().tokenEvents();
    long tokens = Math.max(0, result.tokens().outputTokens());
    long[] gaps = result.itlNanos();
    int gapCount = Math.min(gaps.length, events - 1);
    TokenArrivals arrivals = new TokenArrivals(startEpochMillis, result);
    for (int i = 0; i < events; i++) {
      timeline.addTokens(
          Math.floorDiv(arrivals.next(), 1_000_000L), tokensCarried(tokens, events, i));
    }
    if (record.placement().inWindow()) {
      LevelAccumulator level = aggregate.level(record.placement().level());
      LevelAccumulator run =
          aggregate.repeatRun(record.placement().level(), record.placement().repeat());
      for (int i = 0; i < gapCount; i++) {
        long gap = gaps[i];
        // Token-normalised: an event carrying k > 1 tokens stands for k gaps; k is taken as N /
        // events, since a stream gives the total, not a count per event.
        long perToken =
            tokens == events || tokens <= 0 ? gap : Math.round((double) gap * events / tokens);
        level.addItlGap(Micros.of(gap), Micros.of(perToken));
        if (run != null) {
          run.addItlGap(Micros.of(gap), Micros.of(perToken));
        }
      }
    }
  }

  private static int levelOf(LevelWindow[] windows, long epochMillis) {
    for (int i = 0; i < windows.length; i++) {
      if (epochMillis >= windows[i].startMillis() && epochMillis < windows[i].endMillis()) {
        return i;
      }
    }
    return -1;
  }

  private static int measuringLevelOf(LevelWindow[] windows, long epochMillis) {
    for (int i = 0; i < windows.length; i++) {
      if (windows[i].measures(epochMillis)) {
        return i;
      }
    }
    return -1;
  }

  private static final class Scratch {
    final long[] tokensByLevel;
    private long[] gaps = new long[256];

    Scratch(int levels) {
      tokensByLevel = new long[levels];
    }

    long[] gaps(int length) {
      if (gaps.length < length) {
        gaps = new long[Math.max(length, gaps.length * 2)];
      }
      return gaps;
    }
  }
}
