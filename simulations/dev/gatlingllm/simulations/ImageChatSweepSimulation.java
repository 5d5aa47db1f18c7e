package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.listFeeder;

import dev.gatlingllm.dsl.LlmRequestActionBuilder;
import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.dsl.ready.AudioSettings;
import dev.gatlingllm.dsl.ready.ImageSettings;
import dev.gatlingllm.dsl.ready.PlannedPrompts;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;

/**
 * A concurrency sweep of chat requests with images, for a vision model: random prompts of {@code
 * llm.inputTokens} tokens, each carrying {@code llm.images.count} images of {@code
 * llm.images.width} x {@code llm.images.height} random pixels ({@code llm.images.format} png or
 * jpeg), generated and encoded before the load and seeded by {@code llm.seed}; or the prompts and
 * images of {@code llm.images.dataset} (JSONL or the LLaVA layout). {@code llm.outputTokens} output
 * tokens (ignore_eos), closed-model steps {@code llm.levels}. With {@code llm.audio.count} each
 * synthetic prompt carries that many WAV clips of {@code llm.audio.seconds} too (OpenAI chat's
 * {@code input_audio} parts; 25 tokens a second in the embedded simulator).
 *
 * <p>Defaults: levels 1,4,16; 64 input tokens; 48 output tokens; one 336 x 336 PNG per request. The
 * report adds images and image bytes per request; the input tokens are the server's count, images
 * included (the embedded simulator counts 24 x 24 = 576 per 336 x 336 image).
 */
public class ImageChatSweepSimulation extends Simulation {
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(
          WorkloadSettings.defaults()
              .levels(1, 4, 16)
              .inputTokens(64)
              .outputTokens(48)
              .requestsPerStream(5));
  private final ImageSettings images = ImageSettings.fromSystemProperties();
  private final AudioSettings audio = AudioSettings.fromSystemProperties();
  private final ConcurrencySteps steps = settings.concurrencySteps();

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final ChainBuilder chatRequest = images.dataset() != null ? fromDataset() : synthetic();

  /**
   * Random text prompts, each with a set of synthetic images from a pool made now, and with {@code
   * llm.audio.count} a set of synthetic audio clips too.
   */
  private ChainBuilder synthetic() {
    LlmRequestActionBuilder request =
        chat("chat")
            .user("#{prompt}")
            .images("#{images}")
            .maxTokens(run.maxTokens(settings))
            .ignoreEos(run.ignoreEos(true));
    ChainBuilder fed =
        feed(run.randomPrompts(settings, PlannedPrompts.forSteps(settings, 1)))
            .feed(images.syntheticFeeder(settings.prompts().seed()));
    if (audio.any()) {
      fed = fed.feed(audio.syntheticFeeder(settings.prompts().seed() + 1));
      request = request.audio("#{audio}");
    }
    return fed.exec(request);
  }

  /** The dataset's prompts, each record's message carrying its own images. */
  private ChainBuilder fromDataset() {
    return feed(listFeeder(images.datasetRecords()).circular())
        .exec(
            chat("chat")
                .messages("#{messages}")
                .maxTokens(settings.prompts().outputTokens())
                .ignoreEos(run.ignoreEos(true)));
  }

  {
    run.announce(
        "image chat sweep "
            + settings.closed().levels()
            + ", "
            + images.describe()
            + (audio.any() ? ", " + audio.describe() : "")
            + ", "
            + settings.prompts().outputTokens()
            + " output tokens");
    setUp(steps.build("image-sweep", chatRequest, run.checks()))
        .protocols(
            run.http(),
            run.llm(steps.plannedLevels()).outputTokens(settings.prompts().outputTokens()))
        .assertions(
            run.assertions(
                global().failedRequests().percent().lt(1.0),
                details("chat TTFT").successfulRequests().count().gt(0L)));
  }

  @Override
  public void after() {
    run.close();
  }
}
