package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.request.RequestRow;

/**
 * Where the recorder sends one row per finished request (the report's {@code requests.csv}). Called on the
 * event loops that finish requests: it must never block.
 */
public interface RowSink extends AutoCloseable {
  /** Takes a row; never waits (a sink that cannot keep up drops the row and counts it). */
  void submit(RequestRow row);

  /** Writes what is still queued and releases the file. */
  @Override
  void close();

  /** Why some rows were not kept, or null when every row was. */
  String failure();
}
