package dev.gatlingllm.metrics.level;

/**
 * The images the successful requests' prompts carried (docs/metrics.md, "Images in the prompt"):
 * their count and encoded bytes per request, over every successful request (a request with none
 * counts as 0), shown only when a request carried one.
 *
 * @param requests the successful requests
 * @param images the images they carried in all
 * @param bytes the images' encoded bytes in all
 */
public record ImageFigures(long requests, long images, long bytes) {
  /** True when a request carried images: the figures are then shown. */
  public boolean any() {
    return images > 0;
  }

  /** Images per successful request, or 0 when there was none. */
  public double imagesPerRequest() {
    return requests == 0 ? 0 : (double) images / requests;
  }

  /** Image bytes per successful request, or 0 when there was none. */
  public double bytesPerRequest() {
    return requests == 0 ? 0 : (double) bytes / requests;
  }
}
