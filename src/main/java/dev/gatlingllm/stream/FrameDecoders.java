package dev.gatlingllm.stream;

import dev.gatlingllm.framing.FrameDecoder;
import dev.gatlingllm.framing.FrameListener;
import dev.gatlingllm.framing.Framing;
import dev.gatlingllm.ndjson.NdjsonDecoder;
import dev.gatlingllm.sse.SseDecoder;

/** The decoder of each framing, all with the same bound on one frame. */
final class FrameDecoders {
  private FrameDecoders() {}

  static FrameDecoder create(Framing framing, FrameListener listener, int maxFrameBytes) {
    return switch (framing) {
      case SSE -> new SseDecoder(listener::onFrame, maxFrameBytes);
      case NDJSON -> new NdjsonDecoder(listener, maxFrameBytes);
    };
  }
}
