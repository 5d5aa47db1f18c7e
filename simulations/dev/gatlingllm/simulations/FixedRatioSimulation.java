package dev.gatlingllm.simulations;

import static io.gatling.javaapi.core.CoreDsl.global;

import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.workload.LlmTarget;
import dev.gatlingllm.workload.PromptFeeders;
import dev.gatlingllm.workload.Settings;
import dev.gatlingllm.workload.WorkloadSettings;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A fixed input:output ratio workload: {@code llm.ratio} = {@code 1024:1024} (default), the prefill-heavy
 * {@code 4000:50}, the decode-heavy {@code 200:2000}, or any {@code <input>:<output>}. Exact-length random
 * prompts, {@code max_tokens} with {@code ignore_eos}, concurrency steps {@code llm.levels} (default 1,4,16)
 * lasting {@code llm.levelDuration} seconds each (default 30). {@code llm.inputTokens} and
 * {@code llm.outputTokens} override the ratio's parts.
 */
public class FixedRatioSimulation extends Simulation {
  static final Map<String, int[]> PRESETS = Map.of(
      "1024:1024", new int[] {1024, 1024},
      "4000:50", new int[] {4000, 50},
      "200:2000", new int[] {200, 2000});

  private final int[] ratio = parseRatio(Settings.fromSystemProperties().text("llm.ratio", "1024:1024"));
  private final WorkloadSettings settings = WorkloadSettings.fromSystemProperties(new WorkloadSettings.Defaults(
      List.of(1, 4, 16), ratio[0], ratio[1], Duration.ofSeconds(30), List.of(1.0)));
  private final LlmTarget target = LlmTarget.fromSystemProperties();

  {
    var feeder = PromptFeeders.randomPrompts(
        Tokenizers.byName(settings.tokenizer(), target.baseUrl(), null),
        settings.inputTokens(), settings.rangeRatio(), settings.prefixTokens(), settings.seed());
    System.out.println("gatling-llm: fixed ratio " + settings.inputTokens() + ":" + settings.outputTokens()
        + ", levels " + settings.levels() + ", against the " + target.describe());
    setUp(settings.concurrencySteps().build("ratio",
            LlmRequests.chatFrom(feeder, settings.outputTokens(), true)))
        .protocols(target.http(), target.llm())
        .assertions(global().failedRequests().percent().lt(1.0));
  }

  /** {@code "input:output"}, e.g. {@code 1024:1024}. */
  static int[] parseRatio(String value) {
    int[] preset = PRESETS.get(value);
    if (preset != null) {
      return preset;
    }
    String[] parts = value.split(":");
    try {
      if (parts.length == 2) {
        int input = Integer.parseInt(parts[0].trim());
        int output = Integer.parseInt(parts[1].trim());
        if (input > 0 && output > 0) {
          return new int[] {input, output};
        }
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("llm.ratio must be <input>:<output> tokens such as 1024:1024, was '"
        + value + "'");
  }

  @Override
  public void after() {
    target.close();
  }
}
