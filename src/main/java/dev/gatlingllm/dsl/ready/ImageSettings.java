package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.dsl.prompts.ImageDatasets;
import dev.gatlingllm.dsl.prompts.ImageFormat;
import dev.gatlingllm.dsl.prompts.SyntheticImages;
import dev.gatlingllm.logging.UserError;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The images a ready simulation puts in its prompts, from the {@code llm.images.*} properties:
 * {@code llm.images.count} per request (default 1), {@code llm.images.width} and {@code
 * llm.images.height} (default 336 x 336, a CLIP ViT-L/14-336 input), {@code llm.images.format}
 * ({@code png} or {@code jpeg}, default png), {@code llm.images.distinct} (the synthetic image sets
 * generated before the load and fed in turn, default 64), or {@code llm.images.dataset}: a JSONL or
 * LLaVA file whose prompts and images replace the synthetic ones ({@link ImageDatasets}).
 *
 * @param count images per request
 * @param width pixels
 * @param height pixels
 * @param format how synthetic images are encoded
 * @param distinct synthetic image sets generated before the load
 * @param dataset an image dataset, or null for synthetic images
 */
public record ImageSettings(
    int count, int width, int height, ImageFormat format, int distinct, String dataset) {

  /**
   * The most pixels of synthetic images a run generates before the load and holds: random pixels do
   * not compress, so about 3 bytes each, 100 MB in all (the default, 64 sets of one 336x336 image,
   * is 7 million).
   */
  public static final long MAX_SYNTHETIC_PIXELS = 1L << 25;

  /**
   * @return the settings the system properties describe; a bad one fails here, in one line
   */
  public static ImageSettings fromSystemProperties() {
    Settings properties = Settings.fromSystemProperties();
    int count = properties.wholeNumber("llm.images.count", 1);
    int width = properties.wholeNumber("llm.images.width", 336);
    int height = properties.wholeNumber("llm.images.height", 336);
    int distinct = properties.wholeNumber("llm.images.distinct", 64);
    ImageFormat format;
    try {
      format = ImageFormat.parse(properties.text("llm.images.format", "png"));
    } catch (IllegalArgumentException e) {
      throw new UserError("llm.images.format: " + e.getMessage());
    }
    String dataset = properties.text("llm.images.dataset", null);
    long pixels = (long) count * distinct * width * height;
    if (dataset == null && pixels > MAX_SYNTHETIC_PIXELS) {
      throw new UserError(
          "llm.images.count x llm.images.distinct x llm.images.width x llm.images.height must be"
              + " at most "
              + MAX_SYNTHETIC_PIXELS
              + " pixels (the synthetic images are generated before the load and held), was "
              + count
              + " x "
              + distinct
              + " x "
              + width
              + " x "
              + height
              + " = "
              + pixels);
    }
    return new ImageSettings(count, width, height, format, distinct, dataset);
  }

  /**
   * The feeder of synthetic image sets, generated now (call it in the simulation's constructor).
   *
   * @param seed {@code llm.seed}, so that two runs send the same images
   */
  public Iterator<Map<String, Object>> syntheticFeeder(long seed) {
    return SyntheticImages.feeder(count, width, height, format, seed, distinct);
  }

  /** The records of {@link #dataset()}, images read now; a bad record fails here, in one line. */
  public List<Map<String, Object>> datasetRecords() {
    try {
      return ImageDatasets.read(dataset);
    } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
      throw new UserError("llm.images.dataset: " + e.getMessage());
    }
  }

  /** What the run sends, for its announcement. */
  public String describe() {
    return dataset != null
        ? "images from " + dataset
        : count
            + " x "
            + width
            + "x"
            + height
            + " "
            + format.name().toLowerCase(java.util.Locale.ROOT)
            + " per request";
  }
}
