package dev.gatlingllm.dsl.load;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.during;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.metrics.aggregate.SaturationStop;
import dev.gatlingllm.values.LevelWindow;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;

/**
 * Closed-model concurrency steps (1, 4, 16, 32, 64, 128 streams by default): each level runs its
 * own virtual users, tagged with the level, and the next level starts when the previous one has
 * ended, so levels never overlap and every request and token belongs to exactly one level.
 * Immutable.
 *
 * <p>A level lasts either a number of requests (default 10 x concurrency, the usual choice for a
 * stable mean; each of the c users runs its share in a loop) or a duration (each of the c users
 * loops until the duration has passed, then finishes its request in flight). Optional warm-up
 * requests run first, outside every level.
 */
public final class ConcurrencySteps {
  public static final List<Integer> DEFAULT_LEVELS = List.of(1, 4, 16, 32, 64, 128);

  /** Requests a level runs per stream of its concurrency unless told otherwise. */
  public static final int DEFAULT_REQUESTS_PER_STREAM = 10;

  /**
   * The settings, copied whole by every fluent call ({@link #with}), so that an instance never
   * changes once built.
   */
  private static final class Settings implements Cloneable {
    List<Integer> levels;
    int requestsPerLevel;
    Duration levelDuration;
    int warmupRequests;
    Duration ramp = Duration.ZERO;
    JitWarmup jitWarmup;

    /** What the warm-ups send; null: the levels' own request. */
    ChainBuilder warmupRequest;

    /** Requests per stream of a level when {@code requestsPerLevel} is 0. */
    int requestsPerStream = DEFAULT_REQUESTS_PER_STREAM;

    long startAtEpochMillis = -1;

    /** Whether the sweep stops before a level once the levels before it are past saturation. */
    boolean saturationStop;

    /** How many times each level runs, one run after the other. */
    int repeats = 1;

    Settings copy() {
      try {
        return (Settings) clone();
      } catch (CloneNotSupportedException e) {
        throw new AssertionError(e);
      }
    }
  }

  private final Settings settings;

  private ConcurrencySteps(Settings settings) {
    this.settings = settings;
  }

  /** A new instance with {@code change} applied to a copy of these settings. */
  private ConcurrencySteps with(java.util.function.Consumer<Settings> change) {
    Settings next = settings.copy();
    change.accept(next);
    return new ConcurrencySteps(next);
  }

  public static ConcurrencySteps of(List<Integer> levels) {
    Objects.requireNonNull(levels, "levels");
    if (levels.isEmpty()) {
      throw new IllegalArgumentException("at least one concurrency level is needed");
    }
    for (int level : levels) {
      if (level < 1) {
        throw new IllegalArgumentException("concurrency levels must be >= 1, got " + levels);
      }
    }
    Settings settings = new Settings();
    settings.levels = List.copyOf(levels);
    return new ConcurrencySteps(settings);
  }

  public static ConcurrencySteps of(Integer... levels) {
    return of(Arrays.asList(levels));
  }

  /**
   * Each level without a number of requests of its own runs {@code requests} x its concurrency
   * (default 10): every stream sends that many requests one after the other.
   */
  public ConcurrencySteps requestsPerStream(int requests) {
    if (requests < 1) {
      throw new IllegalArgumentException("requests per stream must be >= 1, was " + requests);
    }
    return with(s -> s.requestsPerStream = requests);
  }

  /** Each level runs this many requests (0 = {@link #requestsPerStream} x its concurrency). */
  public ConcurrencySteps requestsPerLevel(int requests) {
    if (requests < 0) {
      throw new IllegalArgumentException("requests per level must be >= 0, was " + requests);
    }
    return with(
        s -> {
          s.requestsPerLevel = requests;
          s.levelDuration = null;
        });
  }

  /** Each level lasts this long instead of a number of requests. */
  public ConcurrencySteps levelDuration(Duration duration) {
    if (duration == null || duration.isZero() || duration.isNegative()) {
      throw new IllegalArgumentException("level duration must be positive, was " + duration);
    }
    return with(
        s -> {
          s.requestsPerLevel = 0;
          s.levelDuration = duration;
        });
  }

  /** Requests run one at a time before the first level, excluded from every figure. */
  public ConcurrencySteps warmupRequests(int requests) {
    if (requests < 0) {
      throw new IllegalArgumentException("warm-up requests must be >= 0, was " + requests);
    }
    return with(s -> s.warmupRequests = requests);
  }

  /**
   * The users of a level start spread over this time rather than in the same instant (requests
   * mode): streams that all start together with the same length move in lockstep through a batching
   * server, which real traffic does not do.
   */
  public ConcurrencySteps ramp(Duration ramp) {
    if (ramp == null || ramp.isNegative()) {
      throw new IllegalArgumentException("ramp must be a duration >= 0, was " + ramp);
    }
    return with(s -> s.ramp = ramp);
  }

  /**
   * Before everything else, {@code warmup.streams()} users send requests until the JVM has compiled
   * the request path ({@link JitWarmup}); left out of every figure. Without it, the first level of
   * a heavy run is measured by a client still interpreting its own code. Ramped like the levels.
   *
   * @param warmup the warm-up, or null for none
   */
  public ConcurrencySteps jitWarmup(JitWarmup warmup) {
    return with(s -> s.jitWarmup = warmup);
  }

  /**
   * The warm-ups (JIT and requests) send {@code request} instead of the levels' own: a workload
   * that draws from a finite list (a trace's sessions, say) then keeps all of it for the levels,
   * from its first item, while the warm-ups still run the same code path.
   *
   * @param request what one warm-up user sends each time
   * @return a new instance
   */
  public ConcurrencySteps warmupWith(ChainBuilder request) {
    Objects.requireNonNull(request, "request");
    return with(s -> s.warmupRequest = request);
  }

  /**
   * The first level starts at this instant and not before (after the warm-ups), so that the
   * injectors of a run shared by several JVMs start their levels together ({@link
   * dev.gatlingllm.dsl.ready.InjectorSettings}).
   *
   * @param epochMillis the instant, or -1 to start as soon as the warm-ups end
   */
  public ConcurrencySteps startAt(long epochMillis) {
    return with(s -> s.startAtEpochMillis = epochMillis);
  }

  /**
   * Stops the sweep before a level once the levels before it are past saturation: the level before
   * had no good request where a lower one had some, or each of the last two added less than {@value
   * SaturationStop#MIN_GAIN_PERCENT} % output tok/s while TTFT p99 grew (metrics.md, "Stopping past
   * saturation"). The console says where and why; the levels not run are in no figure. Off by
   * default here; the ready simulations turn it on ({@code llm.saturationStop}).
   *
   * @param on a constant
   * @return a new value
   */
  public ConcurrencySteps saturationStop(boolean on) {
    return with(s -> s.saturationStop = on);
  }

  /**
   * Runs each level {@code runs} times, one run after the other (the next starts when the last user
   * of the one before has ended), each run the level's requests or duration: the report then gives
   * each level figure as the mean of its runs with a 95 % interval, and a comparison against a
   * baseline with runs of its own judges the runs (metrics.md, "Repeats"). The level's own figures
   * are those of all its runs' requests together. A run's noise is what one run of a nightly job
   * has; more runs narrow the interval as 1/√runs. Default 1.
   *
   * @param runs at least 1, a constant
   * @return a new value
   */
  public ConcurrencySteps repeats(int runs) {
    if (runs < 1) {
      throw new IllegalArgumentException("a level runs at least once, was " + runs);
    }
    return with(s -> s.repeats = runs);
  }

  /** How many times each level runs. */
  public int repeats() {
    return settings.repeats;
  }

  public List<Integer> levels() {
    return settings.levels;
  }

  /**
   * Requests level {@code index} runs in request mode (rounded up to a multiple of its
   * concurrency).
   */
  public int requestsAt(int index) {
    return requestsFor(settings.levels.get(index));
  }

  /**
   * Requests a level of this concurrency runs in request mode (rounded up to a multiple of the
   * concurrency).
   */
  public int requestsFor(int concurrency) {
    return loopsFor(concurrency) * concurrency;
  }

  /**
   * How many requests each user of a level of this concurrency sends one after the other, in
   * request mode.
   */
  private int loopsFor(int concurrency) {
    int wanted =
        settings.requestsPerLevel > 0
            ? settings.requestsPerLevel
            : settings.requestsPerStream * concurrency;
    return loopsPerUser(concurrency, wanted);
  }

  public boolean byDuration() {
    return settings.levelDuration != null;
  }

  /**
   * The populations, chained with {@code andThen}: pass the result to {@code setUp(...)}.
   *
   * @param name scenario name prefix
   * @param oneRequest what one virtual user does for one request (feed + exec(chat(...)))
   */
  public PopulationBuilder build(String name, ChainBuilder oneRequest) {
    return build(name, oneRequest, null);
  }

  /**
   * The same, followed by {@code last} (e.g. {@code LlmDsl.llmChecks(...)}) once every level has
   * ended.
   *
   * @param last a population to run after the levels, or null
   */
  public PopulationBuilder build(String name, ChainBuilder oneRequest, PopulationBuilder last) {
    List<PopulationBuilder> chain = beforeLevels(name, oneRequest);
    List<String> levelNames = levelNames(name, settings.levels);
    for (int i = 0; i < settings.levels.size(); i++) {
      for (int run = 1; run <= settings.repeats; run++) {
        String levelName =
            settings.repeats == 1
                ? levelNames.get(i)
                : levelNames.get(i) + " run " + run + "/" + settings.repeats;
        chain.add(
            scenario(levelName)
                .exec(levelRun(i, run), oneRun(oneRequest, i))
                .injectOpen(
                    settings.ramp.isZero() || settings.levels.get(i) == 1
                        ? atOnceUsers(settings.levels.get(i))
                        : rampUsers(settings.levels.get(i)).during(settings.ramp)));
      }
    }
    if (last != null) {
      chain.add(last);
    }
    return LevelChain.sequential(chain);
  }

  /**
   * What a user of run {@code run} of level {@code index} does before its requests: opens the level
   * (and the run, when the level runs several times), after asking whether the sweep stopped before
   * the level.
   */
  private ChainBuilder levelRun(int index, int run) {
    long planned = byDuration() ? 0 : (long) requestsAt(index) * settings.repeats;
    ChainBuilder tagged =
        exec(
            settings.repeats > 1
                ? LlmDsl.startRepeat(index, run, planned)
                : byDuration() ? LlmDsl.startLevel(index) : LlmDsl.startLevel(index, planned));
    if (settings.saturationStop && index > 0) {
      // Asked before the level starts: a stopped level opens no window and sends nothing. Decided
      // once for the level, so that every run of it gets the same answer.
      return exec(LlmDsl.saturationCheck(index))
          .exitHereIf(session -> session.getBoolean(SessionKeys.SWEEP_STOPPED))
          .exec(tagged);
    }
    return tagged;
  }

  /** The requests of one user in one run of a level: a duration's loop or its share of requests. */
  private ChainBuilder oneRun(ChainBuilder oneRequest, int index) {
    // Each user loops on its own keep-alive connection, as a benchmark client's pool does;
    // replacing users after every request (constantConcurrentUsers) would open a connection per
    // request, a cost for both sides that the requests of a real client do not pay.
    return byDuration()
        ? during(settings.levelDuration).on(oneRequest)
        : repeat(requestsAt(index) / settings.levels.get(index)).on(oneRequest);
  }

  /**
   * Levels whose concurrency is chosen as each one starts, not when the simulation is built
   * (Gatling fixes its injection then): {@code levelCount} levels run one after the other, after
   * the same warm-ups as {@link #build}, each injecting {@code mostStreams} users at once. The
   * first user of a level asks {@code concurrencyOf} for its concurrency c, given the level's
   * 0-based position, once the level before has ended (0: the level does not run). The level's
   * first c users stay, and start spread over the ramp as {@code rampUsers(c)} would start them;
   * the others leave before sending anything. The level's window in the report opens with c
   * streams; a level that does not run opens none, so it is in no figure.
   *
   * <p>This instance's levels are not used: only its warm-ups, ramp, requests per stream or level,
   * duration and start. Build once per simulation: the users' positions in each level are counted
   * while it runs.
   *
   * @param concurrencyOf the concurrency of the level at a position, from 0 to {@code mostStreams}
   */
  public PopulationBuilder buildChosen(
      String name,
      int levelCount,
      int mostStreams,
      IntUnaryOperator concurrencyOf,
      ChainBuilder oneRequest,
      PopulationBuilder last) {
    if (levelCount < 1 || mostStreams < 1) {
      throw new IllegalArgumentException(
          "need at least one level of at least one stream, were "
              + levelCount
              + " levels of "
              + mostStreams);
    }
    ChosenLevels chosen = new ChosenLevels(levelCount, mostStreams, concurrencyOf);
    List<PopulationBuilder> chain = beforeLevels(name, oneRequest);
    for (int i = 0; i < levelCount; i++) {
      int index = i;
      ChainBuilder level =
          exec(session ->
                  session
                      .set(CHOSEN_STREAMS, chosen.concurrency(index))
                      .set(POSITION, chosen.arrival(index)))
              .exitHereIf(session -> session.getInt(POSITION) >= session.getInt(CHOSEN_STREAMS))
              .pause(session -> rampDelay(session.getInt(POSITION), session.getInt(CHOSEN_STREAMS)))
              .exec(LlmDsl.startLevel(index, session -> session.getInt(CHOSEN_STREAMS)))
              .exec(
                  byDuration()
                      ? during(settings.levelDuration).on(oneRequest)
                      : repeat(session -> loopsFor(session.getInt(CHOSEN_STREAMS))).on(oneRequest));
      chain.add(
          scenario(name + " level " + (i + 1)).exec(level).injectOpen(atOnceUsers(mostStreams)));
    }
    if (last != null) {
      chain.add(last);
    }
    return LevelChain.sequential(chain);
  }

  /**
   * When the user at {@code position} of {@code streams} starts: as {@code
   * rampUsers(streams).during(ramp)}.
   */
  private Duration rampDelay(int position, int streams) {
    return streams <= 1 ? Duration.ZERO : settings.ramp.multipliedBy(position).dividedBy(streams);
  }

  /**
   * The JIT warm-up, the warm-up requests and the shared start, as the levels need them, in order.
   */
  private List<PopulationBuilder> beforeLevels(String name, ChainBuilder levelRequest) {
    ChainBuilder oneRequest =
        settings.warmupRequest != null ? settings.warmupRequest : levelRequest;
    List<PopulationBuilder> chain = new ArrayList<>();
    if (settings.jitWarmup != null) {
      chain.add(settings.jitWarmup.population(name, oneRequest, settings.ramp));
    }
    if (settings.warmupRequests > 0) {
      chain.add(
          scenario(name + " warm-up")
              .exec(
                  session -> {
                    System.out.println(warmupRequestsLine(settings.warmupRequests));
                    return session;
                  })
              .exec(LlmDsl.startWarmup())
              .exec(repeat(settings.warmupRequests).on(oneRequest))
              .injectOpen(atOnceUsers(1)));
    }
    if (settings.startAtEpochMillis >= 0) {
      chain.add(SharedStart.population(name, settings.startAtEpochMillis));
    }
    return chain;
  }

  /**
   * The line said as the warm-up requests start: they reach the server like any other, so a user
   * paying per token learns of them as of the JIT warm-up's.
   */
  static String warmupRequestsLine(int requests) {
    return "gatling-llm: "
        + requests
        + (requests == 1 ? " warm-up request" : " warm-up requests")
        + ", one at a time before the first level (llm.warmupRequests), none of them in a figure;"
        + " -Dllm.warmupRequests=0 turns them off";
  }

  /** The levels as the LLM report should expect them: pass to {@code llm().levels(...)}. */
  public List<LevelWindow> plannedLevels() {
    List<LevelWindow> planned = new ArrayList<>();
    for (int i = 0; i < settings.levels.size(); i++) {
      planned.add(LevelWindow.pending(i, settings.levels.get(i), 0));
    }
    return List.copyOf(planned);
  }

  /**
   * The scenario name of each level, e.g. {@code sweep 4 streams}. Gatling requires scenario names
   * to be unique, and a level may be repeated (e.g. {@code 1000,1000} to see whether a server holds
   * up): the second occurrence of a concurrency is suffixed {@code (2)}, the third {@code (3)}, and
   * so on.
   */
  static List<String> levelNames(String name, List<Integer> levels) {
    Map<Integer, Integer> seen = new HashMap<>();
    List<String> names = new ArrayList<>(levels.size());
    for (int concurrency : levels) {
      int occurrence = seen.merge(concurrency, 1, Integer::sum);
      names.add(
          name
              + " "
              + concurrency
              + (concurrency == 1 ? " stream" : " streams")
              + (occurrence > 1 ? " (" + occurrence + ")" : ""));
    }
    return List.copyOf(names);
  }

  private static int loopsPerUser(int concurrency, int requests) {
    return Math.max(1, (requests + concurrency - 1) / concurrency);
  }

  /**
   * Session keys of a level chosen at run time: its concurrency, and the user's position among its
   * users.
   */
  private static final String CHOSEN_STREAMS = "gatling-llm.chosenStreams";

  private static final String POSITION = "gatling-llm.positionInLevel";

  /**
   * The run-time state of chosen levels: each one's concurrency, asked once, and its users counted
   * as they come.
   */
  private static final class ChosenLevels {
    private final int[] concurrency;
    private final AtomicInteger[] arrivals;
    private final int mostStreams;
    private final IntUnaryOperator concurrencyOf;

    ChosenLevels(int levelCount, int mostStreams, IntUnaryOperator concurrencyOf) {
      this.concurrency = new int[levelCount];
      Arrays.fill(concurrency, -1);
      this.arrivals = new AtomicInteger[levelCount];
      Arrays.setAll(arrivals, i -> new AtomicInteger());
      this.mostStreams = mostStreams;
      this.concurrencyOf = concurrencyOf;
    }

    /**
     * The level's concurrency, asked of {@code concurrencyOf} by its first user (a level's users
     * run at once).
     */
    synchronized int concurrency(int level) {
      if (concurrency[level] < 0) {
        int chosen = concurrencyOf.applyAsInt(level);
        if (chosen < 0 || chosen > mostStreams) {
          throw new IllegalStateException(
              "level " + level + ": " + chosen + " streams, not in [0, " + mostStreams + "]");
        }
        concurrency[level] = chosen;
      }
      return concurrency[level];
    }

    int arrival(int level) {
      return arrivals[level].getAndIncrement();
    }
  }
}
