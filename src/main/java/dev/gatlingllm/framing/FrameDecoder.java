package dev.gatlingllm.framing;

import java.nio.ByteBuffer;

/**
 * An incremental, byte-level decoder of one response body into {@link Frame}s: bytes arrive in
 * chunks split anywhere, memory stays bounded, and after a format error the decoder is failed for
 * good. Not thread-safe: one decoder per stream, fed from one thread.
 */
public interface FrameDecoder {
  /**
   * Feeds the remaining bytes of {@code buffer} without moving its position, dispatching every
   * frame they complete.
   *
   * @throws FrameFormatException when the bytes break the framing's bounds, and on every call after
   *     that
   */
  void feed(ByteBuffer buffer);

  /**
   * Ends the stream, dispatching what the framing allows at the end of a body (e.g. an NDJSON last
   * line without a newline). Returns true when bytes of an incomplete frame were dropped, so that
   * callers can report a truncated stream.
   */
  boolean finish();
}
