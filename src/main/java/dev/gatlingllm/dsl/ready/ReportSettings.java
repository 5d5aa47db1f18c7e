package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.check.LlmCheck;
import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.dsl.LlmProtocolBuilder;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.metrics.request.RequestKind;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.metrics.sweep.Pricing;
import dev.gatlingllm.values.LevelWindow;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.PopulationBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What the ready simulations' LLM report measures and checks, from properties: {@code
 * llm.slo.ttftMs} / {@code llm.slo.tpotMs} / {@code llm.slo.e2elMs} (goodput SLOs; TTFT 500 ms and
 * TPOT 50 ms unless set, {@code none} for none), {@code llm.settleSeconds} (start of each level
 * left out), {@code llm.capacity.p99TtftMs} (capacity target; default: 95 % good requests, {@code
 * llm.capacity.goodFraction}), {@code llm.cost.pricePerHour} (alone: the cost per million output
 * tokens at each level; with {@code llm.cost.pricePerMillionOutputTokens}: the break-even against
 * that API too), and checks that fail the run: {@code llm.assert.outputThroughput} (tok/s), {@code
 * llm.assert.goodput} (req/s), {@code llm.assert.goodFraction}, {@code llm.assert.capacity}
 * (streams or req/s), {@code llm.assert.ttftP99Ms}.
 */
public record ReportSettings(
    Double sloTtftMs,
    Double sloTpotMs,
    Double sloE2elMs,
    Duration settle,
    AttainmentTarget target,
    Double pricePerHour,
    Double pricePerMillionOutputTokens,
    String currency,
    int gpus,
    List<LlmCheck> checks) {

  /** The default SLOs of every simulation ({@link LlmProtocolBuilder#DEFAULT_TTFT_SLO_MS}). */
  public static final double DEFAULT_SLO_TTFT_MS = LlmProtocolBuilder.DEFAULT_TTFT_SLO_MS;

  public static final double DEFAULT_SLO_TPOT_MS = LlmProtocolBuilder.DEFAULT_TPOT_SLO_MS;

  public static ReportSettings fromSystemProperties() {
    return read(Settings.fromSystemProperties());
  }

  public static ReportSettings read(Settings s) {
    Double capacityTtft = s.optionalNumber("llm.capacity.p99TtftMs");
    double goodFraction = s.number("llm.capacity.goodFraction", 0.95);
    AttainmentTarget target =
        capacityTtft != null
            ? AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.TTFT, 99, capacityTtft)
            : AttainmentTarget.goodFractionAtLeast(goodFraction);
    Double pricePerHour = s.optionalNumber("llm.cost.pricePerHour");
    Double pricePerMillion = s.optionalNumber("llm.cost.pricePerMillionOutputTokens");
    if (pricePerHour == null && pricePerMillion != null) {
      throw new UserError(
          "llm.cost.pricePerMillionOutputTokens is compared with the server's hourly price: set"
              + " llm.cost.pricePerHour too");
    }
    List<LlmCheck> checks = new ArrayList<>();
    Double outputThroughput = s.optionalNumber("llm.assert.outputThroughput");
    if (outputThroughput != null) {
      checks.add(LlmDsl.outputThroughputAtLeast(outputThroughput));
    }
    Double goodput = s.optionalNumber("llm.assert.goodput");
    if (goodput != null) {
      checks.add(LlmDsl.requestGoodputAtLeast(goodput));
    }
    String fraction = s.text("llm.assert.goodFraction", null);
    if (fraction != null) {
      checks.add(LlmDsl.goodFractionAtLeast(s.number("llm.assert.goodFraction", 0)));
    }
    Double capacity = s.optionalNumber("llm.assert.capacity");
    if (capacity != null) {
      checks.add(LlmDsl.capacityAtLeast(capacity));
    }
    Double ttftP99 = s.optionalNumber("llm.assert.ttftP99Ms");
    if (ttftP99 != null) {
      checks.add(LlmDsl.ttftP99AtMost(Duration.ofNanos(Math.round(ttftP99 * 1e6))));
    }
    return new ReportSettings(
        s.sloMillis("llm.slo.ttftMs", DEFAULT_SLO_TTFT_MS),
        s.sloMillis("llm.slo.tpotMs", DEFAULT_SLO_TPOT_MS),
        s.sloMillis("llm.slo.e2elMs", null),
        s.seconds("llm.settleSeconds", Duration.ZERO),
        target,
        pricePerHour,
        pricePerMillion,
        currency(s.text("llm.cost.currency", Pricing.DEFAULT_CURRENCY)),
        s.wholeNumber("llm.gpus", 0),
        List.copyOf(checks));
  }

  /** A currency code as {@link Pricing} takes it, or the user error that says what it must be. */
  private static String currency(String code) {
    try {
      return new Pricing(1, Double.NaN, code).currency();
    } catch (IllegalArgumentException e) {
      throw new UserError("llm.cost.currency: " + e.getMessage().replace("pricing: ", ""));
    }
  }

  /**
   * The protocol with these report settings and the planned levels.
   *
   * @param protocol the target's protocol
   * @param levels the levels the load model plans ({@code ConcurrencySteps.plannedLevels()})
   * @return a new protocol builder
   */
  public LlmProtocolBuilder applyTo(LlmProtocolBuilder protocol, List<LevelWindow> levels) {
    LlmProtocolBuilder p =
        protocol
            .levels(levels)
            .settle(settle)
            .capacityTarget(target)
            .slos(new Slos(sloTtftMs, sloTpotMs, sloE2elMs));
    if (gpus > 0) {
      p = p.gpus(gpus);
    }
    if (pricePerHour != null) {
      p =
          pricePerMillionOutputTokens != null
              ? p.pricing(pricePerHour, pricePerMillionOutputTokens, currency)
              : p.pricing(pricePerHour, currency);
    }
    return p;
  }

  /** Appends the SLOs, the capacity target and the checks to the console's settings block. */
  void describe(StringBuilder text) {
    describe(text, RequestKind.GENERATION);
  }

  /** The same, naming only the SLOs that judge requests of {@code kind}. */
  void describe(StringBuilder text, RequestKind kind) {
    Slos slos = new Slos(sloTtftMs, sloTpotMs, sloE2elMs);
    Slos judging = slos.judging(kind);
    LlmTarget.row(
        text,
        "SLOs",
        judging.anySet() || !slos.anySet()
            ? judging.describe()
            : "none judges " + kind.plural() + " (only an E2EL SLO does: llm.slo.e2elMs)");
    LlmTarget.row(text, "capacity target", target.describe());
    if (!settle.isZero()) {
      LlmTarget.row(text, "settle", settle.toMillis() / 1000.0 + " s per level");
    }
    if (!checks.isEmpty()) {
      LlmTarget.row(text, "run checks", checks.size() + " (llm.assert.*)");
    }
  }

  /** The population judging the checks after the load, or null when there is none. */
  public PopulationBuilder checksPopulation() {
    return checks.isEmpty() ? null : LlmDsl.llmChecks(checks);
  }

  /** The Gatling assertions these settings add (none without checks). */
  public List<Assertion> assertions() {
    return checks.isEmpty() ? List.of() : List.of(LlmDsl.llmChecksPassed());
  }
}
