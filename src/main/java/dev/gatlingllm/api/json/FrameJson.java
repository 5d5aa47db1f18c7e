package dev.gatlingllm.api.json;

import com.fasterxml.jackson.core.JsonFactory;
import java.io.IOException;

/**
 * Reads the JSON of one frame with {@link Utf8JsonCursor} first and, for the frames that cursor
 * gives up on, with Jackson ({@link JacksonCursor}), which decides them. One per interpreter (the
 * fast cursor is reused), one thread.
 */
public final class FrameJson {
  /** Reads a frame's JSON; false when it is not what the dialect expects (e.g. not one object). */
  @FunctionalInterface
  public interface Reader {
    boolean read(JsonCursor json) throws IOException;
  }

  private final JsonFactory factory;

  /** Null when every frame goes to Jackson: the benchmarks measure that way beside the default. */
  private final Utf8JsonCursor fast;

  public FrameJson(JsonFactory factory, boolean fastPath) {
    this.factory = factory;
    this.fast = fastPath ? new Utf8JsonCursor() : null;
  }

  /**
   * Runs {@code reader} over {@code data[offset, offset + length)}: on the fast cursor, then, if it
   * gave up, on Jackson after {@code restart} (which drops what the first attempt collected). False
   * when the data is not well-formed JSON or the reader refused it.
   */
  public boolean read(byte[] data, int offset, int length, Runnable restart, Reader reader) {
    if (fast != null) {
      try {
        return reader.read(fast.reset(data, offset, length));
      } catch (IOException leftToJackson) {
        restart.run();
      }
    }
    JacksonCursor jackson = null;
    try {
      jackson = JacksonCursor.open(factory, data, offset, length);
      return reader.read(jackson);
    } catch (IOException e) {
      return false;
    } finally {
      if (jackson != null) {
        jackson.close();
      }
    }
  }
}
