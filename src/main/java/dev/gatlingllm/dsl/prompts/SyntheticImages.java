package dev.gatlingllm.dsl.prompts;

import dev.gatlingllm.values.PromptImage;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;

/**
 * Images of random pixels, generated and encoded before the load as the random prompts are (build
 * them in the simulation's constructor, never from a virtual user): a request then only copies a
 * base64 string that already exists. Seeded, so that two runs send the same images.
 *
 * <p>A pool of distinct image sets is generated and the requests take them in turn: a random-pixel
 * PNG of 336 x 336 is ~340 kB, so one set per request would not fit in memory for a long run. A
 * server that caches images by content (vLLM's multimodal processor cache) sees a set again after
 * {@code distinctSets} requests; make the pool larger than what that cache holds to measure the
 * encoder on every request.
 */
public final class SyntheticImages {
  private SyntheticImages() {}

  /**
   * {@code count} images of {@code width} x {@code height} random pixels in {@code format}, the
   * same for the same seed.
   */
  public static List<PromptImage> generate(
      int count, int width, int height, ImageFormat format, long seed) {
    if (count < 0 || width <= 0 || height <= 0) {
      throw new IllegalArgumentException(
          "images need count >= 0 and a positive width and height, were "
              + count
              + ", "
              + width
              + "x"
              + height);
    }
    SplittableRandom random = new SplittableRandom(seed);
    List<PromptImage> images = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      images.add(PromptImage.of(format.mediaType(), encode(width, height, format, random)));
    }
    return List.copyOf(images);
  }

  /**
   * An endless feeder whose records hold {@code images} ({@link PromptRecords#IMAGES}): {@code
   * distinctSets} sets of {@code perRequest} images, generated now and fed in turn. Thread-safe.
   */
  public static Iterator<Map<String, Object>> feeder(
      int perRequest, int width, int height, ImageFormat format, long seed, int distinctSets) {
    return InTurn.feeder(records(perRequest, width, height, format, seed, distinctSets));
  }

  /** The feeder's records: {@code distinctSets} sets of {@code perRequest} images, seeded. */
  static List<Map<String, Object>> records(
      int perRequest, int width, int height, ImageFormat format, long seed, int distinctSets) {
    if (distinctSets <= 0) {
      throw new IllegalArgumentException("distinct image sets must be positive: " + distinctSets);
    }
    List<Map<String, Object>> sets = new ArrayList<>(distinctSets);
    SplittableRandom seeds = new SplittableRandom(seed);
    for (int i = 0; i < distinctSets; i++) {
      sets.add(
          Map.of(
              PromptRecords.IMAGES, generate(perRequest, width, height, format, seeds.nextLong())));
    }
    return List.copyOf(sets);
  }

  private static byte[] encode(int width, int height, ImageFormat format, SplittableRandom random) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    int[] pixels = new int[width];
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        pixels[x] = random.nextInt(1 << 24);
      }
      image.setRGB(0, y, width, 1, pixels, 0, width);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(width * height * 3 + 1024);
    try {
      if (!ImageIO.write(image, format.imageIoName(), out)) {
        throw new IllegalStateException("this JDK has no " + format + " writer");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
