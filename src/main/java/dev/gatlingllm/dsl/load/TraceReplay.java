package dev.gatlingllm.dsl.load;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.listFeeder;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.bounds.BoundedText;
import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.dsl.prompts.Datasets;
import dev.gatlingllm.dsl.prompts.PromptRecords;
import dev.gatlingllm.dsl.prompts.RandomPrompts;
import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.LevelWindow;
import dev.gatlingllm.values.Tokenizer;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Replays a recorded trace in an open model that keeps its arrival times. Three published layouts
 * are read, told apart by their first line (or named, {@link Options#format}):
 *
 * <ul>
 *   <li>Mooncake's, one JSON object a line, {@code {"timestamp": ms, "input_length": n,
 *       "output_length": m, "hash_ids": [...]}};
 *   <li>BurstGPT's CSV, {@code Timestamp,Model,Request tokens,Response tokens,Total tokens,Log
 *       Type}, timestamps in seconds from the trace's start;
 *   <li>Azure's LLM inference traces (2023 and 2024), CSV {@code
 *       TIMESTAMP,ContextTokens,GeneratedTokens}, timestamps dates such as {@code 2023-11-16
 *       18:15:46.6805900}.
 * </ul>
 *
 * <p>Request i is scheduled at the run's start + (timestamp_i - the first kept timestamp) / speed,
 * whatever the server does (a late send counts as send lateness, from that scheduled time); its
 * prompt is exactly its input length in tokens and it asks for its output length.
 *
 * <p>Shared prefixes (Mooncake only): in the trace, each hash id names a block of {@code
 * blockTokens} (512 in Mooncake) prompt tokens, and requests with the same leading ids share those
 * blocks. Each id gets one block of random words of that many tokens, so requests sharing ids send
 * the same leading text and a server's prefix cache sees them as the trace recorded; the rest of
 * each prompt is its own. Immutable.
 */
public final class TraceReplay {
  /** Mooncake's block size. */
  public static final int DEFAULT_BLOCK_TOKENS = 512;

  /**
   * One recorded request.
   *
   * @param timestampNanos when it arrived, in nanoseconds on the trace's own clock (its origin does
   *     not matter: only the gaps are replayed)
   * @param inputTokens its prompt's length
   * @param outputTokens its answer's length; 0 only for a row kept from a failed request before
   *     {@link TraceReplay#read} decides on it
   * @param hashIds Mooncake's shared blocks, empty for the other layouts
   */
  public record Entry(long timestampNanos, int inputTokens, int outputTokens, List<Long> hashIds) {
    /** The timestamp in whole milliseconds. */
    public long timestampMillis() {
      return Math.floorDiv(timestampNanos, 1_000_000L);
    }
  }

  /**
   * How a trace is read: its layout, the part of it replayed and at what pace. Immutable: each
   * method returns a new instance.
   */
  public static final class Options {
    private static final Options DEFAULTS =
        new Options(null, 0, 1.0, 0, Double.POSITIVE_INFINITY, false);

    private final String format;
    private final int limit;
    private final double speed;
    private final double fromSeconds;
    private final double toSeconds;
    private final boolean keepZeroOutput;

    private Options(
        String format,
        int limit,
        double speed,
        double fromSeconds,
        double toSeconds,
        boolean keepZeroOutput) {
      this.format = format;
      this.limit = limit;
      this.speed = speed;
      this.fromSeconds = fromSeconds;
      this.toSeconds = toSeconds;
      this.keepZeroOutput = keepZeroOutput;
    }

    /** The whole trace at its recorded pace, its layout found from its first line. */
    public static Options defaults() {
      return DEFAULTS;
    }

    /**
     * @param id {@code mooncake}, {@code burstgpt} or {@code azure}; null to find it from the
     *     trace's first line
     */
    public Options format(String id) {
      String known = id == null ? null : TraceFormats.byId(id).id();
      return new Options(known, limit, speed, fromSeconds, toSeconds, keepZeroOutput);
    }

    /**
     * @param requests the first this many requests (by time, within the window), or 0 for all
     */
    public Options limit(int requests) {
      if (requests < 0) {
        throw new IllegalArgumentException("the limit must be >= 0, was " + requests);
      }
      return new Options(format, requests, speed, fromSeconds, toSeconds, keepZeroOutput);
    }

    /**
     * @param pace 1 for the recorded pace, 2 for twice as fast
     */
    public Options speed(double pace) {
      if (!(pace > 0) || Double.isInfinite(pace)) {
        throw new IllegalArgumentException("the replay speed must be positive, was " + pace);
      }
      return new Options(format, limit, pace, fromSeconds, toSeconds, keepZeroOutput);
    }

    /**
     * The part of the trace replayed: the requests from {@code from} (included) to {@code to}
     * (excluded) seconds after the trace's first request, in the trace's own time (before the
     * speed). The replay starts with the first request kept.
     *
     * @param from seconds, >= 0
     * @param to seconds, > from; {@link Double#POSITIVE_INFINITY} for the trace's end
     */
    public Options window(double from, double to) {
      if (!(from >= 0) || Double.isInfinite(from) || !(to > from)) {
        throw new IllegalArgumentException(
            "the time window must have 0 <= from < to, was from " + from + " to " + to);
      }
      return new Options(format, limit, speed, from, to, keepZeroOutput);
    }

    /**
     * Whether rows with no output (BurstGPT's failed requests, {@code Response tokens} 0) are
     * replayed, asking for 1 token, rather than skipped: they did reach the server they were
     * recorded on, so keeping them keeps the recorded arrivals whole.
     */
    public Options keepZeroOutput(boolean keep) {
      return new Options(format, limit, speed, fromSeconds, toSeconds, keep);
    }
  }

  private final List<Entry> entries;
  private final double speed;
  private final String format;
  private final int skippedZeroOutput;

  private TraceReplay(List<Entry> entries, double speed, String format, int skippedZeroOutput) {
    this.entries = entries;
    this.speed = speed;
    this.format = format;
    this.skippedZeroOutput = skippedZeroOutput;
  }

  /**
   * Reads a trace, sorted by timestamp, its layout found from its first line.
   *
   * @param location a path, or else a classpath resource
   * @param limit the first this many requests (by time), or 0 for all
   * @param speed 1 for the recorded pace, 2 for twice as fast
   */
  public static TraceReplay read(String location, int limit, double speed) {
    try {
      return read(location, Options.defaults().limit(limit).speed(speed));
    } catch (IllegalArgumentException e) {
      throw UserError.of(e);
    }
  }

  /**
   * Reads a trace, sorted by timestamp, as the options say.
   *
   * @param location a path, or else a classpath resource
   * @param options its layout, part and pace
   */
  public static TraceReplay read(String location, Options options) {
    try {
      return readTrace(location, options);
    } catch (IllegalArgumentException e) {
      throw UserError.of(e); // the message names the trace and its line
    }
  }

  private static TraceReplay readTrace(String location, Options options) {
    String where = Redactor.credentialsIn(location);
    List<Entry> entries = new ArrayList<>();
    TraceFormat format = null;
    try (InputStream in = Datasets.open(location, "trace");
        BoundedText.Lines lines = BoundedText.lines(in, where)) {
      TraceFormat.Rows rows = null;
      for (String line = lines.next(); line != null; line = lines.next()) {
        int number = lines.number();
        String text = number == 1 && line.startsWith("\uFEFF") ? line.substring(1) : line;
        if (text.isBlank() || text.strip().startsWith("//")) {
          continue;
        }
        try {
          if (rows == null) {
            format =
                options.format == null
                    ? TraceFormats.detect(text.strip())
                    : TraceFormats.byId(options.format);
            rows = format.rows(text.strip());
            if (!rows.firstLineIsRow()) {
              continue;
            }
          }
          entries.add(rows.entry(text));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(where + " line " + number + ": " + e.getMessage());
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read trace '" + where + "': " + Redactor.credentialsIn(e.getMessage()));
    }
    if (entries.isEmpty()) {
      throw new IllegalArgumentException(where + " holds no request");
    }
    entries.sort(Comparator.comparingLong(Entry::timestampNanos));
    long first = entries.get(0).timestampNanos();
    List<Entry> kept = new ArrayList<>();
    int skipped = 0;
    for (Entry entry : entries) {
      double seconds = (entry.timestampNanos() - first) / 1e9;
      if (seconds < options.fromSeconds || seconds >= options.toSeconds) {
        continue;
      }
      if (entry.outputTokens() == 0) {
        if (!options.keepZeroOutput) {
          skipped++;
          continue;
        }
        // The least a server is asked for: the request still arrives when it was recorded.
        entry = new Entry(entry.timestampNanos(), entry.inputTokens(), 1, entry.hashIds());
      }
      if (options.limit > 0 && kept.size() == options.limit) {
        break;
      }
      kept.add(entry);
    }
    if (kept.isEmpty()) {
      throw new IllegalArgumentException(
          where
              + " holds no request to replay in the window from "
              + options.fromSeconds
              + " s to "
              + options.toSeconds
              + " s"
              + (skipped > 0 ? " (" + skipped + " with no output skipped)" : ""));
    }
    refuseAnEndlessReplay(where, kept, options.speed);
    return new TraceReplay(List.copyOf(kept), options.speed, format.id(), skipped);
  }

  /**
   * The longest replay, in the run's time: a week. Past it the timestamps are in another unit than
   * their format's, or the trace's first request is years from the others (a clock's zero).
   */
  static final double MAX_REPLAY_SECONDS = 7 * 24 * 3600;

  private static void refuseAnEndlessReplay(String where, List<Entry> kept, double speed) {
    double seconds =
        (kept.get(kept.size() - 1).timestampNanos() - kept.get(0).timestampNanos()) / 1e9 / speed;
    if (seconds > MAX_REPLAY_SECONDS) {
      throw new IllegalArgumentException(
          String.format(
              java.util.Locale.ROOT,
              "%s: its %d requests would be replayed over %.0f s (%.1f days), more than the"
                  + " longest replay, a week (%.0f s): are its timestamps in its format's unit?"
                  + " llm.trace.fromSeconds and llm.trace.toSeconds cut a part of it,"
                  + " llm.trace.speed replays it faster",
              where,
              kept.size(),
              seconds,
              seconds / 86400,
              MAX_REPLAY_SECONDS));
    }
  }

  /** The pace: 1 as recorded, 2 twice as fast. */
  public double speed() {
    return speed;
  }

  /** The trace's layout: {@code mooncake}, {@code burstgpt} or {@code azure}. */
  public String format() {
    return format;
  }

  /**
   * The rows with no output (BurstGPT's failed requests) left out of the replay, within its window;
   * 0 when {@link Options#keepZeroOutput} kept them.
   */
  public int skippedZeroOutput() {
    return skippedZeroOutput;
  }

  public List<Entry> entries() {
    return entries;
  }

  /** The replay's length at its speed: the last arrival's scheduled offset. */
  public Duration span() {
    return Duration.ofNanos(offsetNanos(entries.get(entries.size() - 1)));
  }

  /**
   * The mean arrival rate at the replay's speed, requests per second (the level's offered rate).
   */
  public double meanRate() {
    double seconds = span().toNanos() / 1e9;
    return seconds > 0 ? (entries.size() - 1) / seconds : entries.size();
  }

  /**
   * The feeder records, in arrival order: each with its exact prompt, its output limit ({@link
   * PromptRecords#MAX_TOKENS}) and its scheduled offset; built now, before the load.
   *
   * @param tokenizer the tokenizer the prompts are exact for
   * @param blockTokens the tokens of one hash id's block
   * @param seed the random words' seed
   */
  public List<Map<String, Object>> records(Tokenizer tokenizer, int blockTokens, long seed) {
    if (blockTokens < 1) {
      throw new IllegalArgumentException("block tokens must be >= 1, was " + blockTokens);
    }
    int longest = entries.stream().mapToInt(Entry::inputTokens).max().orElse(1);
    RandomPrompts words = new RandomPrompts(tokenizer, Math.max(longest, blockTokens), 0, 0, seed);
    Map<Long, String> blocks = new HashMap<>();
    List<Map<String, Object>> records = new ArrayList<>(entries.size());
    for (Entry entry : entries) {
      String shared = sharedBlocks(entry, blocks, words, tokenizer, blockTokens);
      RandomPrompts.Prompt prompt = words.startingWith(shared, entry.inputTokens());
      records.add(
          Map.of(
              PromptRecords.PROMPT,
              prompt.text(),
              PromptRecords.MESSAGES,
              List.of(ChatMessage.user(prompt.text())),
              PromptRecords.INPUT_TOKENS,
              prompt.tokens(),
              PromptRecords.MAX_TOKENS,
              entry.outputTokens(),
              OFFSET_NANOS,
              offsetNanos(entry)));
    }
    return List.copyOf(records);
  }

  /** The feeder key of a record's scheduled offset from the replay's start, in nanoseconds. */
  public static final String OFFSET_NANOS = "traceOffsetNanos";

  /** The blocks of the entry's hash ids that fit below its length, joined; "" for none. */
  private static String sharedBlocks(
      Entry entry,
      Map<Long, String> blocks,
      RandomPrompts words,
      Tokenizer tokenizer,
      int blockTokens) {
    StringBuilder text = new StringBuilder();
    for (long id : entry.hashIds()) {
      String block = blocks.computeIfAbsent(id, k -> words.startingWith("", blockTokens).text());
      String longer = text.length() == 0 ? block : text + "\n" + block;
      // Room must stay for the prompt's own part after the shared blocks.
      if (tokenizer.count(longer) >= entry.inputTokens()) {
        break;
      }
      text.setLength(0);
      text.append(longer);
    }
    return text.toString();
  }

  private long offsetNanos(Entry entry) {
    long first = entries.get(0).timestampNanos();
    return Math.round((entry.timestampNanos() - first) / speed);
  }

  /**
   * The population: one user per recorded request, all started together, each waiting (a Gatling
   * pause, no thread held) until its scheduled time, then marking it as the request's scheduled
   * start and sending.
   *
   * <p>A JIT warm-up, when given, runs first with records of its own (the trace's, again), so that
   * the first recorded arrivals are not sent late by a client still compiling its own code.
   *
   * @param name the scenario name
   * @param records {@link #records}, in order
   * @param oneRequest the request, reading the fed record
   * @param warmup the JIT warm-up, or null for none
   */
  public PopulationBuilder build(
      String name, List<Map<String, Object>> records, ChainBuilder oneRequest, JitWarmup warmup) {
    AtomicLong startNanos = new AtomicLong();
    ChainBuilder arrive =
        feed(listFeeder(records).queue())
            .exec(
                session -> {
                  startNanos.compareAndSet(0, System.nanoTime());
                  long scheduled = startNanos.get() + session.getLong(OFFSET_NANOS);
                  return session.set(SessionKeys.SCHEDULED_NANOS, scheduled);
                })
            .exec(
                pause(
                    session ->
                        Duration.ofNanos(
                            Math.max(
                                0,
                                session.getLong(SessionKeys.SCHEDULED_NANOS) - System.nanoTime()))))
            .exec(LlmDsl.startLevel(0, records.size()));
    PopulationBuilder replay =
        scenario(name).exec(arrive, exec(oneRequest)).injectOpen(atOnceUsers(records.size()));
    if (warmup == null) {
      return replay;
    }
    ChainBuilder warmupRequest = feed(listFeeder(records).circular()).exec(oneRequest);
    return LevelChain.sequential(
        List.of(warmup.population(name, warmupRequest, Duration.ZERO), replay));
  }

  /**
   * The JIT warm-up's streams when the user names none: the trace's mean arrival rate, rounded up.
   */
  public int warmupStreams() {
    return (int) Math.max(1, Math.ceil(meanRate()));
  }

  /** The one level the LLM report expects: the trace's mean arrival rate. */
  public List<LevelWindow> plannedLevels() {
    return List.of(LevelWindow.pending(0, 0, meanRate()));
  }
}
