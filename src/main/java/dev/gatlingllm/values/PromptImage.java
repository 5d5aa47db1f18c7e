package dev.gatlingllm.values;

import java.util.Base64;
import java.util.Objects;

/**
 * One image a chat message carries: either encoded bytes (sent inline, base64) or a URL the server
 * fetches itself. Made before the load (generated or read from a dataset), so that a request only
 * writes strings that already exist: the base64 text is encoded once here, never per request.
 *
 * <p>The inline form keeps one string, the whole {@code data:} URL ({@code
 * data:image/png;base64,...}); the bare base64 that Anthropic and Ollama take is a range of it
 * ({@link #base64Start()}), so that an image is held once, not twice.
 *
 * @param mediaType {@code image/png}, {@code image/jpeg}...; null for a URL whose type is unknown
 * @param dataUrl the {@code data:} URL of the inline bytes, or null for a URL image
 * @param url the http(s) URL of an image the server fetches, or null for an inline one
 * @param bytes the size of the encoded image in bytes (0 for a URL image: unknown to the client)
 */
public record PromptImage(String mediaType, String dataUrl, String url, long bytes) {
  public PromptImage {
    if ((dataUrl == null) == (url == null)) {
      throw new IllegalArgumentException("an image is either inline bytes or a URL");
    }
    if (dataUrl != null) {
      Objects.requireNonNull(mediaType, "mediaType");
      // The data URL is written into bodies without JSON escaping: its type must need none.
      if (!MEDIA_TYPE.matcher(mediaType).matches()) {
        throw new IllegalArgumentException("not an image media type: " + mediaType);
      }
    }
  }

  private static final java.util.regex.Pattern MEDIA_TYPE =
      java.util.regex.Pattern.compile("[A-Za-z0-9.+-]+/[A-Za-z0-9.+-]+");

  /** An inline image: {@code encoded} (PNG, JPEG...) of {@code mediaType}, base64-encoded once. */
  public static PromptImage of(String mediaType, byte[] encoded) {
    Objects.requireNonNull(mediaType, "mediaType");
    String prefix = "data:" + mediaType + ";base64,";
    return new PromptImage(
        mediaType, prefix + Base64.getEncoder().encodeToString(encoded), null, encoded.length);
  }

  /** An image the server fetches from {@code url} (OpenAI's and Anthropic's URL forms). */
  public static PromptImage url(String url) {
    return new PromptImage(null, null, Objects.requireNonNull(url, "url"), 0);
  }

  /** True for an inline image, false for a URL one. */
  public boolean inline() {
    return dataUrl != null;
  }

  /** Where the base64 text starts in {@link #dataUrl()}, after {@code data:<type>;base64,}. */
  public int base64Start() {
    return dataUrl.indexOf(',') + 1;
  }

  /** The encoded bytes again (tests, the simulator's checks); decoded from the base64 text. */
  public byte[] decode() {
    return Base64.getDecoder().decode(dataUrl.substring(base64Start()));
  }

  @Override
  public String toString() {
    // Never the base64 text: a message or a log line would carry megabytes.
    return inline()
        ? "PromptImage[" + mediaType + ", " + bytes + " bytes]"
        : "PromptImage[" + url + "]";
  }
}
