package dev.gatlingllm.metrics.request;

/**
 * The server's id of a request (the {@code x-request-id} response header of vLLM, OpenAI and most
 * gateways), kept so that a row of {@code requests.csv} can be joined with the server's logs. The
 * server chooses the text, so it is bounded: a hostile or broken server must not bloat every row
 * nor the memory held per request.
 */
public final class RequestIds {
  /** The response header read. */
  public static final String HEADER = "x-request-id";

  /** Longer ids are cut: real ones (UUIDs, {@code chatcmpl-...}) are well below. */
  public static final int MAX_CHARS = 128;

  private RequestIds() {}

  /**
   * The id as kept: trimmed, at most {@link #MAX_CHARS} characters (never cutting a surrogate pair
   * in half), or null when absent or blank.
   */
  public static String bounded(String raw) {
    if (raw == null) {
      return null;
    }
    String id = raw.strip();
    if (id.isEmpty()) {
      return null;
    }
    if (id.length() <= MAX_CHARS) {
      return id;
    }
    int end = Character.isHighSurrogate(id.charAt(MAX_CHARS - 1)) ? MAX_CHARS - 1 : MAX_CHARS;
    return id.substring(0, end);
  }
}
