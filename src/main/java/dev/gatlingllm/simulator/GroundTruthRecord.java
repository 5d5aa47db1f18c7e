package dev.gatlingllm.simulator;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;

/**
 * What the server did for one request, in its own {@code System.nanoTime()} clock: when the request
 * was received, each write it issued (kind, planned time, the time just before {@code
 * writeAndFlush}, tokens carried) and when it ended. Immutable; the event arrays are copies.
 *
 * @param requestId also in the {@code x-sim-request-id} response header and the chunks' {@code id}
 * @param endpoint request path
 * @param streamed a stream (SSE, or NDJSON for Ollama's endpoints: true) or a single JSON body
 * @param outcome {@code stop}, {@code length}, a fault name ({@code error-mid-stream}, {@code
 *     reset-mid-stream}, {@code stall}, {@code status-503}...) or {@code client-closed}
 */
public record GroundTruthRecord(
    String requestId,
    String endpoint,
    boolean streamed,
    long receivedNanos,
    long endNanos,
    int promptTokens,
    int completionTokens,
    String outcome,
    EventKind[] kinds,
    long[] plannedNanos,
    long[] writeNanos,
    int[] tokens) {

  /** What one write carried. */
  public enum EventKind {
    HEADERS,
    ROLE,
    CONTENT,
    FINISH,
    USAGE,
    DONE,
    ERROR,
    BODY
  }

  /**
   * One write; {@code plannedNanos} is -1 when the write had no schedule (headers sent on receipt).
   */
  public record Event(EventKind kind, long plannedNanos, long writeNanos, int tokens) {
    /** How late the write was issued against its schedule, or 0 when unscheduled. */
    public long latenessNanos() {
      return plannedNanos < 0 ? 0 : writeNanos - plannedNanos;
    }
  }

  public GroundTruthRecord {
    kinds = kinds.clone();
    plannedNanos = plannedNanos.clone();
    writeNanos = writeNanos.clone();
    tokens = tokens.clone();
  }

  public int eventCount() {
    return kinds.length;
  }

  @Override
  public EventKind[] kinds() {
    return kinds.clone();
  }

  @Override
  public long[] plannedNanos() {
    return plannedNanos.clone();
  }

  @Override
  public long[] writeNanos() {
    return writeNanos.clone();
  }

  @Override
  public int[] tokens() {
    return tokens.clone();
  }

  /** The writes as a read-only list view (objects made on access). */
  public List<Event> events() {
    return new AbstractList<>() {
      @Override
      public Event get(int i) {
        return new Event(kinds[i], plannedNanos[i], writeNanos[i], tokens[i]);
      }

      @Override
      public int size() {
        return kinds.length;
      }
    };
  }

  /** Only the content-bearing writes. */
  public List<Event> contentEvents() {
    return events().stream().filter(e -> e.kind() == EventKind.CONTENT).toList();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GroundTruthRecord r
        && requestId.equals(r.requestId)
        && receivedNanos == r.receivedNanos
        && Arrays.equals(writeNanos, r.writeNanos);
  }

  @Override
  public int hashCode() {
    return requestId.hashCode();
  }

  @Override
  public String toString() {
    return "GroundTruthRecord["
        + requestId
        + " "
        + endpoint
        + " "
        + outcome
        + " events="
        + kinds.length
        + "]";
  }
}
