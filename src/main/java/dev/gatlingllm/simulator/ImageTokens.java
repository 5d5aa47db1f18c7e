package dev.gatlingllm.simulator;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * The prompt tokens of an image, from its size: one token per 14 x 14 patch, {@code ceil(width /
 * 14) x ceil(height / 14)}, as CLIP-style vision encoders (LLaVA's ViT-L/14: 336 x 336 gives 24 x
 * 24 = 576) cut an image. The size is read from the PNG or JPEG header alone, without decoding the
 * pixels. An image given by URL is not fetched: it counts as {@value #URL_IMAGE_TOKENS} tokens, a
 * 336 x 336 image.
 */
final class ImageTokens {
  /** The side of one patch, in pixels. */
  static final int PATCH = 14;

  /** What an image the simulator does not fetch counts: 24 x 24 patches. */
  static final int URL_IMAGE_TOKENS = 576;

  private ImageTokens() {}

  /** The tokens of an image of {@code width} x {@code height}. */
  static int of(int width, int height) {
    return ceilDiv(width, PATCH) * ceilDiv(height, PATCH);
  }

  /**
   * The tokens of an image given as a {@code data:} URL or an http(s) URL.
   *
   * @throws SimulatedRequest.InvalidRequestException for a data URL that is not a readable image
   */
  static int ofUrl(String url) {
    if (!url.startsWith("data:")) {
      return URL_IMAGE_TOKENS;
    }
    int comma = url.indexOf(',');
    if (comma < 0 || !url.substring(0, comma).endsWith(";base64")) {
      throw new SimulatedRequest.InvalidRequestException("image data URL must be base64");
    }
    return ofBase64(url.substring(comma + 1));
  }

  /** The tokens of a base64-encoded PNG or JPEG, its size read from its header. */
  static int ofBase64(String base64) {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw new SimulatedRequest.InvalidRequestException("image data is not valid base64");
    }
    try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
      Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
      if (!readers.hasNext()) {
        throw new SimulatedRequest.InvalidRequestException(
            "image data is not a known image format");
      }
      ImageReader reader = readers.next();
      try {
        reader.setInput(in, true, true);
        return of(reader.getWidth(0), reader.getHeight(0));
      } finally {
        reader.dispose();
      }
    } catch (IOException e) {
      throw new SimulatedRequest.InvalidRequestException("image data cannot be read: " + e);
    }
  }

  private static int ceilDiv(int value, int divisor) {
    return (value + divisor - 1) / divisor;
  }
}
