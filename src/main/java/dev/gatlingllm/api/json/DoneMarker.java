package dev.gatlingllm.api.json;

/**
 * The data of an SSE event as the interpreters look at it before any JSON: blank (a keep-alive some
 * proxies send) or the OpenAI-style end marker {@code [DONE]}, compared on the bytes, whitespace
 * around it tolerated.
 */
public final class DoneMarker {
  private static final byte[] DONE = {'[', 'D', 'O', 'N', 'E', ']'};

  private DoneMarker() {}

  /** The first non-whitespace index in {@code [from, to)}, or {@code to}. */
  public static int skipWhitespace(byte[] data, int from, int to) {
    int i = from;
    while (i < to && JsonCursor.isWhitespace(data[i])) {
      i++;
    }
    return i;
  }

  /**
   * True when {@code [start, end)}, starting at a non-whitespace byte, is {@code [DONE]} and
   * whitespace.
   */
  public static boolean isDone(byte[] data, int start, int end) {
    if (end - start < DONE.length) {
      return false;
    }
    for (int i = 0; i < DONE.length; i++) {
      if (data[start + i] != DONE[i]) {
        return false;
      }
    }
    return skipWhitespace(data, start + DONE.length, end) == end;
  }
}
