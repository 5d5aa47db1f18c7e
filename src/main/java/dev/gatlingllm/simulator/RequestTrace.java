package dev.gatlingllm.simulator;

import dev.gatlingllm.simulator.GroundTruthRecord.EventKind;
import java.util.Arrays;

/** Collects one request's writes on its event loop, in primitive arrays, until it ends. */
final class RequestTrace {
  private final String requestId;
  private final String endpoint;
  private final boolean streamed;
  private final long receivedNanos;
  private EventKind[] kinds;
  private long[] planned;
  private long[] written;
  private int[] tokens;
  private int size;

  RequestTrace(
      String requestId, String endpoint, boolean streamed, long receivedNanos, int expectedEvents) {
    this.requestId = requestId;
    this.endpoint = endpoint;
    this.streamed = streamed;
    this.receivedNanos = receivedNanos;
    int capacity = Math.max(4, expectedEvents);
    kinds = new EventKind[capacity];
    planned = new long[capacity];
    written = new long[capacity];
    tokens = new int[capacity];
  }

  void add(EventKind kind, long plannedNanos, long writeNanos, int tokenCount) {
    if (size == kinds.length) {
      int capacity = size * 2;
      kinds = Arrays.copyOf(kinds, capacity);
      planned = Arrays.copyOf(planned, capacity);
      written = Arrays.copyOf(written, capacity);
      tokens = Arrays.copyOf(tokens, capacity);
    }
    kinds[size] = kind;
    planned[size] = plannedNanos;
    written[size] = writeNanos;
    tokens[size] = tokenCount;
    size++;
  }

  GroundTruthRecord finish(long endNanos, int promptTokens, int completionTokens, String outcome) {
    return new GroundTruthRecord(
        requestId,
        endpoint,
        streamed,
        receivedNanos,
        endNanos,
        promptTokens,
        completionTokens,
        outcome,
        Arrays.copyOf(kinds, size),
        Arrays.copyOf(planned, size),
        Arrays.copyOf(written, size),
        Arrays.copyOf(tokens, size));
  }
}
