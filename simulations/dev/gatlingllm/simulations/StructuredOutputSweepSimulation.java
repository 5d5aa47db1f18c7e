package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.global;

import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.dsl.ready.JsonSchemaFile;
import dev.gatlingllm.dsl.ready.PlannedPrompts;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.Settings;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import dev.gatlingllm.values.ResponseFormat;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.util.List;

/**
 * Structured output under load: does constrained decoding hold as the streams grow? Random prompts
 * of {@code llm.inputTokens} tokens (default 128), each asking for an answer that follows the JSON
 * Schema of {@code llm.schema} (default {@code person-schema.json}: an object of a name, an age, a
 * city and hobbies) in the form {@code llm.schemaForm} names ({@code dialect}, the default: the
 * dialect's own; {@code openai}, {@code guided_json}, {@code structured_outputs}, {@code
 * json_schema} for llama.cpp), at most {@code llm.outputTokens} (default 128) tokens, the answer
 * ending where the JSON does (no ignore_eos); closed-model steps {@code llm.levels} (default
 * 1,4,16). Every answer is judged against the schema: the report gives the share of valid answers
 * per level beside the usual figures ({@code schema_valid}, docs/metrics.md "Structured output").
 */
public class StructuredOutputSweepSimulation extends Simulation {
  private final Settings properties = Settings.fromSystemProperties();
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(
          WorkloadSettings.defaults()
              .levels(1, 4, 16)
              .inputTokens(128)
              .outputTokens(128)
              .requestsPerStream(5));
  private final String schemaLocation = properties.text("llm.schema", "person-schema.json");
  // Read and checked now: a schema no answer can be judged against stops the run in one line.
  private final String schema = JsonSchemaFile.read("llm.schema", schemaLocation);
  private final ResponseFormat form =
      form(
          properties.oneOf(
              "llm.schemaForm",
              "dialect",
              List.of("dialect", "openai", "guided_json", "structured_outputs", "json_schema")));
  private final ConcurrencySteps steps = settings.concurrencySteps();

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final ChainBuilder structuredRequest =
      feed(run.randomPrompts(settings, PlannedPrompts.forSteps(settings, 1)))
          .exec(
              chat("structured")
                  .messages("#{messages}")
                  .maxTokens(run.maxTokens(settings))
                  // the answer ends with its JSON: forcing more tokens would break it
                  .ignoreEos(false)
                  .responseFormat(schema, form));

  {
    run.announce(
        "structured output sweep "
            + settings.closed().levels()
            + ", schema "
            + schemaLocation
            + ", at most "
            + settings.prompts().outputTokens()
            + " output tokens");
    setUp(steps.build("structured", structuredRequest, run.checks()))
        .protocols(
            run.http(),
            run.llm(steps.plannedLevels()).inputTokens(settings.prompts().inputTokens()))
        .assertions(run.assertions(global().failedRequests().percent().lt(1.0)));
  }

  private static ResponseFormat form(String name) {
    return switch (name) {
      case "dialect" -> ResponseFormat.dialectDefault();
      case "openai" -> ResponseFormat.openAi();
      case "guided_json" -> ResponseFormat.vllmGuidedJson();
      case "structured_outputs" -> ResponseFormat.vllmStructuredOutputs();
      case "json_schema" -> ResponseFormat.llamaCppJsonSchema();
      default -> throw new IllegalStateException("not a schema form: " + name);
    };
  }

  @Override
  public void after() {
    run.close();
  }
}
