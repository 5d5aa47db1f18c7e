package dev.gatlingllm.simulator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * What the faults of {@link FaultSpec} do to an embeddings or rerank answer, which is one JSON
 * document rather than a stream (docs/simulator.md, "Embeddings and rerank"). A fault that strikes
 * "after N tokens" strikes once the batch has run, where the whole answer would have been written;
 * the faults of a stream's framing (tokens per event, line endings, comments, role delay, content
 * type, schema) have nothing to act on and leave the answer as it is.
 */
final class PooledAnswerFaults {
  /** The message of the 500 that {@code error-mid-stream} gives a pooled request. */
  static final String SERVER_ERROR_MESSAGE = "simulated failure while computing the batch";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** How the answer ends. */
  enum Outcome {
    /** Written, possibly spoilt by {@link #body}. */
    ANSWER,
    /** A 500 instead of the answer ({@code error-mid-stream}). */
    SERVER_ERROR,
    /** The connection closed with a TCP reset ({@code reset-mid-stream}). */
    RESET,
    /** Nothing is written; the connection stays open until the client closes it. */
    STALL
  }

  private PooledAnswerFaults() {}

  static Outcome outcome(FaultSpec fault) {
    return switch (fault.midStream()) {
      case NONE -> Outcome.ANSWER;
      case ERROR -> Outcome.SERVER_ERROR;
      case RESET -> Outcome.RESET;
      case STALL -> Outcome.STALL;
    };
  }

  /**
   * The bytes written for an {@link Outcome#ANSWER}: none under {@code empty-body}, the first half
   * under {@code invalid-json} (JSON that does not parse, as a proxy that cut it), the answer
   * without its {@code usage} under {@code no-usage} (the client then counts the input tokens
   * itself), else the answer. Called on the pooling engine's thread: reading a batch of vectors
   * again is no work for an event loop.
   */
  static byte[] body(FaultSpec fault, byte[] answer) {
    if (fault.emptyBody()) {
      return new byte[0];
    }
    if (fault.invalidJsonAtEvent() > 0) {
      return Arrays.copyOf(answer, answer.length / 2);
    }
    return fault.noUsage() ? withoutUsage(answer) : answer;
  }

  private static byte[] withoutUsage(byte[] answer) {
    try {
      ObjectNode root = (ObjectNode) JSON.readTree(answer);
      root.remove("usage");
      return JSON.writeValueAsBytes(root);
    } catch (IOException e) {
      throw new UncheckedIOException("the simulator's own answer is JSON", e);
    }
  }
}
