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

  /** How many times the output bound a whole JSON answer may take. */
  static final int WHOLE_ANSWER_FACTOR = 16;

  /**
   * The bound on one frame: a streamed frame is one event, but a whole JSON answer is the output
   * itself, as numbers written out: a batch of 32 vectors of 1,536 floats is about 1 MB of JSON,
   * hence {@value #WHOLE_ANSWER_FACTOR} times the output bound (16 MiB by default).
   */
  static int maxFrameBytes(Framing framing, StreamSettings settings) {
    return framing == Framing.JSON
        ? (int) Math.min(Integer.MAX_VALUE - 16, WHOLE_ANSWER_FACTOR * settings.maxOutputBytes())
        : settings.maxEventBytes();
  }
}
