package dev.gatlingllm.stream;

import dev.gatlingllm.framing.FrameDecoder;
import dev.gatlingllm.framing.FrameListener;
import dev.gatlingllm.framing.Framing;
import dev.gatlingllm.framing.WholeBodyDecoder;
import dev.gatlingllm.ndjson.NdjsonDecoder;
import dev.gatlingllm.sse.SseDecoder;

/** The decoder of each framing, all with the same bound on one frame. */
final class FrameDecoders {
  private FrameDecoders() {}

  static FrameDecoder create(Framing framing, FrameListener listener, int maxFrameBytes) {
    return switch (framing) {
      case SSE -> new SseDecoder(listener::onFrame, maxFrameBytes);
      case NDJSON -> new NdjsonDecoder(listener, maxFrameBytes);
      case JSON -> new WholeBodyDecoder(listener, maxFrameBytes);
    };
  }

  /**
   * The bound on one frame: a streamed frame is one event, but a whole JSON answer (a batch of
   * embeddings) is the output itself, bounded as the output is.
   */
  static int maxFrameBytes(Framing framing, StreamSettings settings) {
    return framing == Framing.JSON
        ? (int) Math.min(Integer.MAX_VALUE - 16, settings.maxOutputBytes())
        : settings.maxEventBytes();
  }
}
