package dev.gatlingllm.report.csv;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A file that only ever ends at the end of a row: rows wait whole in a buffer and reach the file
 * together ({@link #write}); once every file of a batch took it, {@link #commit} makes it the new
 * end to come back to, and {@link #rollback} cuts the file back there, as when a full disk took a
 * part of a batch. Not thread-safe: the writer's thread alone uses it.
 */
final class WholeRows implements Closeable {
  /**
   * Rows are written in batches of about this many bytes (and whenever the writer's queue runs
   * dry).
   */
  static final int BATCH_BYTES = 64 * 1024;

  private final RowFile file;
  private byte[] buffer = new byte[BATCH_BYTES + 1024];
  private int buffered;
  private int rows;

  /** Bytes of the file that hold whole, committed rows. */
  private long committed;

  /** Bytes the file has taken, committed or not. */
  private long written;

  WholeRows(RowFile file) {
    this.file = file;
  }

  /** Adds one row, its line end included. */
  void add(CharSequence row) {
    byte[] bytes = row.toString().getBytes(StandardCharsets.UTF_8);
    if (buffered + bytes.length > buffer.length) {
      buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, buffered + bytes.length));
    }
    System.arraycopy(bytes, 0, buffer, buffered, bytes.length);
    buffered += bytes.length;
    rows++;
  }

  /** Rows added since the last commit or rollback. */
  int pendingRows() {
    return rows;
  }

  boolean batchFull() {
    return buffered >= BATCH_BYTES;
  }

  /** Writes the rows added so far to the file (all of them, or an exception). */
  void write() throws IOException {
    if (written == committed && buffered > 0) {
      file.append(ByteBuffer.wrap(buffer, 0, buffered));
      written += buffered;
    }
  }

  /** The rows written are in the file for good. */
  void commit() {
    committed = written;
    clear();
  }

  /**
   * Forgets the rows added since the last commit and cuts the file back to its last committed row.
   */
  void rollback() throws IOException {
    clear();
    written = committed;
    file.truncate(committed);
  }

  private void clear() {
    buffered = 0;
    rows = 0;
    if (buffer.length > 4 * BATCH_BYTES) {
      buffer =
          new byte
              [BATCH_BYTES + 1024]; // one huge row must not hold its buffer for the rest of the run
    }
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
