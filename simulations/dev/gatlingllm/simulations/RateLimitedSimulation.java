package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.feed;

import dev.gatlingllm.dsl.load.JitWarmup;
import dev.gatlingllm.dsl.load.RateLimits;
import dev.gatlingllm.dsl.load.RatePacer;
import dev.gatlingllm.dsl.load.Retry429;
import dev.gatlingllm.dsl.prompts.PromptRecords;
import dev.gatlingllm.dsl.ready.PlannedPrompts;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.Settings;
import dev.gatlingllm.dsl.ready.TargetProbe;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * A hosted API's rate limits: requests arrive as fast as {@code llm.rpm} requests per minute and
 * {@code llm.tpm} tokens per minute allow (at least one of them; tokens metered as providers do,
 * input + max output), for {@code llm.levelDuration} seconds (default 60), and every request is
 * sent only when the last minute of actual sends leaves room for it, judged over the minute plus
 * {@code llm.rateMarginSeconds} (default 1) for the delay to the provider, so that neither budget
 * is exceeded over any minute of arrivals. Before it, a JIT warm-up of at most {@code
 * llm.warmupSeconds} (default 10 here), paced by the same budget and left out of the figures. HTTP
 * 429 answers are counted; with {@code llm.retry429=N} a request turned away is retried up to N
 * times after its {@code Retry-After} (at most {@code llm.retry429MaxWaitSeconds}, default 30),
 * each attempt paced and recorded on its own. Random prompts of {@code llm.inputTokens} (default
 * 128), {@code llm.outputTokens} (default 32). The report shows the requests and tokens per minute
 * achieved against the budget.
 */
public class RateLimitedSimulation extends Simulation {
  private final Settings properties = Settings.fromSystemProperties();
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(
          WorkloadSettings.defaults().outputTokens(32).levelDuration(Duration.ofSeconds(60)));
  private final long requestsPerMinute = properties.wholeNumber("llm.rpm", 0);
  private final long tokensPerMinute =
      requireBudget(requestsPerMinute, properties.wholeNumber("llm.tpm", 0));
  private final int retries = properties.wholeNumber("llm.retry429", 0);
  private final Duration maxWait =
      properties.seconds("llm.retry429MaxWaitSeconds", Duration.ofSeconds(30));
  // Shorter than elsewhere: a hosted API bills the warm-up's requests, and they take their share of
  // the budget.
  private final Duration warmupSeconds =
      properties.seconds("llm.warmupSeconds", Duration.ofSeconds(10));
  private final Duration margin =
      properties.seconds("llm.rateMarginSeconds", RatePacer.DEFAULT_MARGIN);
  private final Duration window = properties.seconds("llm.rateWindowSeconds", RatePacer.MINUTE);

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();

  {
    Duration duration =
        settings.closed().levelDuration() != null
            ? settings.closed().levelDuration()
            : Duration.ofSeconds(60);
    // The longest prompt the settings can produce, plus its output limit: what one request may
    // meter.
    long longestPrompt =
        (long) Math.ceil(settings.prompts().inputTokens() * (1 + settings.prompts().rangeRatio()))
            + settings.prompts().prefix().tokens();
    RateLimits limits;
    try {
      RateLimits.of(
          requestsPerMinute,
          tokensPerMinute,
          duration,
          longestPrompt + settings.prompts().outputTokens());
      limits =
          RateLimits.of(
                  requestsPerMinute,
                  tokensPerMinute,
                  duration,
                  settings.prompts().inputTokens() + settings.prompts().outputTokens())
              .window(window)
              .margin(margin);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("llm.tpm: " + e.getMessage());
    }
    JitWarmup warmup =
        warmupSeconds.isZero()
            ? null
            : JitWarmup.of(
                settings.warmup().streams() > 0
                    ? settings.warmup().streams()
                    : limits.warmupStreams(),
                warmupSeconds,
                settings.warmup().maxRequests());
    limits = limits.jitWarmup(warmup);
    if (run.probeSentNanos() >= 0) {
      limits = limits.sentBefore(run.probeSentNanos(), TargetProbe.METERED_TOKENS);
    }
    // The warm-up consumes prompts first: count its most at the budget's rate, so the level's are
    // prepared too.
    var prompts =
        run.randomPrompts(
            settings,
            PlannedPrompts.forOpenRates(List.of(limits.arrivalRate()), duration)
                + (warmup == null
                    ? 0
                    : PlannedPrompts.forOpenRates(List.of(limits.arrivalRate()), warmupSeconds)));
    boolean ignoreEos = run.ignoreEos(true);
    int outputTokens = settings.prompts().outputTokens();
    ChainBuilder attempt =
        limits
            .pace(
                session ->
                    (session.contains(PromptRecords.INPUT_TOKENS)
                            ? session.getLong(PromptRecords.INPUT_TOKENS)
                            : settings.prompts().inputTokens())
                        + outputTokens)
            .exec(
                chat("chat").messages("#{messages}").maxTokens(outputTokens).ignoreEos(ignoreEos));
    run.announce(
        "rate-limited load, "
            + limits.budget().describe()
            + (window.equals(RatePacer.MINUTE)
                ? ""
                : " counted per " + seconds(window) + " instead of a minute")
            + " ("
            + String.format(Locale.ROOT, "%.2f", limits.arrivalRate())
            + " req/s, paced over "
            + seconds(window.plus(margin))
            + ") for "
            + seconds(duration)
            + (warmup != null ? " after a JIT warm-up of at most " + seconds(warmupSeconds) : "")
            + (retries > 0 ? ", up to " + retries + " retries after a 429" : ""));
    setUp(
            limits.build(
                "rate-limited",
                feed(prompts).exec(Retry429.around(attempt, "llm", retries, maxWait)),
                run.checks()))
        .protocols(
            run.http(),
            run.llm(limits.plannedLevels())
                .inputTokens(settings.prompts().inputTokens())
                .outputTokens(outputTokens)
                .rateBudget(requestsPerMinute, tokensPerMinute))
        .assertions(run.assertions(details("chat TTFT").successfulRequests().count().gt(0L)));
  }

  @Override
  public void after() {
    run.close();
  }

  private static String seconds(Duration duration) {
    long millis = duration.toMillis();
    return (millis % 1000 == 0 ? String.valueOf(millis / 1000) : String.valueOf(millis / 1000.0))
        + " s";
  }

  /** The tokens per minute, once the budget is known to have a limit. */
  private static long requireBudget(long requestsPerMinute, long tokensPerMinute) {
    if (requestsPerMinute == 0 && tokensPerMinute == 0) {
      throw new IllegalArgumentException(
          "RateLimitedSimulation needs llm.rpm (requests per minute) and/or llm.tpm"
              + " (tokens per minute), e.g. -Dllm.rpm=500 -Dllm.tpm=200000");
    }
    return tokensPerMinute;
  }
}
