package dev.gatlingllm.simulations;

import dev.gatlingllm.dsl.LlmProtocolBuilder;
import dev.gatlingllm.metrics.level.LevelWindow;
import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.workload.LlmTarget;
import dev.gatlingllm.workload.PromptFeeders;
import dev.gatlingllm.workload.ReportSettings;
import dev.gatlingllm.workload.WorkloadSettings;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * What every ready simulation shares: the target (a server or the embedded simulator), the report settings
 * and checks, random prompts, and the set-up of a load with its protocols and assertions. All properties are
 * read and checked when the simulation is built, before any load.
 */
abstract class ReadySimulation extends Simulation {
  protected final ReportSettings report = ReportSettings.fromSystemProperties();
  protected final LlmTarget target = LlmTarget.fromSystemProperties();

  /**
   * Exact-length random prompts as the settings describe them, the {@code plannedPrompts} the run will use
   * generated now, while the simulation is built, so that no virtual user waits for a tokenizer.
   *
   * @param plannedPrompts see {@code PlannedPrompts}
   */
  protected Iterator<Map<String, Object>> randomPrompts(WorkloadSettings settings, long plannedPrompts) {
    return PromptFeeders.randomPrompts(
        Tokenizers.byName(settings.tokenizer(), target.baseUrl(), null),
        settings.inputTokens(), settings.rangeRatio(), settings.prefixTokens(), settings.seed(), plannedPrompts);
  }

  /** The LLM protocol for the target, measuring the planned levels and lengths (-1 when they vary). */
  protected LlmProtocolBuilder llmProtocol(List<LevelWindow> levels, int inputTokens, int outputTokens) {
    return report.applyTo(target.llm(), levels, inputTokens, outputTokens);
  }

  /** Sets the run up: the load, the protocols, and the LLM checks' assertion with the given ones. */
  protected void run(String description, PopulationBuilder load, LlmProtocolBuilder llm, Assertion... assertions) {
    System.out.println("gatling-llm: " + description + ", against the " + target.describe());
    List<Assertion> all = new ArrayList<>(List.of(assertions));
    all.addAll(report.assertions());
    setUp(load).protocols(target.http(), llm).assertions(all);
  }

  @Override
  public void after() {
    target.close();
  }
}
