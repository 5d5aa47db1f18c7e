package dev.gatlingllm.report;

import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.request.RequestKind;
import dev.gatlingllm.metrics.stats.Distribution;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The figures of a level and of the run, each declared once, as {@code RequestColumn} declares the
 * columns of a request's row: its {@code summary.json} key, its label and unit, the request kinds
 * it applies to (docs/metrics.md, "Request kinds"), when a window has it, and its typed getter.
 * {@link SummaryJson} writes a window's figures from this list; a new figure is one entry here and
 * its line in docs/metrics.md ({@code FigureCatalogueTest} holds both).
 */
final class FigureCatalogue {
  private FigureCatalogue() {}

  /** What a figure counts or measures, for its label. */
  enum Unit {
    REQUESTS,
    TOKENS,
    REQUESTS_PER_SECOND,
    TOKENS_PER_SECOND,
    INPUTS,
    INPUTS_PER_SECOND,
    PER_MINUTE,
    MILLISECONDS,
    SHARE,
    PER_REQUEST
  }

  /** How a figure's value is read from a window's figures. */
  sealed interface Value permits Count, Number, Spread {}

  /** A whole number: requests, tokens. */
  record Count(ToLongFunction<Figures> of) implements Value {}

  /** A number that may be unknown (NaN, written as null): a rate, a share, a mean. */
  record Number(ToDoubleFunction<Figures> of) implements Value {}

  /**
   * A latency's distribution, written as vLLM names its parts: {@code mean_}, {@code median_},
   * {@code std_}, {@code p90_}, {@code p95_}, {@code p99_}, {@code min_}, {@code max_} + {@code
   * <key>_ms}, and {@code <key>_count}.
   */
  record Spread(Function<Figures, Distribution> of) implements Value {}

  /**
   * One figure.
   *
   * @param key its name in {@code summary.json} (a distribution's stem: {@code ttft} for {@code
   *     p99_ttft_ms} and the others)
   * @param label how a table heads it
   * @param unit what it counts or measures
   * @param kinds the request kinds it describes
   * @param shown whether a window has it (a figure only some runs have: images, a schema, a
   *     server's own times); every window has the others
   * @param value its getter
   */
  record Figure(
      String key,
      String label,
      Unit unit,
      Set<RequestKind> kinds,
      Predicate<Figures> shown,
      Value value) {
    Figure {
      kinds = Set.copyOf(kinds);
    }
  }

  private static final Set<RequestKind> ALL = EnumSet.allOf(RequestKind.class);
  private static final Set<RequestKind> GENERATION = EnumSet.of(RequestKind.GENERATION);
  private static final Set<RequestKind> POOLING = EnumSet.of(RequestKind.POOLING);
  private static final Predicate<Figures> ALWAYS = f -> true;
  private static final Predicate<Figures> WITH_POOLING = f -> !f.pooled().none();

  private static Figure count(
      String key, String label, Unit unit, Set<RequestKind> kinds, ToLongFunction<Figures> of) {
    return new Figure(key, label, unit, kinds, ALWAYS, new Count(of));
  }

  private static Figure number(
      String key, String label, Unit unit, Set<RequestKind> kinds, ToDoubleFunction<Figures> of) {
    return new Figure(key, label, unit, kinds, ALWAYS, new Number(of));
  }

  private static Figure spread(
      String key, String label, Set<RequestKind> kinds, Function<Figures, Distribution> of) {
    return new Figure(key, label, Unit.MILLISECONDS, kinds, ALWAYS, new Spread(of));
  }

  private static Figure shown(Figure figure, Predicate<Figures> when) {
    return new Figure(
        figure.key(), figure.label(), figure.unit(), figure.kinds(), when, figure.value());
  }

  /** A window's figures in the order {@code summary.json} writes them. */
  static final List<Figure> WINDOW =
      List.of(
          count("completed", "completed", Unit.REQUESTS, ALL, f -> f.counts().completed()),
          count("failed", "failed", Unit.REQUESTS, ALL, f -> f.counts().failed()),
          count(
              "total_input_tokens",
              "input tokens",
              Unit.TOKENS,
              ALL,
              f -> f.tokens().totalInputTokens()),
          count(
              "total_output_tokens",
              "output tokens",
              Unit.TOKENS,
              GENERATION,
              f -> f.tokens().totalOutputTokens()),
          count(
              "output_tokens_in_window",
              "output tokens in the window",
              Unit.TOKENS,
              GENERATION,
              f -> f.tokens().outputTokensInWindow()),
          number(
              "request_throughput",
              "requests/s",
              Unit.REQUESTS_PER_SECOND,
              ALL,
              f -> f.throughput().requestThroughput()),
          number(
              "output_throughput",
              "output tok/s",
              Unit.TOKENS_PER_SECOND,
              GENERATION,
              f -> f.throughput().outputThroughput()),
          number(
              "total_token_throughput",
              "total tok/s",
              Unit.TOKENS_PER_SECOND,
              ALL,
              f -> f.throughput().totalTokenThroughput()),
          number(
              "per_stream_output_throughput",
              "per-stream tok/s",
              Unit.TOKENS_PER_SECOND,
              GENERATION,
              Numbers::perStream),
          shown(
              number(
                  "server_decode_throughput",
                  "server decode tok/s",
                  Unit.TOKENS_PER_SECOND,
                  GENERATION,
                  f -> f.serverTimes().decodeTokensPerSecond()),
              f -> f.serverTimes().decodeStreams() > 0),
          shown(
              count(
                  "server_decode_streams",
                  "streams the server timed",
                  Unit.REQUESTS,
                  GENERATION,
                  f -> f.serverTimes().decodeStreams()),
              f -> f.serverTimes().decodeStreams() > 0),
          shown(
              number(
                  "mean_server_prefill_ms",
                  "server prefill mean ms",
                  Unit.MILLISECONDS,
                  GENERATION,
                  f -> f.serverTimes().meanPrefillMillis()),
              f -> f.serverTimes().prefillStreams() > 0),
          shown(
              count(
                  "server_prefill_streams",
                  "prompts the server timed",
                  Unit.REQUESTS,
                  GENERATION,
                  f -> f.serverTimes().prefillStreams()),
              f -> f.serverTimes().prefillStreams() > 0),
          shown(
              count(
                  "reasoning_tokens",
                  "reasoning tokens",
                  Unit.TOKENS,
                  GENERATION,
                  f -> f.reasoning().tokens()),
              f -> f.reasoning().requests() > 0),
          shown(
              count(
                  "reasoning_token_requests",
                  "requests with reasoning counted",
                  Unit.REQUESTS,
                  GENERATION,
                  f -> f.reasoning().requests()),
              f -> f.reasoning().requests() > 0),
          shown(
              number(
                  "images_per_request",
                  "images / request",
                  Unit.PER_REQUEST,
                  GENERATION,
                  f -> f.images().imagesPerRequest()),
              f -> f.images().any()),
          shown(
              number(
                  "image_bytes_per_request",
                  "image bytes / request",
                  Unit.PER_REQUEST,
                  GENERATION,
                  f -> f.images().bytesPerRequest()),
              f -> f.images().any()),
          shown(
              number(
                  "audio_clips_per_request",
                  "audio clips / request",
                  Unit.PER_REQUEST,
                  GENERATION,
                  f -> f.audio().clipsPerRequest()),
              f -> f.audio().any()),
          shown(
              number(
                  "audio_bytes_per_request",
                  "audio bytes / request",
                  Unit.PER_REQUEST,
                  GENERATION,
                  f -> f.audio().bytesPerRequest()),
              f -> f.audio().any()),
          shown(
              number(
                  "audio_seconds_per_request",
                  "audio s / request",
                  Unit.PER_REQUEST,
                  GENERATION,
                  f -> f.audio().secondsPerRequest()),
              f -> f.audio().any()),
          shown(
              count(
                  "schema_valid",
                  "valid structured answers",
                  Unit.REQUESTS,
                  GENERATION,
                  f -> f.schema().valid()),
              f -> f.schema().judged() > 0),
          shown(
              count(
                  "schema_invalid",
                  "invalid structured answers",
                  Unit.REQUESTS,
                  GENERATION,
                  f -> f.schema().invalid()),
              f -> f.schema().judged() > 0),
          shown(
              number(
                  "schema_valid_share",
                  "valid structured answers",
                  Unit.SHARE,
                  GENERATION,
                  f -> f.schema().validShare()),
              f -> f.schema().judged() > 0),
          shown(
              count(
                  "pooled_requests",
                  "embed/rerank requests",
                  Unit.REQUESTS,
                  POOLING,
                  f -> f.pooled().requests()),
              WITH_POOLING),
          shown(
              count("inputs", "inputs", Unit.INPUTS, POOLING, f -> f.pooled().inputs()),
              WITH_POOLING),
          shown(
              count(
                  "pooled_input_tokens",
                  "embed/rerank input tokens",
                  Unit.TOKENS,
                  POOLING,
                  f -> f.pooled().inputTokens()),
              WITH_POOLING),
          shown(
              number(
                  "inputs_per_second",
                  "inputs/s",
                  Unit.INPUTS_PER_SECOND,
                  POOLING,
                  f -> f.pooled().inputsPerSecond()),
              WITH_POOLING),
          shown(
              number(
                  "input_tokens_per_second",
                  "input tok/s",
                  Unit.TOKENS_PER_SECOND,
                  POOLING,
                  f -> f.pooled().inputTokensPerSecond()),
              WITH_POOLING),
          shown(
              count(
                  "pooled_failed",
                  "embed/rerank failed",
                  Unit.REQUESTS,
                  POOLING,
                  f -> f.pooled().failed()),
              WITH_POOLING),
          shown(
              number(
                  "pooled_error_rate",
                  "embed/rerank error rate",
                  Unit.SHARE,
                  POOLING,
                  f -> f.pooled().errorRate()),
              WITH_POOLING),
          shown(
              number(
                  "pooled_request_throughput",
                  "embed/rerank req/s",
                  Unit.REQUESTS_PER_SECOND,
                  POOLING,
                  f -> f.pooled().requestThroughput()),
              WITH_POOLING),
          shown(
              count(
                  "pooled_good_requests",
                  "good embed/rerank requests",
                  Unit.REQUESTS,
                  POOLING,
                  f -> f.pooled().good()),
              WITH_POOLING),
          shown(
              number(
                  "pooled_request_goodput",
                  "embed/rerank goodput req/s",
                  Unit.REQUESTS_PER_SECOND,
                  POOLING,
                  f -> f.pooled().requestGoodput()),
              WITH_POOLING),
          shown(
              spread("pooled_e2el", "embed/rerank E2EL", POOLING, f -> f.pooled().e2el()),
              WITH_POOLING),
          count("good_requests", "good requests", Unit.REQUESTS, ALL, f -> f.counts().good()),
          number(
              "request_goodput",
              "goodput req/s",
              Unit.REQUESTS_PER_SECOND,
              ALL,
              f -> f.throughput().requestGoodput()),
          number("good_fraction", "good fraction", Unit.SHARE, ALL, f -> f.counts().goodFraction()),
          spread("ttft", "TTFT", GENERATION, f -> f.latency().ttft()),
          spread("tpot", "TPOT", GENERATION, f -> f.latency().tpot()),
          spread("itl", "ITL", GENERATION, f -> f.latency().itl()),
          spread("e2el", "E2EL", ALL, f -> f.latency().e2el()),
          spread("ttfb", "TTFB", GENERATION, f -> f.latency().ttfb()),
          spread("ttfo", "TTFO", GENERATION, f -> f.latency().ttfo()),
          spread(
              "ttft_from_scheduled",
              "TTFT from arrival",
              GENERATION,
              f -> f.latency().ttftFromScheduled()),
          spread(
              "e2el_from_scheduled",
              "E2EL from arrival",
              ALL,
              f -> f.latency().e2elFromScheduled()),
          spread("itl_per_token", "ITL per token", GENERATION, f -> f.latency().itlPerToken()),
          spread("send_lateness", "send lateness", ALL, f -> f.latency().sendLateness()),
          spread("event_loop_delay", "client loop delay", ALL, Figures::eventLoopDelay),
          count(
              "requests_with_max_tokens",
              "requests with an output limit",
              Unit.REQUESTS,
              GENERATION,
              f -> f.outputLengths().withLimit()),
          count(
              "stopped_early",
              "stopped before max tokens",
              Unit.REQUESTS,
              GENERATION,
              f -> f.outputLengths().stoppedEarly()),
          number(
              "stopped_early_share",
              "stopped before max tokens",
              Unit.SHARE,
              GENERATION,
              f -> f.outputLengths().stoppedEarlyShare()),
          number(
              "mean_output_len",
              "output tokens, mean",
              Unit.TOKENS,
              GENERATION,
              f -> f.outputLengths().outputTokens().mean()),
          number(
              "median_output_len",
              "output tokens, p50",
              Unit.TOKENS,
              GENERATION,
              f -> f.outputLengths().outputTokens().p50()),
          number(
              "p90_output_len",
              "output tokens, p90",
              Unit.TOKENS,
              GENERATION,
              f -> f.outputLengths().outputTokens().p90()),
          number(
              "p99_output_len",
              "output tokens, p99",
              Unit.TOKENS,
              GENERATION,
              f -> f.outputLengths().outputTokens().p99()),
          number(
              "min_output_len",
              "output tokens, min",
              Unit.TOKENS,
              GENERATION,
              f -> f.outputLengths().outputTokens().min()),
          number(
              "max_output_len",
              "output tokens, max",
              Unit.TOKENS,
              GENERATION,
              f -> f.outputLengths().outputTokens().max()),
          count("rate_limited", "HTTP 429", Unit.REQUESTS, ALL, f -> f.rates().rateLimited()),
          number(
              "rate_limited_share",
              "HTTP 429 share",
              Unit.SHARE,
              ALL,
              f -> f.rates().rateLimitedShare()),
          count(
              "rate_limited_with_retry_after",
              "HTTP 429 with Retry-After",
              Unit.REQUESTS,
              ALL,
              f -> f.rates().withRetryAfter()),
          number(
              "requests_per_minute",
              "requests/min",
              Unit.PER_MINUTE,
              ALL,
              f -> f.rates().requestsPerMinute()),
          number(
              "input_tokens_per_minute",
              "input tok/min",
              Unit.PER_MINUTE,
              ALL,
              f -> f.rates().inputTokensPerMinute()),
          number(
              "output_tokens_per_minute",
              "output tok/min",
              Unit.PER_MINUTE,
              GENERATION,
              f -> f.rates().outputTokensPerMinute()),
          number(
              "total_tokens_per_minute",
              "total tok/min",
              Unit.PER_MINUTE,
              ALL,
              f -> f.rates().totalTokensPerMinute()),
          number(
              "metered_tokens_per_minute",
              "metered tok/min",
              Unit.PER_MINUTE,
              ALL,
              f -> f.rates().meteredTokensPerMinute()),
          count(
              "busiest_minute_requests",
              "requests in the busiest minute",
              Unit.REQUESTS,
              ALL,
              f -> f.rates().busiestMinuteRequests()),
          count(
              "busiest_minute_metered_tokens",
              "metered tokens in the busiest minute",
              Unit.TOKENS,
              ALL,
              f -> f.rates().busiestMinuteMeteredTokens()));

  /** The {@code summary.json} keys {@code figure} writes: its key, or a distribution's nine. */
  static List<String> keys(Figure figure) {
    if (figure.value() instanceof Spread) {
      String k = figure.key();
      return List.of(
          "mean_" + k + "_ms",
          "median_" + k + "_ms",
          "std_" + k + "_ms",
          "p90_" + k + "_ms",
          "p95_" + k + "_ms",
          "p99_" + k + "_ms",
          "min_" + k + "_ms",
          "max_" + k + "_ms",
          k + "_count");
    }
    return List.of(figure.key());
  }
}
