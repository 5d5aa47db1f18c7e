package dev.gatlingllm.framing;

/** Receives the frames a {@link FrameDecoder} dispatches, in order, on the thread that feeds it. */
@FunctionalInterface
public interface FrameListener {
  /** The frame is only valid during this call: copy what must outlive it. */
  void onFrame(Frame frame);
}
