package dev.gatlingllm.dsl;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.check.Answer;
import dev.gatlingllm.check.AnswerCheck;
import dev.gatlingllm.check.JsonValues;
import dev.gatlingllm.check.LlmCheck;
import dev.gatlingllm.check.ValueCheck;
import dev.gatlingllm.check.ValueCheck.Found;
import dev.gatlingllm.gatling.action.LlmChecksAction;
import dev.gatlingllm.gatling.action.SaturationCheckAction;
import dev.gatlingllm.gatling.action.StartLevelAction;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.stats.Micros;
import dev.gatlingllm.tokenize.ServerTokenizer;
import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.values.Tokenizer;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gatling-llm DSL: everything a simulation calls, to import statically beside Gatling's DSLs,
 * with no name either of them has:
 *
 * <pre>{@code
 * import static dev.gatlingllm.dsl.LlmDsl.*;
 * import static io.gatling.javaapi.core.CoreDsl.*;
 * import static io.gatling.javaapi.http.HttpDsl.*;
 *
 * exec(chat("chat").user("#{prompt}").maxTokens(256).check(outputTokensAtLeast(64)))
 * setUp(scn.injectOpen(atOnceUsers(1)).andThen(llmChecks(List.of(outputThroughputAtLeast(1000)))))
 *     .protocols(http.baseUrl(url), llm().model("m"))
 *     .assertions(llmChecksPassed());
 * }</pre>
 *
 * <p>The protocol and its requests ({@link #llm()}, {@link #chat}, {@link #completion}); checks on
 * one answer ({@link #answerContains}, {@link #answerJsonPath}, {@link #ttftAtMost}...), judged
 * when the request succeeded; checks on the run's LLM figures Gatling cannot assert on ({@link
 * #outputThroughputAtLeast}...), judged by {@link #llmChecks} after the load and failing the run
 * through {@link #llmChecksPassed()}; capacity targets ({@link #ttftPercentileAtMost}...); the load
 * levels a virtual user's requests count in ({@link #startLevel}). The ready-made load models,
 * prompt feeders and the ready simulations' settings are in {@code dsl.load}, {@code dsl.prompts}
 * and {@code dsl.ready}.
 *
 * <p>The answer checks' expected values are constants; their messages name the check, not the
 * answer, so that Gatling groups the KOs of one cause on one row (the answer's figures are in
 * {@code llm/requests.csv}). The checks that find a value ({@link #answerJsonPath}, {@link
 * #answerRegex}, {@link #toolCallName}, {@link #toolCallArguments}) pass when it is there, with
 * {@code .is(expected)} when it equals a constant, and with {@code .saveAs(key)} save it (a String)
 * in the session when the request ends OK: {@code answerRegex("capital is (\\w+)").saveAs("city")},
 * then {@code "#{city}"}.
 *
 * <p>A failed LLM check fails {@code mvn gatling:test} (exit code 2); its message names the figure,
 * its value and the bound. The load models take {@link #llmChecks} as their last step.
 */
public final class LlmDsl {
  private LlmDsl() {}

  /**
   * The LLM protocol with its defaults (OpenAI chat dialect, usage requested, 30 s idle, 10 min
   * timeout), and {@code -Dllm.tokenRecords} / {@code -Dllm.detailedResults} when given. Fails on
   * an {@code llm.*} system property nothing reads ({@code unknown property llm.modle; did you mean
   * llm.model?}). A simulation compiled for a Java release below 17 is told, in one line, to
   * compile with release 17: the DSL's types include records.
   *
   * @return the protocol builder, to pass to {@code protocols(...)}
   */
  public static LlmProtocolBuilder llm() {
    CompiledRelease.tellIfBelow17(
        StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass());
    return LlmProtocolBuilder.fromSystemProperties();
  }

  /**
   * The base URL to load: {@code baseUrl} when given, else that of the embedded simulated LLM
   * server, started on a loopback port at the first call (later calls share it) and stopped when
   * the JVM ends. It lets one simulation run out of the box and against a real server unchanged:
   *
   * <pre>{@code
   * http.baseUrl(baseUrlOrEmbeddedSimulator(System.getProperty("baseUrl")))
   * }</pre>
   *
   * The simulator reads its own {@code sim.*} properties (docs/simulator.md).
   *
   * @param baseUrl the server's root URL, or null or blank for the embedded simulator
   * @return the URL to pass to {@code http.baseUrl(...)}
   */
  public static String baseUrlOrEmbeddedSimulator(String baseUrl) {
    return baseUrl != null && !baseUrl.isBlank() ? baseUrl : EmbeddedSimulator.baseUrl();
  }

  /**
   * A streamed chat request in the protocol's dialect (OpenAI chat completions by default).
   *
   * @param name the request name in Gatling's report, a constant
   * @return a request builder, for {@code exec(...)}
   */
  public static LlmRequestActionBuilder chat(String name) {
    return new LlmRequestActionBuilder(
        LlmRequestActionBuilder.requireText(name, "request name"), null);
  }

  /**
   * A streamed text completion request ({@code /v1/completions}), whatever the protocol's dialect.
   *
   * @param name the request name in Gatling's report, a constant
   * @return a request builder, for {@code exec(...)}
   */
  public static LlmRequestActionBuilder completion(String name) {
    return new LlmRequestActionBuilder(
        LlmRequestActionBuilder.requireText(name, "request name"), "openai-completions");
  }

  /**
   * A tokenizer that counts without I/O, in the model's vocabulary: for prompts of exact lengths
   * (agent sessions, {@code RandomPrompts}) and for {@code llm().tokenizer(..)}, which counts on
   * the virtual users' event loops.
   *
   * @param name a JTokkit encoding ({@code cl100k_base}, {@code o200k_base}...), or the model's own
   *     Hugging Face tokenizer: {@code hf:<path>} or a path ending in {@code tokenizer.json}, a
   *     file or a classpath resource (docs/tokenizers.md)
   * @return the tokenizer, read once: share it
   * @throws IllegalArgumentException for an unknown encoding or a missing or broken {@code
   *     tokenizer.json}
   */
  public static Tokenizer tokenizer(String name) {
    return Tokenizers.local(name);
  }

  /**
   * The server's own tokenizer, asked through its {@code POST /tokenize} (vLLM, SGLang, llama.cpp):
   * exact for any model the server runs. Each count is a request that waits for the server, so it
   * prepares prompts before the load; {@code llm().tokenizer(..)} refuses it.
   *
   * @param baseUrl the server's root URL
   * @param model the model the server counts for
   * @return the tokenizer
   */
  public static Tokenizer serverTokenizer(String baseUrl, String model) {
    return new ServerTokenizer(baseUrl, model);
  }

  /**
   * An embeddings request ({@code POST /v1/embeddings}, OpenAI's form: OpenAI, vLLM, TEI,
   * llama.cpp), whatever the protocol's dialect; its answer is not streamed, and must hold one
   * embedding per input.
   *
   * @param name the request name in Gatling's report, a constant
   * @return a request builder, for {@code exec(...)}: set its {@code input(..)} or {@code
   *     inputs(..)}
   */
  public static EmbedActionBuilder embed(String name) {
    return new EmbedActionBuilder(LlmRequestActionBuilder.requireText(name, "request name"));
  }

  /**
   * A rerank request ({@code POST /v1/rerank}, Cohere's and Jina's form: vLLM, TEI, llama.cpp with
   * a reranking model), whatever the protocol's dialect; its answer is not streamed.
   *
   * @param name the request name in Gatling's report, a constant
   * @return a request builder, for {@code exec(...)}: set its {@code query(..)} and {@code
   *     documents(..)}
   */
  public static RerankActionBuilder rerank(String name) {
    return new RerankActionBuilder(LlmRequestActionBuilder.requireText(name, "request name"));
  }

  // Checks on one answer.

  /**
   * The answer text ({@code content}) contains {@code text}.
   *
   * @param text the text to find, a constant
   * @return the check
   */
  public static AnswerCheck answerContains(String text) {
    LlmRequestActionBuilder.requireText(text, "text");
    String why = "answer does not contain '" + text + "'";
    return answer -> answer.content().contains(text) ? null : why;
  }

  /**
   * Some part of the answer text matches the regular expression (compiled once, here).
   *
   * @param regex a Java regular expression, a constant
   * @return the check
   */
  public static AnswerCheck answerMatches(String regex) {
    Pattern pattern = Pattern.compile(LlmRequestActionBuilder.requireText(regex, "regex"));
    String why = "answer does not match /" + regex + "/";
    return answer -> pattern.matcher(answer.content()).find() ? null : why;
  }

  /**
   * The last {@code finish_reason} is {@code reason} (e.g. {@code stop}, {@code length}, {@code
   * tool_calls}).
   *
   * @param reason the expected reason, a constant
   * @return the check
   */
  public static AnswerCheck finishReasonIs(String reason) {
    LlmRequestActionBuilder.requireText(reason, "reason");
    // The actual reason is in the message: servers send a handful of them, so KOs still group.
    return answer ->
        reason.equals(answer.finishReason())
            ? null
            : answer.finishReason() == null
                ? "no finish reason, expected '" + reason + "'"
                : "finish reason is '" + answer.finishReason() + "', expected '" + reason + "'";
  }

  /**
   * At least {@code tokens} output tokens (the server's usage count, else the client's, else the
   * token events): a server that stops early is caught.
   *
   * @param tokens the least output tokens, a constant of at least 1
   * @return the check
   */
  public static AnswerCheck outputTokensAtLeast(long tokens) {
    if (tokens < 1) {
      throw new IllegalArgumentException("tokens must be at least 1, was " + tokens);
    }
    String why = "fewer than " + tokens + " output tokens";
    return answer -> answer.outputTokens() >= tokens ? null : why;
  }

  /**
   * TTFT at most {@code bound} (a constant); a request without any token fails it.
   *
   * @param bound a positive constant, e.g. {@code Duration.ofMillis(500)}
   * @return the check
   */
  public static AnswerCheck ttftAtMost(Duration bound) {
    return ttftAtMost(millis(bound));
  }

  /**
   * TTFT at most {@code ms} milliseconds (a constant); a request without any token fails it.
   *
   * @param ms the bound in milliseconds, a positive constant
   * @return the check
   * @deprecated in milliseconds: use {@link #ttftAtMost(Duration)}, whose bound is a {@code
   *     Duration}
   */
  @Deprecated
  public static AnswerCheck ttftAtMost(double ms) {
    return figureAtMost("TTFT", ms, Answer::ttftNanos, "no token, so no TTFT");
  }

  /**
   * TPOT at most {@code bound}; undefined for a single output token, so such a request passes.
   *
   * @param bound a positive constant, e.g. {@code Duration.ofMillis(50)}
   * @return the check
   */
  public static AnswerCheck tpotAtMost(Duration bound) {
    return tpotAtMost(millis(bound));
  }

  /**
   * TPOT at most {@code ms} milliseconds; undefined for a single output token, so such a request
   * passes.
   *
   * @param ms the bound in milliseconds, a positive constant
   * @return the check
   * @deprecated in milliseconds: use {@link #tpotAtMost(Duration)}, whose bound is a {@code
   *     Duration}
   */
  @Deprecated
  public static AnswerCheck tpotAtMost(double ms) {
    return figureAtMost("TPOT", ms, Answer::tpotNanos, null);
  }

  /**
   * E2EL (sent to the last token event) at most {@code bound}; a request without any token fails
   * it.
   *
   * @param bound a positive constant, e.g. {@code Duration.ofSeconds(10)}
   * @return the check
   */
  public static AnswerCheck e2elAtMost(Duration bound) {
    return e2elAtMost(millis(bound));
  }

  /**
   * E2EL (sent to the last token event) at most {@code ms} milliseconds; a request without any
   * token fails it.
   *
   * @param ms the bound in milliseconds, a positive constant
   * @return the check
   * @deprecated in milliseconds: use {@link #e2elAtMost(Duration)}, whose bound is a {@code
   *     Duration}
   */
  @Deprecated
  public static AnswerCheck e2elAtMost(double ms) {
    return figureAtMost("E2EL", ms, Answer::e2elNanos, "no token, so no E2EL");
  }

  /**
   * A value of the answer parsed as JSON, at a JSONPath to one value: {@code $}, {@code .name},
   * {@code ['name']}, {@code [index]} (e.g. {@code answerJsonPath("$.name").is("x")}). Fails when
   * the answer is not JSON or holds nothing there. Compiled here: a path that could select several
   * values throws. Not named {@code jsonPath}: Gatling's {@code CoreDsl.jsonPath} has the same
   * parameters, and a simulation importing both DSLs with {@code .*} would not compile.
   *
   * @param path a JSONPath to one value, a constant
   * @return a value check: add {@code .is(expected)} and/or {@code .saveAs(key)}
   */
  public static ValueCheck answerJsonPath(String path) {
    return new ValueCheck(
        "jsonPath " + path,
        JsonValues.search(path, "the answer", "the answer is not JSON", Answer::content));
  }

  /**
   * The first match of the regular expression in the answer: its first group when it has one, else
   * the whole match (compiled once, here). Fails when nothing matches.
   *
   * @param regex a Java regular expression, a constant
   * @return a value check: add {@code .is(expected)} and/or {@code .saveAs(key)}
   */
  public static ValueCheck answerRegex(String regex) {
    Pattern pattern = Pattern.compile(LlmRequestActionBuilder.requireText(regex, "regex"));
    String noMatch = "answer does not match /" + regex + "/";
    return new ValueCheck(
        "answer regex /" + regex + "/",
        answer -> {
          Matcher matcher = pattern.matcher(answer.content());
          if (!matcher.find()) {
            return Found.none(noMatch);
          }
          String value = matcher.groupCount() > 0 ? matcher.group(1) : matcher.group();
          return value == null ? Found.none(noMatch) : Found.of(value);
        });
  }

  /**
   * The function name of the first tool call the model streamed; fails when it called none.
   *
   * @return a value check: add {@code .is(expected)} and/or {@code .saveAs(key)}
   */
  public static ValueCheck toolCallName() {
    return new ValueCheck(
        "tool call name",
        answer ->
            answer.toolCalls().isEmpty()
                ? Found.none("no tool call")
                : Found.of(answer.toolCalls().get(0).name()));
  }

  /**
   * A value of the first tool call's arguments (a JSON object), at a JSONPath as in {@link
   * #answerJsonPath}, e.g. {@code toolCallArguments("$.city").is("Paris")}; fails without a tool
   * call, or when the arguments are not JSON or hold nothing there.
   *
   * @param path a JSONPath to one value, a constant
   * @return a value check: add {@code .is(expected)} and/or {@code .saveAs(key)}
   */
  public static ValueCheck toolCallArguments(String path) {
    var inArguments =
        JsonValues.<Answer>search(
            path,
            "the tool call arguments",
            "the tool call arguments are not JSON",
            answer -> answer.toolCalls().get(0).arguments());
    return new ValueCheck(
        "tool call arguments " + path,
        answer ->
            answer.toolCalls().isEmpty() ? Found.none("no tool call") : inArguments.apply(answer));
  }

  // Checks on the run's LLM figures.

  /**
   * The run's output throughput (tok/s over the measured levels) is at least the bound.
   *
   * @param tokensPerSecond the least output tokens per second, a constant
   * @return a check for {@link #llmChecks}
   */
  public static LlmCheck outputThroughputAtLeast(double tokensPerSecond) {
    return new LlmCheck(
        "output_throughput",
        "tok/s",
        s -> s.run().throughput().outputThroughput(),
        true,
        tokensPerSecond);
  }

  /**
   * The run's request goodput (good requests per second, as the SLOs define good) is at least the
   * bound.
   *
   * @param requestsPerSecond the least good requests per second, a constant
   * @return a check for {@link #llmChecks}
   */
  public static LlmCheck requestGoodputAtLeast(double requestsPerSecond) {
    return new LlmCheck(
        "request_goodput",
        "req/s",
        s -> s.run().throughput().requestGoodput(),
        true,
        requestsPerSecond);
  }

  /**
   * The share of the run's requests that met every SLO is at least the bound.
   *
   * @param fraction the least share, in [0, 1], a constant
   * @return a check for {@link #llmChecks}
   */
  public static LlmCheck goodFractionAtLeast(double fraction) {
    return new LlmCheck("good_fraction", "", s -> s.run().counts().goodFraction(), true, fraction);
  }

  /**
   * The capacity (highest level meeting the capacity target) is at least this load (streams or
   * req/s).
   *
   * @param load the least capacity, a constant
   * @return a check for {@link #llmChecks}
   */
  public static LlmCheck capacityAtLeast(double load) {
    return new LlmCheck(
        "capacity", "", s -> s.capacity() == null ? 0 : s.capacity().load(), true, load);
  }

  /**
   * The run's p99 TTFT is at most the bound; a run without any token fails it.
   *
   * @param bound a constant, e.g. {@code Duration.ofMillis(500)}
   * @return a check for {@link #llmChecks}
   */
  public static LlmCheck ttftP99AtMost(Duration bound) {
    return ttftP99AtMost(millis(bound));
  }

  /**
   * The run's p99 TTFT is at most the bound; a run without any token fails it.
   *
   * @param millis the bound in milliseconds, a constant
   * @return a check for {@link #llmChecks}
   * @deprecated in milliseconds: use {@link #ttftP99AtMost(Duration)}, whose bound is a {@code
   *     Duration}
   */
  @Deprecated
  public static LlmCheck ttftP99AtMost(double millis) {
    return new LlmCheck(
        "p99_ttft_ms",
        "ms",
        s -> s.run().latency().ttft().count() == 0 ? Double.NaN : s.run().latency().ttft().p99(),
        false,
        millis);
  }

  /**
   * One step judging the checks on the run's figures so far.
   *
   * @param checks the checks, constants
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder judgeLlmChecks(List<LlmCheck> checks) {
    return () -> LlmChecksAction.builder(checks);
  }

  /**
   * One virtual user that judges the checks: to run once the load has ended, chained with {@code
   * andThen} after the load's populations, or given to a load model as its last step.
   *
   * @param checks the checks, constants (at least one)
   * @return a population for {@code andThen(...)} or a load model
   */
  public static PopulationBuilder llmChecks(List<LlmCheck> checks) {
    if (checks.isEmpty()) {
      throw new IllegalArgumentException("no LLM check to judge");
    }
    return scenario(LlmChecksAction.RECORD).exec(judgeLlmChecks(checks)).injectOpen(atOnceUsers(1));
  }

  /**
   * The Gatling assertion that fails the run when any check failed.
   *
   * @return an assertion for {@code assertions(...)}
   */
  public static Assertion llmChecksPassed() {
    return details(LlmChecksAction.RECORD).failedRequests().count().is(0L);
  }

  // Capacity targets.

  /**
   * A capacity target for {@code llm().capacityTarget(...)}: a level is sustainable when its TTFT
   * percentile is at most the bound; failed requests count as slower than any other.
   *
   * @param percentile 50, 90, 95 or 99
   * @param bound a constant, e.g. {@code Duration.ofMillis(500)}
   * @return the target for {@code llm().capacityTarget(..)}
   */
  public static AttainmentTarget ttftPercentileAtMost(double percentile, Duration bound) {
    return ttftPercentileAtMost(percentile, millis(bound));
  }

  /**
   * A capacity target for {@code llm().capacityTarget(...)}: a level is sustainable when its TTFT
   * percentile is at most the bound ({@code "p99 TTFT <= 500 ms"}); failed requests count as slower
   * than any other.
   *
   * @param percentile 50, 90, 95 or 99
   * @param ms the bound in milliseconds
   * @return the target
   * @deprecated in milliseconds: use {@link #ttftPercentileAtMost(double, Duration)}, whose bound
   *     is a {@code Duration}
   */
  @Deprecated
  public static AttainmentTarget ttftPercentileAtMost(double percentile, double ms) {
    return AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.TTFT, percentile, ms);
  }

  /**
   * A capacity target for {@code llm().capacityTarget(...)}: a level is sustainable when its TPOT
   * percentile is at most the bound; failed requests count as slower than any other.
   *
   * @param percentile 50, 90, 95 or 99
   * @param bound a constant, e.g. {@code Duration.ofMillis(500)}
   * @return the target
   */
  public static AttainmentTarget tpotPercentileAtMost(double percentile, Duration bound) {
    return tpotPercentileAtMost(percentile, millis(bound));
  }

  /**
   * The same on TPOT.
   *
   * @param percentile 50, 90, 95 or 99
   * @param ms the bound in milliseconds
   * @return the target
   * @deprecated in milliseconds: use {@link #tpotPercentileAtMost(double, Duration)}, whose bound
   *     is a {@code Duration}
   */
  @Deprecated
  public static AttainmentTarget tpotPercentileAtMost(double percentile, double ms) {
    return AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.TPOT, percentile, ms);
  }

  /**
   * A capacity target for {@code llm().capacityTarget(...)}: a level is sustainable when its ITL
   * percentile is at most the bound; failed requests count as slower than any other.
   *
   * @param percentile 50, 90, 95 or 99
   * @param bound a constant, e.g. {@code Duration.ofMillis(500)}
   * @return the target
   */
  public static AttainmentTarget itlPercentileAtMost(double percentile, Duration bound) {
    return itlPercentileAtMost(percentile, millis(bound));
  }

  /**
   * The same on ITL.
   *
   * @param percentile 50, 90, 95 or 99
   * @param ms the bound in milliseconds
   * @return the target
   * @deprecated in milliseconds: use {@link #itlPercentileAtMost(double, Duration)}, whose bound is
   *     a {@code Duration}
   */
  @Deprecated
  public static AttainmentTarget itlPercentileAtMost(double percentile, double ms) {
    return AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.ITL, percentile, ms);
  }

  /**
   * A capacity target for {@code llm().capacityTarget(...)}: a level is sustainable when its E2EL
   * percentile is at most the bound; failed requests count as slower than any other.
   *
   * @param percentile 50, 90, 95 or 99
   * @param bound a constant, e.g. {@code Duration.ofMillis(500)}
   * @return the target
   */
  public static AttainmentTarget e2elPercentileAtMost(double percentile, Duration bound) {
    return e2elPercentileAtMost(percentile, millis(bound));
  }

  /**
   * The same on E2EL.
   *
   * @param percentile 50, 90, 95 or 99
   * @param ms the bound in milliseconds
   * @return the target
   * @deprecated in milliseconds: use {@link #e2elPercentileAtMost(double, Duration)}, whose bound
   *     is a {@code Duration}
   */
  @Deprecated
  public static AttainmentTarget e2elPercentileAtMost(double percentile, double ms) {
    return AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.E2EL, percentile, ms);
  }

  /**
   * A capacity target: a level is sustainable when at least this share of its requests met every
   * SLO.
   *
   * @param fraction the least share, in [0, 1]
   * @return the target
   */
  public static AttainmentTarget goodFractionTarget(double fraction) {
    return AttainmentTarget.goodFractionAtLeast(fraction);
  }

  // Load levels.

  /**
   * Puts the virtual user in level {@code index}: its requests count for that level, and the
   * level's window in the LLM report opens with its first user.
   *
   * @param index the 0-based level, a constant
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder startLevel(int index) {
    if (index < 0) {
      throw new IllegalArgumentException(
          "a level index is 0 or more, was " + index + " (warm-up: startWarmup())");
    }
    return () -> StartLevelAction.builder(index, null, 0, 0);
  }

  /**
   * The same, for a level that runs a known number of requests: the console's progress lines show
   * how many of them are done ({@code 37/80}).
   *
   * @param index the 0-based level, a constant
   * @param plannedRequests the requests the level runs in all, a constant (0: not known)
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder startLevel(int index, long plannedRequests) {
    startLevel(index);
    if (plannedRequests < 0) {
      throw new IllegalArgumentException("planned requests must be >= 0, was " + plannedRequests);
    }
    return () -> StartLevelAction.builder(index, null, plannedRequests, 0);
  }

  /**
   * The same, for one run of a level that runs several times ({@code ConcurrencySteps.repeats}):
   * the level's window opens with its first run, and each run's requests also count apart, so that
   * the report gives each level figure as a mean over the runs with its 95 % interval (metrics.md,
   * "Repeats").
   *
   * @param index the 0-based level, a constant
   * @param repeat which run of the level this is, from 1, a constant; runs start in order
   * @param plannedRequests the requests the level runs in all its runs, a constant (0: not known)
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder startRepeat(int index, int repeat, long plannedRequests) {
    startLevel(index, plannedRequests);
    if (repeat < 1) {
      throw new IllegalArgumentException("a level's runs count from 1, was " + repeat);
    }
    return () -> StartLevelAction.builder(index, null, plannedRequests, repeat);
  }

  /**
   * The same, for a level whose concurrency is chosen when it starts (a capacity search's next
   * level): the level's window in the LLM report opens with the concurrency {@code streams} gives
   * for the user that opens it, instead of the one planned in {@code llm().levels(...)}.
   *
   * @param index the 0-based level, a constant
   * @param streams the level's concurrency, at least 1, from the session
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder startLevel(int index, Function<Session, Integer> streams) {
    startLevel(index);
    Objects.requireNonNull(streams, "streams");
    return () -> StartLevelAction.builder(index, streams, 0, 0);
  }

  /**
   * Before level {@code index} of a sweep: asks whether the levels before it were past saturation
   * ({@code ConcurrencySteps.saturationStop}), once for the level, and sets the session's {@code
   * gatling-llm.sweepStopped} to the answer, for an {@code exitHereIf}.
   *
   * @param index the 0-based level about to start
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder saturationCheck(int index) {
    return () -> SaturationCheckAction.builder(index);
  }

  /**
   * Puts the virtual user outside every level, in the warm-up: its requests count in no level's
   * figures.
   *
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder startWarmup() {
    return () -> StartLevelAction.builder(StartLevelAction.WARMUP, null, 0, 0);
  }

  /** A bound as fractional milliseconds, the unit the figures are judged in. */
  private static double millis(Duration bound) {
    return Objects.requireNonNull(bound, "bound").toNanos() / 1e6;
  }

  /**
   * @param whenAbsent the failure when the request lacks the figure (-1), or null to let it pass
   */
  private static AnswerCheck figureAtMost(
      String figure, double ms, ToLongFunction<Answer> nanos, String whenAbsent) {
    if (!(ms > 0) || Double.isInfinite(ms)) {
      throw new IllegalArgumentException(
          figure + " bound must be a positive number of ms, was " + ms);
    }
    long bound = Math.round(ms * 1_000_000);
    String why = figure + " above " + Micros.formatNumber(ms) + " ms";
    return answer -> {
      long value = nanos.applyAsLong(answer);
      return value < 0 ? whenAbsent : value <= bound ? null : why;
    };
  }
}
