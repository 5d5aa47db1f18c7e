package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.dsl.load.JitWarmup;
import dev.gatlingllm.dsl.prompts.SharedPrefix;
import dev.gatlingllm.logging.UserError;
import java.time.Duration;
import java.util.List;

/**
 * The workload properties of the ready simulations, read and checked at once so that a bad value
 * stops the run with a clear message before any load is sent. Each simulation takes the defaults it
 * documents. The settings come in named parts: the closed model's levels, the open model's rates,
 * the prompts' shape, the conversation and the warm-up.
 *
 * @param closed the concurrency steps and how long each lasts
 * @param open the arrival rates of an open model
 * @param prompts what each request asks: lengths, shared prefixes, tokenizer, seed, dataset
 * @param conversation the turns of a multi-turn chat
 * @param warmup what is sent before the first level, in no figure
 * @param injector this JVM's part of a run shared by several injectors ({@link InjectorSettings});
 *     levels, requests per level, rates, the open-model cap and seed are already this injector's
 *     share
 */
public record WorkloadSettings(
    ClosedLoad closed,
    OpenLoad open,
    PromptShape prompts,
    Conversation conversation,
    Warmup warmup,
    InjectorSettings injector) {

  /**
   * The closed model: streams at each level.
   *
   * @param levels {@code llm.levels}: concurrency steps
   * @param requestsPerLevel {@code llm.requestsPerLevel}: 0 = {@code requestsPerStream} x
   *     concurrency
   * @param levelDuration {@code llm.levelDuration} (seconds): when set, levels last this long
   *     instead
   * @param requestsPerStream {@code llm.requestsPerStream}: requests per stream of a level without
   *     {@code llm.requestsPerLevel} (the simulation's default, else 10)
   * @param ramp {@code llm.rampSeconds}: users of a level start spread over this time (default 1 s)
   * @param saturationStop {@code llm.saturationStop}: the sweep stops before a level once the
   *     levels before it are past saturation (default true; {@link
   *     ConcurrencySteps#saturationStop})
   * @param repeats {@code llm.repeats}: how many times each level runs, one run after the other
   *     (default 1; {@link ConcurrencySteps#repeats})
   */
  public record ClosedLoad(
      List<Integer> levels,
      int requestsPerLevel,
      Duration levelDuration,
      int requestsPerStream,
      Duration ramp,
      boolean saturationStop,
      int repeats) {
    public ClosedLoad {
      levels = List.copyOf(levels);
    }
  }

  /**
   * The open model: requests arriving at a rate.
   *
   * @param rates {@code llm.rates}: request rates per second
   * @param poisson {@code llm.poisson}: Poisson arrivals
   * @param maxConcurrency {@code llm.maxConcurrency}: cap on requests in flight (0 = none)
   */
  public record OpenLoad(List<Double> rates, boolean poisson, int maxConcurrency) {
    public OpenLoad {
      rates = List.copyOf(rates);
    }
  }

  /**
   * The prompts' shape.
   *
   * @param inputTokens {@code llm.inputTokens}: prompt length in tokens
   * @param outputTokens {@code llm.outputTokens}: max_tokens, with ignore_eos
   * @param rangeRatio {@code llm.rangeRatio}: lengths uniform in [N(1-r), N(1+r)]
   * @param outputRangeRatio {@code llm.outputRangeRatio}: each request's output length (its
   *     max_tokens) uniform in [M(1-r), M(1+r)] for M {@code outputTokens}; 0, the default: every
   *     request asks for M
   * @param prefix {@code llm.prefixTokens} and {@code llm.prefixGroups}: the prompts' shared
   *     prefixes
   * @param tokenizer {@code llm.tokenizer}: a JTokkit encoding name, {@code hf:<tokenizer.json>} or
   *     {@code server}
   * @param seed {@code llm.seed}: makes prompts repeatable
   * @param dataset {@code llm.dataset}: a JSONL file (path or classpath resource), or null
   */
  public record PromptShape(
      int inputTokens,
      int outputTokens,
      double rangeRatio,
      double outputRangeRatio,
      SharedPrefix prefix,
      String tokenizer,
      long seed,
      String dataset) {}

  /**
   * A multi-turn chat.
   *
   * @param turns {@code llm.turns}: turns per conversation
   * @param thinkTime {@code llm.thinkTimeSeconds}: pause between turns
   */
  public record Conversation(int turns, Duration thinkTime) {}

  /**
   * What is sent before the first level.
   *
   * @param requests {@code llm.warmupRequests}: requests before the first level, excluded from
   *     figures
   * @param seconds {@code llm.warmupSeconds}: longest JIT warm-up before the first level (default
   *     30 s; 0: none); it ends earlier once the JVM's compilers are quiet ({@link JitWarmup})
   * @param streams {@code llm.warmupStreams}: concurrent streams of the JIT warm-up (0, the
   *     default: the highest level's)
   * @param maxRequests {@code llm.warmupMaxRequests}: the most requests the JIT warm-up sends (0:
   *     no bound but its duration); by default none against this machine ({@code localhost}, {@code
   *     127.0.0.1}, {@code [::1]} or the embedded simulator), {@value #REMOTE_WARMUP_MAX_REQUESTS}
   *     against any other host, which may bill them
   */
  public record Warmup(int requests, Duration seconds, int streams, int maxRequests) {}

  /**
   * The JIT warm-up's bound on requests against a host that is not this machine's (BENCHMARKS.md,
   * "What the JIT warm-up sends").
   */
  public static final int REMOTE_WARMUP_MAX_REQUESTS = 200;

  /**
   * What a ready simulation runs when no property says otherwise. Start from {@link #defaults()}
   * and name each value: {@code WorkloadSettings.defaults().levels(1, 4,
   * 16).inputTokens(256).outputTokens(48)}.
   *
   * @param levels the concurrency steps
   * @param inputTokens the prompt length in tokens
   * @param outputTokens the output length in tokens
   * @param levelDuration how long each level lasts, or null for a number of requests per level
   * @param rates the arrival rates of an open model, requests per second
   */
  public record Defaults(
      List<Integer> levels,
      int inputTokens,
      int outputTokens,
      Duration levelDuration,
      List<Double> rates,
      int requestsPerStream) {

    /**
     * @return a new value with these concurrency steps
     */
    public Defaults levels(Integer... concurrency) {
      return new Defaults(
          List.of(concurrency), inputTokens, outputTokens, levelDuration, rates, requestsPerStream);
    }

    /**
     * @return a new value with this prompt length
     */
    public Defaults inputTokens(int tokens) {
      return new Defaults(levels, tokens, outputTokens, levelDuration, rates, requestsPerStream);
    }

    /**
     * @return a new value with this output length
     */
    public Defaults outputTokens(int tokens) {
      return new Defaults(levels, inputTokens, tokens, levelDuration, rates, requestsPerStream);
    }

    /**
     * @return a new value whose levels each last this long
     */
    public Defaults levelDuration(Duration duration) {
      return new Defaults(levels, inputTokens, outputTokens, duration, rates, requestsPerStream);
    }

    /**
     * @return a new value with these open-model arrival rates (requests per second)
     */
    public Defaults rates(Double... perSecond) {
      return new Defaults(
          levels, inputTokens, outputTokens, levelDuration, List.of(perSecond), requestsPerStream);
    }

    /**
     * @return a new value whose levels each run this many requests per stream (without a level
     *     duration)
     */
    public Defaults requestsPerStream(int requests) {
      return new Defaults(levels, inputTokens, outputTokens, levelDuration, rates, requests);
    }
  }

  /**
   * One level of one stream, 128 input and 128 output tokens, {@value
   * ConcurrencySteps#DEFAULT_REQUESTS_PER_STREAM} requests per stream: name what differs.
   */
  public static Defaults defaults() {
    return new Defaults(
        List.of(1), 128, 128, null, List.of(1.0), ConcurrencySteps.DEFAULT_REQUESTS_PER_STREAM);
  }

  public static WorkloadSettings fromSystemProperties(Defaults defaults) {
    return read(Settings.fromSystemProperties(), defaults);
  }

  public static WorkloadSettings read(Settings s, Defaults d) {
    Duration levelDuration = s.seconds("llm.levelDuration", d.levelDuration());
    int requestsPerLevel = s.wholeNumber("llm.requestsPerLevel", 0);
    if (requestsPerLevel > 0 && s.text("llm.levelDuration", null) != null) {
      throw new UserError("set llm.requestsPerLevel or llm.levelDuration, not both");
    }
    if (requestsPerLevel > 0) {
      levelDuration = null;
    }
    int inputTokens = s.wholeNumber("llm.inputTokens", d.inputTokens());
    double rangeRatio = s.number("llm.rangeRatio", 0);
    int prefixTokens = s.wholeNumber("llm.prefixTokens", 0);
    int shortest = (int) Math.floor(inputTokens * (1 - rangeRatio));
    if (prefixTokens > 0 && prefixTokens >= shortest) {
      throw new UserError(
          "llm.prefixTokens ("
              + prefixTokens
              + ") must be below the shortest prompt ("
              + shortest
              + " tokens from llm.inputTokens and llm.rangeRatio)");
    }
    InjectorSettings injector = InjectorSettings.read(s);
    int maxConcurrency = s.wholeNumber("llm.maxConcurrency", 0);
    return new WorkloadSettings(
        new ClosedLoad(
            injector.shareOfLevels(s.wholeNumbers("llm.levels", d.levels())),
            requestsPerLevel > 0 ? Math.max(1, injector.share(requestsPerLevel)) : 0,
            levelDuration,
            s.wholeNumber("llm.requestsPerStream", d.requestsPerStream()),
            s.seconds("llm.rampSeconds", Duration.ofSeconds(1)),
            s.flag("llm.saturationStop", true),
            s.wholeNumber("llm.repeats", 1)),
        new OpenLoad(
            injector.shareOfRates(s.numbers("llm.rates", d.rates())),
            s.flag("llm.poisson", true),
            maxConcurrency > 0 ? Math.max(1, injector.share(maxConcurrency)) : 0),
        new PromptShape(
            inputTokens,
            s.wholeNumber("llm.outputTokens", d.outputTokens()),
            rangeRatio,
            s.number("llm.outputRangeRatio", 0),
            new SharedPrefix(prefixTokens, s.wholeNumber("llm.prefixGroups", 1)),
            s.text("llm.tokenizer", "cl100k_base"),
            injector.seed(s.integer("llm.seed", 42)),
            s.text("llm.dataset", null)),
        new Conversation(
            s.wholeNumber("llm.turns", 3),
            s.seconds("llm.thinkTimeSeconds", Duration.ofSeconds(1))),
        new Warmup(
            s.wholeNumber("llm.warmupRequests", 2),
            s.seconds("llm.warmupSeconds", Duration.ofSeconds(30)),
            s.wholeNumber("llm.warmupStreams", 0),
            s.wholeNumber(
                "llm.warmupMaxRequests",
                isThisMachine(s.text("llm.baseUrl", null)) ? 0 : REMOTE_WARMUP_MAX_REQUESTS)),
        injector);
  }

  /**
   * The JIT warm-up these settings ask for, at the highest level's concurrency unless told, or null
   * for none.
   */
  public JitWarmup jitWarmup() {
    return jitWarmup(closed.levels().stream().mapToInt(Integer::intValue).max().orElse(1));
  }

  /**
   * The JIT warm-up these settings ask for, or null for none.
   *
   * @param defaultStreams its concurrent streams unless {@code llm.warmupStreams} says otherwise
   */
  public JitWarmup jitWarmup(int defaultStreams) {
    if (warmup.seconds().isZero()) {
      return null;
    }
    return JitWarmup.of(
        warmup.streams() > 0 ? warmup.streams() : Math.max(1, defaultStreams),
        warmup.seconds(),
        warmup.maxRequests());
  }

  /**
   * Whether a run's target is this machine: no base URL (the embedded simulator), or a host of
   * {@code localhost}, {@code 127.0.0.1} or {@code [::1]}. Any other address, other loopback ones
   * included (a tunnel or a port-forward to a hosted API may listen there), counts as remote.
   */
  static boolean isThisMachine(String baseUrl) {
    if (baseUrl == null) {
      return true;
    }
    String host;
    try {
      host = java.net.URI.create(baseUrl.trim()).getHost();
    } catch (IllegalArgumentException e) {
      return false; // LlmTarget refuses it with its own message
    }
    return host != null
        && (host.equalsIgnoreCase("localhost")
            || host.equals("127.0.0.1")
            || host.equals("[::1]")
            || host.equals("::1"));
  }

  /** The concurrency steps these settings describe. */
  public ConcurrencySteps concurrencySteps() {
    ConcurrencySteps steps =
        ConcurrencySteps.of(closed.levels())
            .jitWarmup(jitWarmup())
            .warmupRequests(warmup.requests())
            .ramp(closed.ramp())
            .requestsPerStream(closed.requestsPerStream())
            .saturationStop(closed.saturationStop())
            .repeats(closed.repeats())
            .startAt(injector.startAtEpochMillis());
    return closed.levelDuration() != null
        ? steps.levelDuration(closed.levelDuration())
        : steps.requestsPerLevel(closed.requestsPerLevel());
  }
}
