package dev.gatlingllm.simulator;

import dev.gatlingllm.bounds.Bound;
import dev.gatlingllm.logging.UserError;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Runs a closed-model concurrency sweep against {@link ContinuousBatchingEngine} on a virtual
 * clock, with no sockets and no sleeping: the shape the simulator's defaults produce, in
 * milliseconds of simulated time.
 *
 * <p>Each of the {@code streams} clients sends a request, waits for its last token and sends the
 * next one at once; clients start evenly spread over the first {@code rampSeconds}. Figures follow
 * the project's metrics definitions: TTFT from send to first token (the request overhead included),
 * per-stream speed = (N - 1) / (last - first token), output throughput = tokens produced in the
 * window / window, ITL = the gap between two tokens of a stream (those ending in the window).
 * Requests are attributed to the window by their send time.
 *
 * <p>Prompts are all different unless {@link #withSharedPrefix(int)} makes them start with the same
 * tokens (a system prompt, a shared document); the prefix cache, when the model has it on, sees
 * their block keys.
 */
public final class CapacitySweep {

  /**
   * The figures of one concurrency level.
   *
   * @param perStreamTokensPerSecond the mean output speed of the requests measured
   * @param tpotP50Millis the median time per output token after the first, of the requests with
   *     more than one, -1 when none had
   */
  public record Level(
      int streams,
      double perStreamTokensPerSecond,
      double outputTokensPerSecond,
      double ttftP50Millis,
      double ttftP99Millis,
      int completedRequests,
      double itlP50Millis,
      double itlP99Millis,
      long preemptions,
      long prefixCacheQueryTokens,
      long prefixCacheHitTokens,
      double tpotP50Millis) {

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "| %d | %.1f | %.0f | %.0f | %.0f |",
          streams,
          perStreamTokensPerSecond,
          outputTokensPerSecond,
          ttftP50Millis,
          ttftP99Millis);
    }
  }

  private final CapacityModel model;
  private final int promptTokens;
  private final int outputTokens;
  private final double rampSeconds;
  private final double warmupSeconds;
  private final double windowSeconds;
  private final int sharedPrefixTokens;

  /** The requests' lengths in the order they are sent, cycled; empty: all of the fixed lengths. */
  private final List<RequestShape> shapes;

  public CapacitySweep(
      CapacityModel model,
      int promptTokens,
      int outputTokens,
      double rampSeconds,
      double warmupSeconds,
      double windowSeconds) {
    this.model = model;
    this.promptTokens = promptTokens;
    this.outputTokens = outputTokens;
    this.rampSeconds = rampSeconds;
    this.warmupSeconds = warmupSeconds;
    this.windowSeconds = windowSeconds;
    this.sharedPrefixTokens = 0;
    this.shapes = List.of();
  }

  private CapacitySweep(
      CapacitySweep base, CapacityModel model, int sharedPrefixTokens, List<RequestShape> shapes) {
    this.model = model;
    this.promptTokens = base.promptTokens;
    this.outputTokens = base.outputTokens;
    this.rampSeconds = base.rampSeconds;
    this.warmupSeconds = base.warmupSeconds;
    this.windowSeconds = base.windowSeconds;
    this.sharedPrefixTokens = sharedPrefixTokens;
    this.shapes = shapes;
  }

  /** The same sweep, every prompt starting with the same {@code tokens} (the rest unique). */
  public CapacitySweep withSharedPrefix(int tokens) {
    if (tokens < 0 || tokens > promptTokens)
      throw new IllegalArgumentException("shared prefix must be within the prompt: " + tokens);
    return new CapacitySweep(this, model, tokens, shapes);
  }

  /** The same workload against another model (another scheduler, say). */
  public CapacitySweep withModel(CapacityModel other) {
    return new CapacitySweep(this, other, sharedPrefixTokens, shapes);
  }

  /**
   * The same sweep, its requests of these lengths in turn (the n-th request sent, across streams,
   * of the n-th shape, cycled; ties in the order the engine takes them): a measured level's
   * requests replayed in the order they were sent, when their lengths varied (a range ratio, a
   * dataset). Their prompts all carry the shared prefix, cut to the prompt's length.
   */
  public CapacitySweep withShapes(List<RequestShape> requestShapes) {
    return new CapacitySweep(this, model, sharedPrefixTokens, List.copyOf(requestShapes));
  }

  /**
   * The reference workload of docs/simulator.md: 256-token prompts, 128 output tokens, ignore_eos.
   */
  public static CapacitySweep reference(CapacityModel model) {
    return new CapacitySweep(model, 256, 128, 2.0, 10.0, 60.0);
  }

  public List<Level> run(int... streamCounts) {
    List<Level> levels = new ArrayList<>();
    for (int streams : streamCounts) {
      levels.add(runLevel(streams));
    }
    return levels;
  }

  private static final class Tracked {
    /** Made as it reaches the engine: the n-th request to arrive is the n-th of the workload. */
    EngineRequest request;

    final long sentNanos;

    /** Which of its stream's requests this is, from 1. */
    final int ordinal;

    long firstTokenNanos = -1;
    long lastTokenNanos = -1;

    Tracked(long sentNanos, int ordinal) {
      this.sentNanos = sentNanos;
      this.ordinal = ordinal;
    }
  }

  private record Arrival(long readyNanos, Tracked tracked) {}

  /** A new request of this workload: its prompt's block keys only when the model caches them. */
  private EngineRequest newRequest(int sequence) {
    int prompt = promptTokens;
    int output = outputTokens;
    if (!shapes.isEmpty()) {
      RequestShape shape = shapes.get(sequence % shapes.size());
      prompt = shape.promptTokens();
      output = shape.outputTokens();
    }
    long[] blocks = null;
    if (model.scheduling().prefixCache()) {
      int[] ids = new int[prompt];
      for (int i = 0; i < prompt; i++) {
        ids[i] = i < sharedPrefixTokens ? i : -1 - sequence; // the tail is this request's own
      }
      blocks = PromptBlocks.hashes(ids, model.scheduling().blockTokens());
    }
    return new EngineRequest(prompt, output, output, blocks);
  }

  /**
   * A level in steady state: the streams start over the ramp and loop until the window ends; the
   * figures are of the requests sent in the window, after the warm-up.
   */
  public Level runLevel(int streams) {
    long windowStart = seconds(warmupSeconds);
    return run(streams, 0, windowStart, windowStart + seconds(windowSeconds));
  }

  /**
   * A level as a sweep in request mode runs it ({@code ConcurrencySteps.requestsPerLevel}): the
   * streams start over the ramp, user {@code i} at {@code ramp * i / streams} as Gatling's {@code
   * rampUsers} starts them, each sends {@code requestsPerStream} requests one after the other, and
   * the figures are of every request, over the level's busy span (its first send to its last
   * token). Its start, where fewer streams run, and its end, where the last ones drain, are in the
   * figures as they are in the measured level's: a short level is mostly those.
   */
  public Level runRequests(int streams, int requestsPerStream) {
    if (requestsPerStream < 1)
      throw new IllegalArgumentException("requestsPerStream must be >= 1: " + requestsPerStream);
    return run(streams, requestsPerStream, 0, Long.MAX_VALUE);
  }

  /**
   * Runs {@code streams} closed-loop users; each sends {@code requestsPerStream} requests (0: until
   * the window ends). Requests sent in [{@code windowStart}, {@code windowEnd}) are measured; the
   * output rate is over the window, or over the busy span when the window is open.
   */
  private Level run(int streams, int requestsPerStream, long windowStart, long windowEnd) {
    ContinuousBatchingEngine engine = new ContinuousBatchingEngine(model);
    PriorityQueue<Arrival> arrivals =
        new PriorityQueue<>((a, b) -> Long.compare(a.readyNanos, b.readyNanos));
    Map<EngineRequest, Tracked> inFlight = new IdentityHashMap<>();
    long overhead = model.requestOverheadNanos();

    for (int i = 0; i < streams; i++) {
      long sent = seconds(rampSeconds) * i / streams;
      Tracked t = new Tracked(sent, 1);
      arrivals.add(new Arrival(sent + overhead, t));
    }

    int sequence = 0;
    Samples ttfts = new Samples();
    Samples itlGaps = new Samples();
    Samples tpots = new Samples();
    double speedSum = 0;
    int speeds = 0;
    long windowTokens = 0;
    long lastToken = 0;
    long now = firstPassAfterIdle(arrivals, windowEnd); // the engine starts idle
    List<Tracked> finished = new ArrayList<>();

    while (now < windowEnd) {
      while (!arrivals.isEmpty() && arrivals.peek().readyNanos <= now) {
        Tracked t = arrivals.poll().tracked;
        t.request = newRequest(sequence++);
        inFlight.put(t.request, t);
        engine.submit(t.request);
      }
      long end = engine.beginIteration(now);
      if (end < 0) {
        now = firstPassAfterIdle(arrivals, windowEnd);
        continue;
      }
      finished.clear();
      final long iterationEnd = end;
      engine.completeIteration(
          end,
          (request, time, last) -> {
            Tracked t = inFlight.get(request);
            if (t.firstTokenNanos < 0) {
              t.firstTokenNanos = time;
            } else if (time >= windowStart && time < windowEnd) {
              itlGaps.add((time - t.lastTokenNanos) / 1e6);
            }
            t.lastTokenNanos = time;
            if (last) finished.add(t);
          });
      if (end >= windowStart && end < windowEnd) {
        windowTokens += engine.activeCount() + finished.size();
        lastToken = end;
      }
      for (Tracked t : finished) {
        inFlight.remove(t.request);
        if (t.sentNanos >= windowStart && t.sentNanos < windowEnd) {
          ttfts.add((t.firstTokenNanos - t.sentNanos) / 1e6);
          int output = t.request.tokensToGenerate();
          if (output > 1) {
            double decodeNanos = iterationEnd - t.firstTokenNanos;
            speedSum += (output - 1) / (decodeNanos / 1e9);
            speeds++;
            tpots.add(decodeNanos / 1e6 / (output - 1));
          }
        }
        if (requestsPerStream == 0 || t.ordinal < requestsPerStream) {
          Tracked next = new Tracked(iterationEnd, t.ordinal + 1);
          arrivals.add(new Arrival(iterationEnd + overhead, next));
        }
      }
      now = end;
    }
    int completed = ttfts.count;
    double spanSeconds =
        windowEnd == Long.MAX_VALUE ? (lastToken - windowStart) / 1e9 : windowSeconds;
    return new Level(
        streams,
        speeds == 0 ? 0 : speedSum / speeds,
        spanSeconds <= 0 ? 0 : windowTokens / spanSeconds,
        ttfts.percentile(0.50),
        ttfts.percentile(0.99),
        completed,
        itlGaps.percentile(0.50),
        itlGaps.percentile(0.99),
        engine.preemptions(),
        engine.prefixCacheQueryTokens(),
        engine.prefixCacheHitTokens(),
        tpots.count == 0 ? -1 : tpots.percentile(0.50));
  }

  /**
   * When an idle engine runs its next pass: {@code idleStart} after the next request reaches it
   * (those arriving meanwhile join); {@code otherwise} when none will.
   */
  private long firstPassAfterIdle(PriorityQueue<Arrival> arrivals, long otherwise) {
    return arrivals.isEmpty() ? otherwise : arrivals.peek().readyNanos + model.idleStartNanos();
  }

  /** A growing array of values, sorted once for its percentiles. */
  private static final class Samples {
    private double[] values = new double[256];
    private int count;
    private boolean sorted;

    void add(double value) {
      if (count == values.length) values = Arrays.copyOf(values, count * 2);
      values[count++] = value;
      sorted = false;
    }

    double percentile(double p) {
      if (!sorted) Arrays.sort(values, 0, count);
      sorted = true;
      return CapacitySweep.percentile(values, count, p);
    }
  }

  private static double percentile(double[] sorted, int count, double p) {
    if (count == 0) return Double.NaN;
    int index = (int) Math.ceil(p * count) - 1;
    return sorted[Math.max(0, Math.min(count - 1, index))];
  }

  private static long seconds(double s) {
    return Math.round(s * 1e9);
  }

  /**
   * A prompt longer than any context a sweep models; beyond it the virtual clock runs for hours.
   */
  static final Bound PROMPT_TOKENS = Bound.whole(1, 1_000_000, "tokens");

  /** The tokens of the prompt all streams share: none up to the whole prompt's bound. */
  static final Bound SHARED_PREFIX_TOKENS = Bound.whole(0, 1_000_000, "tokens");

  /** The concurrency of a level: as many streams as the simulator's slots can hold. */
  static final Bound STREAMS = Bound.whole(1, 100_000, "streams");

  /** The most levels a sweep runs. */
  static final int MAX_LEVELS = 64;

  /**
   * The command line's {@code key=value} arguments, each number read within its bound.
   *
   * @param streams the levels' concurrencies
   */
  record Arguments(SchedulingPolicy policy, int prompt, int sharedPrefix, int[] streams) {
    /**
     * @param defaults the scheduling the arguments change
     * @throws UserError for an unknown argument or a number outside its bound, e.g. {@code
     *     CapacitySweep prompt must be a whole number in [1, 1000000] (tokens), was '2e9'}
     */
    static Arguments parse(String[] args, SchedulingPolicy defaults) {
      SchedulingPolicy policy = defaults;
      int prompt = 256;
      int shared = 0;
      int[] streams = {1, 4, 16, 32, 64, 128};
      for (String arg : args) {
        String[] kv = arg.split("=", 2);
        String value = kv.length > 1 ? kv[1] : "";
        String source = "CapacitySweep " + kv[0];
        switch (kv[0]) {
          case "scheduler" ->
              policy =
                  new SchedulingPolicy(
                      SchedulerKind.parse(value),
                      policy.maxBatchedTokens(),
                      policy.prefixCache(),
                      policy.blockTokens());
          case "prefixCache" -> policy = policy.withPrefixCache(Boolean.parseBoolean(value));
          case "prompt" -> prompt = PROMPT_TOKENS.readInt(source, value);
          case "sharedPrefix" -> shared = SHARED_PREFIX_TOKENS.readInt(source, value);
          case "streams" -> streams = levels(source, value);
          default ->
              throw new UserError(
                  "CapacitySweep: unknown argument '"
                      + arg
                      + "' (scheduler=, prefixCache=, prompt=, sharedPrefix=, streams=)");
        }
      }
      return new Arguments(policy, prompt, shared, streams);
    }

    private static int[] levels(String source, String value) {
      String[] each = value.split(",", MAX_LEVELS + 1);
      if (each.length > MAX_LEVELS) {
        throw new UserError(source + " must list at most " + MAX_LEVELS + " levels");
      }
      return Arrays.stream(each).mapToInt(level -> STREAMS.readInt(source, level)).toArray();
    }
  }

  /**
   * Prints a sweep as a markdown table: the default model and the reference workload, or what the
   * {@code key=value} arguments change: {@code scheduler=tgi|chunked}, {@code prefixCache=true},
   * {@code prompt=<tokens>}, {@code sharedPrefix=<tokens>}, {@code streams=1,4,16}.
   */
  public static void main(String[] args) {
    CapacityModel model = CapacityModel.DEFAULT;
    Arguments given;
    try {
      given = Arguments.parse(args, model.scheduling());
    } catch (IllegalArgumentException e) {
      System.err.println("gatling-llm: " + UserError.of(e).getMessage());
      System.exit(2);
      return;
    }
    SchedulingPolicy policy = given.policy();
    int prompt = given.prompt();
    int shared = given.sharedPrefix();
    int[] streams = given.streams();
    CapacitySweep sweep =
        new CapacitySweep(model.withScheduling(policy), prompt, 128, 2.0, 10.0, 60.0)
            .withSharedPrefix(shared);
    System.out.println(
        "| streams | per-stream tok/s | output tok/s | TTFT p50 ms | TTFT p99 ms | ITL p50 ms | ITL p99 ms"
            + " | preemptions |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    for (Level level : sweep.run(streams)) {
      System.out.println(
          level
              + String.format(
                  Locale.ROOT,
                  " %.1f | %.1f | %d |",
                  level.itlP50Millis(),
                  level.itlP99Millis(),
                  level.preemptions()));
    }
  }
}
