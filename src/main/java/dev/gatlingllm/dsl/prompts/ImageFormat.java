package dev.gatlingllm.dsl.prompts;

/**
 * How synthetic images are encoded. Random pixels barely compress: a PNG of them is about width x
 * height x 3 bytes, a JPEG a few times smaller, so the format sets the body size a request sends.
 */
public enum ImageFormat {
  PNG("png", "image/png"),
  JPEG("jpeg", "image/jpeg");

  private final String imageIoName;
  private final String mediaType;

  ImageFormat(String imageIoName, String mediaType) {
    this.imageIoName = imageIoName;
    this.mediaType = mediaType;
  }

  /** The name {@code javax.imageio} writes it by. */
  String imageIoName() {
    return imageIoName;
  }

  /** Its media type, e.g. {@code image/png}. */
  public String mediaType() {
    return mediaType;
  }

  /** {@code png} or {@code jpeg} (also {@code jpg}), case aside. */
  public static ImageFormat parse(String name) {
    return switch (name.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "png" -> PNG;
      case "jpeg", "jpg" -> JPEG;
      default ->
          throw new IllegalArgumentException("image format must be png or jpeg, was " + name);
    };
  }
}
