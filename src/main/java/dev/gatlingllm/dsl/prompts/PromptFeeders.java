package dev.gatlingllm.dsl.prompts;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.values.Tokenizer;
import java.util.List;
import java.util.Map;

/** Feeders for the ready simulations, their records keyed as {@link PromptRecords} says. */
public final class PromptFeeders {
  private static final ObjectMapper JSON = new ObjectMapper();

  private PromptFeeders() {}

  /**
   * A feeder of random-pixel images, generated before the load: {@code
   * feed(syntheticImages().perRequest(2).size(336, 336).feeder())}, then {@code
   * chat(..).images("#{images}")}.
   *
   * @return an immutable builder with the defaults (1 image, 336 x 336, PNG, seed 42, 64 sets)
   */
  public static SyntheticImageFeeder syntheticImages() {
    return new SyntheticImageFeeder();
  }

  /**
   * A feeder of seeded noise clips (WAV), made before the load: {@code
   * feed(syntheticAudio().duration(Duration.ofSeconds(5)).feeder())}, then {@code
   * chat(..).audio("#{audio}")}.
   *
   * @return an immutable builder with the defaults (1 clip of 5 s, seed 42, 16 sets)
   */
  public static SyntheticAudioFeeder syntheticAudio() {
    return new SyntheticAudioFeeder();
  }

  /**
   * An endless feeder of exact-length random prompts, thread-safe. The {@code plannedPrompts} the
   * run will use are generated now, on the calling thread (build it in the simulation's
   * constructor, never from a virtual user), so that polling the feeder does no tokenizer work; see
   * {@link PreparedPrompts}.
   *
   * @param plannedPrompts how many prompts the run will feed: exact when the load is a number of
   *     requests, an estimate when it lasts a duration (prompts beyond it are generated in the
   *     background)
   */
  public static PreparedPrompts randomPrompts(
      Tokenizer tokenizer,
      int inputTokens,
      double rangeRatio,
      SharedPrefix prefix,
      long seed,
      long plannedPrompts) {
    return randomPrompts(tokenizer, inputTokens, rangeRatio, prefix, seed, null, plannedPrompts);
  }

  /**
   * The same, each record carrying its own output length ({@link PromptRecords#MAX_TOKENS}) drawn
   * from {@code outputs}; null: none, the request's own setting.
   */
  public static PreparedPrompts randomPrompts(
      Tokenizer tokenizer,
      int inputTokens,
      double rangeRatio,
      SharedPrefix prefix,
      long seed,
      OutputLengths outputs,
      long plannedPrompts) {
    RandomPrompts prompts = new RandomPrompts(tokenizer, inputTokens, rangeRatio, prefix, seed);
    return PreparedPrompts.prepare(
        outputs == null ? prompts : prompts.drawingOutputs(outputs), plannedPrompts);
  }

  /**
   * Reads a dataset with the default options ({@link Datasets}): JSONL or a JSON array of records
   * with {@code "prompt": "..."}, {@code "messages": [{"role": "...", "content": "..."}...]} or
   * ShareGPT's {@code "conversations"}, and optionally {@code "max_tokens": n}. Blank lines and
   * lines starting with {@code //} are skipped. The file is a path, or else a classpath resource
   * (e.g. one in {@code feeders/}).
   *
   * @throws IllegalArgumentException naming the file and line of the first bad record
   */
  public static List<Map<String, Object>> dataset(String location) {
    return Datasets.read(location, DatasetOptions.DEFAULTS, null).records();
  }
}
