package dev.gatlingllm.run;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntToDoubleFunction;
import java.util.function.LongSupplier;

/**
 * One console line per level while the run goes on, so that a long sweep shows it is alive: every
 * {@link #INTERVAL} while a level runs, and once when it ends. Each line says the level (its
 * position among the planned ones), how long it has run, how many requests ended in it and its
 * output tok/s: in a periodic line the live one, the output tokens of the requests that ended since
 * the last line over the time since; in the closing line the level's own figure, the one of the
 * report's tables (over its busy span, metrics.md "Progress lines"). Lines come from a thread of
 * their own; a finished request only adds to two counters, never waiting.
 */
final class ProgressLines implements AutoCloseable {
  static final Duration INTERVAL = Duration.ofSeconds(10);

  /** What the requests that ended in one level added up to. */
  private static final class Level {
    final int index;
    final String label;
    final long startMillis;

    /** The requests the level runs in all, or 0 when not known (a level that lasts a duration). */
    final long planned;

    final LongAdder ok = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder outputTokens = new LongAdder();

    /** The embeddings and rerank requests that ended: their rate is in requests, not tokens. */
    final LongAdder pooled = new LongAdder();

    /** The agent sessions whose first turn ended: the level plans sessions, not requests. */
    final LongAdder sessions = new LongAdder();

    /** What the last line had counted, and when: the next line's rate is over the time since. */
    long lineTokens;

    long linePooled;

    long lineMillis;

    Level(int index, String label, long startMillis, long planned) {
      this.index = index;
      this.label = label;
      this.startMillis = startMillis;
      this.planned = planned;
      this.lineMillis = startMillis;
    }
  }

  private final int plannedLevels;
  private final PrintStream console;
  private final LongSupplier nowMillis;
  private final IntToDoubleFunction endedThroughput;
  private final AtomicReference<Level> current = new AtomicReference<>();
  private ScheduledExecutorService ticker;

  /**
   * @param plannedLevels how many levels the load model plans (1 for a run without levels)
   * @param nowMillis the engine's clock
   * @param endedThroughput a level's output tok/s as the report has it, once the level ended (by
   *     its index; NaN when the report has no figure for it, and the line then rates the level's
   *     wall time, saying so)
   */
  ProgressLines(
      int plannedLevels,
      PrintStream console,
      LongSupplier nowMillis,
      IntToDoubleFunction endedThroughput) {
    this.plannedLevels = Math.max(1, plannedLevels);
    this.console = console;
    this.nowMillis = nowMillis;
    this.endedThroughput = endedThroughput;
  }

  /** Prints a line every {@code interval} from a daemon thread until {@link #close}. */
  ProgressLines start(Duration interval) {
    ticker =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "gatling-llm-progress");
              thread.setDaemon(true);
              return thread;
            });
    long millis = interval.toMillis();
    ticker.scheduleAtFixedRate(this::tick, millis, millis, TimeUnit.MILLISECONDS);
    return this;
  }

  /** Level {@code index} started, with no known number of requests. */
  synchronized void levelStarted(int index, String label) {
    levelStarted(index, label, 0);
  }

  /**
   * Level {@code index} started: the level before it ends here, with its line.
   *
   * @param planned the requests it runs in all, or 0 when not known
   */
  synchronized void levelStarted(int index, String label, long planned) {
    Level previous = current.get();
    if (previous != null && previous.index >= index) {
      return; // every virtual user of a level announces it; the first one counts
    }
    long now = nowMillis.getAsLong();
    current.set(new Level(index, label, now, planned));
    if (previous != null) {
      console.println(line(previous, now, true));
    }
  }

  /** A generation request outside any agent session ended. */
  void requestEnded(boolean ok, long outputTokens) {
    requestEnded(ok, outputTokens, false, 0);
  }

  /**
   * A request ended (on an event loop: a few additions, no lock).
   *
   * @param pooling an embeddings or rerank request (no output tokens)
   * @param turn its turn in an agent session, from 1; 0 outside one
   */
  void requestEnded(boolean ok, long outputTokens, boolean pooling, int turn) {
    Level level = current.get();
    if (level == null) {
      return; // before the first level (warm-up)
    }
    (ok ? level.ok : level.failed).increment();
    if (outputTokens > 0) {
      level.outputTokens.add(outputTokens);
    }
    if (pooling) {
      level.pooled.increment();
    }
    if (turn == 1) {
      level.sessions.increment();
    }
  }

  /** The periodic line of the running level. */
  synchronized void tick() {
    Level level = current.get();
    if (level != null) {
      console.println(line(level, nowMillis.getAsLong(), false));
    }
  }

  /** Stops the lines; the last level's closing line is printed. */
  @Override
  public synchronized void close() {
    if (ticker != null) {
      ticker.shutdownNow();
    }
    Level last = current.getAndSet(null);
    if (last != null) {
      console.println(line(last, nowMillis.getAsLong(), true));
    }
  }

  /**
   * The line of {@code level} at {@code now}; a closing line rates the whole level, a periodic one
   * its last span.
   */
  private String line(Level level, long now, boolean ended) {
    long tokens = level.outputTokens.sum();
    long pooled = level.pooled.sum();
    long fromMillis = ended ? level.startMillis : level.lineMillis;
    double seconds = (now - fromMillis) / 1000.0;
    long done = level.ok.sum() + level.failed.sum();
    String rates;
    if (pooled > 0 && pooled == done) {
      // Embeddings or rerank alone: what they deliver is requests, not output tokens.
      rates = rate(pooled - (ended ? 0 : level.linePooled), seconds) + " embed/rerank req/s";
      rates += ended ? " over its wall time" : " live";
    } else {
      rates = tokenRate(level, tokens, seconds, ended);
      if (pooled > 0) {
        rates +=
            ", " + rate(pooled - (ended ? 0 : level.linePooled), seconds) + " embed/rerank req/s";
      }
    }
    level.lineTokens = tokens;
    level.linePooled = pooled;
    level.lineMillis = now;
    long failed = level.failed.sum();
    long sessions = level.sessions.sum();
    // An agent level plans sessions: each planned "request" of its load model is a whole session.
    String progress =
        sessions > 0
            ? String.format(
                Locale.ROOT,
                "sessions started: %d%s, requests done: %d%s",
                sessions,
                level.planned > 0 ? "/" + level.planned : "",
                done,
                failed > 0 ? " (" + failed + " failed)" : "")
            : String.format(
                Locale.ROOT,
                "requests done: %d%s%s",
                done,
                level.planned > 0 ? "/" + level.planned : "",
                failed > 0 ? " (" + failed + " failed)" : "");
    return String.format(
        Locale.ROOT,
        "gatling-llm: level %d/%d (%s) %s %.0f s, %s, %s",
        level.index + 1,
        plannedLevels,
        level.label,
        ended ? "ended after" : "running for",
        (now - level.startMillis) / 1000.0,
        progress,
        rates);
  }

  /**
   * The output tok/s of a line: a closing line's is the report's figure for the level when it has
   * one, else the level's tokens over its wall time; a periodic line's is over the time since the
   * line before.
   */
  private String tokenRate(Level level, long tokens, double seconds, boolean ended) {
    if (ended) {
      double reported = endedThroughput.applyAsDouble(level.index);
      if (!Double.isNaN(reported)) {
        return String.format(Locale.ROOT, "%.1f output tok/s", reported);
      }
      return rate(tokens, seconds) + " output tok/s over its wall time";
    }
    return rate(tokens - level.lineTokens, seconds) + " output tok/s live";
  }

  private static String rate(long count, double seconds) {
    return seconds > 0 ? String.format(Locale.ROOT, "%.1f", count / seconds) : "n/a";
  }
}
