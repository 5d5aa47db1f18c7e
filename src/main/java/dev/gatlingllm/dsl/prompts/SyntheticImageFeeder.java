package dev.gatlingllm.dsl.prompts;

import static io.gatling.javaapi.core.CoreDsl.listFeeder;

import io.gatling.javaapi.core.FeederBuilder;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Immutable builder of a feeder of random-pixel images ({@link SyntheticImages}), reached with
 * {@code PromptFeeders.syntheticImages()}: each record holds {@code images}, a {@code
 * List<PromptImage>} for {@code chat(..).images("#{images}")}. The images are generated and encoded
 * when {@link #feeder()} is called, in the simulation's constructor, before the load; a request
 * then only copies their base64 text. Seeded, so that two runs send the same images.
 *
 * <p>Defaults: 1 image a request, 336 x 336, PNG, seed 42, 64 distinct sets fed in turn.
 */
public final class SyntheticImageFeeder {
  private final int perRequest;
  private final int width;
  private final int height;
  private final ImageFormat format;
  private final long seed;
  private final int distinctSets;

  /** The defaults; {@code PromptFeeders.syntheticImages()} gives this. */
  public SyntheticImageFeeder() {
    this(1, 336, 336, ImageFormat.PNG, 42, 64);
  }

  private SyntheticImageFeeder(
      int perRequest, int width, int height, ImageFormat format, long seed, int distinctSets) {
    this.perRequest = perRequest;
    this.width = width;
    this.height = height;
    this.format = format;
    this.seed = seed;
    this.distinctSets = distinctSets;
  }

  /**
   * @param count images in each record, at least 0
   * @return a new builder
   */
  public SyntheticImageFeeder perRequest(int count) {
    return new SyntheticImageFeeder(count, width, height, format, seed, distinctSets);
  }

  /**
   * @param newWidth pixels, positive
   * @param newHeight pixels, positive
   * @return a new builder
   */
  public SyntheticImageFeeder size(int newWidth, int newHeight) {
    return new SyntheticImageFeeder(perRequest, newWidth, newHeight, format, seed, distinctSets);
  }

  /**
   * @param newFormat PNG or JPEG
   * @return a new builder
   */
  public SyntheticImageFeeder format(ImageFormat newFormat) {
    return new SyntheticImageFeeder(
        perRequest, width, height, Objects.requireNonNull(newFormat, "format"), seed, distinctSets);
  }

  /**
   * @param newSeed the pixels' seed: the same seed, the same images
   * @return a new builder
   */
  public SyntheticImageFeeder seed(long newSeed) {
    return new SyntheticImageFeeder(perRequest, width, height, format, newSeed, distinctSets);
  }

  /**
   * How many different records are made, fed in turn: a server that caches images by content sees a
   * set again after this many requests. A random-pixel PNG of 336 x 336 is ~340 kB.
   *
   * @param sets positive
   * @return a new builder
   */
  public SyntheticImageFeeder distinct(int sets) {
    return new SyntheticImageFeeder(perRequest, width, height, format, seed, sets);
  }

  /**
   * Generates the images now and gives Gatling's feeder of them, circular (its strategy can be
   * changed: {@code .random()}, {@code .shuffle()}).
   *
   * @return the feeder, for {@code feed(..)}
   * @throws IllegalArgumentException for a count below 0, a size or distinct sets not positive
   */
  public FeederBuilder<Object> feeder() {
    return listFeeder(records()).circular();
  }

  /** The records the feeder holds, in its order. */
  List<Map<String, Object>> records() {
    return SyntheticImages.records(perRequest, width, height, format, seed, distinctSets);
  }
}
