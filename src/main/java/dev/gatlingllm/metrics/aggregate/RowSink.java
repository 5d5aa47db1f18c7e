package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.request.RequestRow;

/**
 * Where the recorder sends one row per finished request (the report's {@code requests.csv}). Called
 * on the event loops that finish requests: it must never block.
 */
public interface RowSink extends AutoCloseable {
  /** Takes a row; never waits (a sink that cannot keep up drops the row and counts it). */
  void submit(RequestRow row);

  /**
   * Takes a row with the request's inter-token gaps, for a sink that keeps them; by default drops
   * the gaps.
   */
  default void submit(RequestRow row, long[] itlNanos) {
    submit(row);
  }

  /** Writes what is still queued and releases the file. */
  @Override
  void close();

  /** Why some rows were not kept, or null when every row was. */
  String failure();
}
