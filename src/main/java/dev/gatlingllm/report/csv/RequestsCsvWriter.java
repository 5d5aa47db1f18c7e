package dev.gatlingllm.report.csv;

import dev.gatlingllm.metrics.aggregate.RowSink;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.stats.Micros;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Streams rows to {@code requests.csv} from its own thread, so that the event loops that finish
 * requests never wait on the disk. The queue is bounded; when the disk falls {@link
 * #QUEUE_CAPACITY} rows behind, {@link #submit} drops the row and counts it rather than block an
 * event loop (the run's figures are kept apart from the file and lose nothing). Rows reach the file
 * whole, in batches ({@link WholeRows}), written whenever the queue runs dry, so a partial file can
 * be read during the run. A row that cannot be made (any exception) is counted and skipped; a batch
 * that cannot be written (a full disk) is cut back out of the file, so that it never ends in a
 * partial row, and each of its rows is counted as not written; the next batch is tried all the
 * same. With the gaps file on, both files take or lose a batch together and stay line for line.
 */
public final class RequestsCsvWriter implements RowSink {
  static final int QUEUE_CAPACITY = 65_536;

  /** Header of the gaps file: one line per row of requests.csv, in the same order. */
  public static final String ITLS_HEADER = "itl_ms";

  /**
   * A row and, when the gaps file is on, the request's inter-token gaps (the request's own array,
   * not a copy).
   */
  private record Entry(RequestRow row, long[] itlNanos) {}

  /** Marks the end of the rows; compared by identity. */
  private static final Entry END = new Entry(RequestRow.builder().build(), null);

  private final BlockingQueue<Entry> queue;
  private final WholeRows out;

  /** The gaps file, or null when it is off. */
  private final WholeRows itls;

  private final Path file;
  private final Thread thread;
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong failedRows = new AtomicLong();

  /**
   * Rows queued, and rows since written or counted as not written: equal when the writer has caught
   * up.
   */
  private final AtomicLong queuedRows = new AtomicLong();

  private final AtomicLong settledRows = new AtomicLong();

  /** The first error met while writing, or null. */
  private volatile String firstError;

  /** A file could not be cut back to its last whole row: nothing more is written to it. */
  private volatile boolean broken;

  private volatile boolean closed;

  /** Creates the file (and its folder) and starts the writer thread. */
  public RequestsCsvWriter(Path file) throws IOException {
    this(file, RowFile.create(file), QUEUE_CAPACITY, null);
  }

  /**
   * Also writes each request's inter-token gaps to {@code itlsFile}: one line per row of
   * requests.csv, in the same order (a row dropped is dropped from both), the gaps in ms separated
   * by {@code ;}, an empty line for a request with fewer than two token events. About 8 bytes per
   * token event.
   */
  public RequestsCsvWriter(Path file, Path itlsFile) throws IOException {
    this(
        file,
        RowFile.create(file),
        QUEUE_CAPACITY,
        itlsFile == null ? null : RowFile.create(itlsFile));
  }

  /**
   * Writes the rows to {@code out}, standing for {@code file} in messages (tests give a slow or
   * full one).
   */
  RequestsCsvWriter(Path file, RowFile out, int capacity) throws IOException {
    this(file, out, capacity, null);
  }

  /** Also writes the gaps to {@code itls} (tests give one that fills up). */
  RequestsCsvWriter(Path file, RowFile out, int capacity, RowFile itls) throws IOException {
    this.file = file;
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.out = new WholeRows(out);
    this.itls = itls == null ? null : new WholeRows(itls);
    this.out.add(RequestsCsv.HEADER + "\n");
    if (this.itls != null) {
      this.itls.add(ITLS_HEADER + "\n");
    }
    if (!writeBatch()) {
      this.out.close();
      if (this.itls != null) {
        this.itls.close();
      }
      throw new IOException("cannot write the header of " + file + ": " + firstError);
    }
    thread = new Thread(this::drain, "llm-requests-csv");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Queues a row; never waits: a row that finds the queue full (or the writer closed) is dropped
   * and counted.
   */
  @Override
  public void submit(RequestRow record) {
    submit(record, null);
  }

  @Override
  public void submit(RequestRow record, long[] itlNanos) {
    queuedRows.incrementAndGet();
    if (closed || !queue.offer(new Entry(record, itls == null ? null : itlNanos))) {
      queuedRows.decrementAndGet();
      dropped.incrementAndGet();
    }
  }

  private void drain() {
    StringBuilder line = new StringBuilder(512);
    StringBuilder gaps = new StringBuilder(512);
    try (out;
        itls) {
      while (true) {
        Entry entry;
        try {
          entry = queue.poll(200, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          noteError("writing was interrupted", e);
          Thread.currentThread().interrupt();
          return;
        }
        if (entry == END) {
          break;
        }
        if (entry != null) {
          add(entry, line, gaps);
        }
        if (entry == null
            || queue.isEmpty()
            || out.batchFull()
            || (itls != null && itls.batchFull())) {
          writeAndSettleBatch();
        }
      }
      writeAndSettleBatch();
    } catch (IOException | RuntimeException e) {
      noteError("close failed", e);
    }
  }

  /**
   * Makes the row's line (and its gaps' line) and adds them to the batch; a row that fails is
   * counted.
   */
  private void add(Entry entry, StringBuilder line, StringBuilder gaps) {
    if (broken) {
      failedRows.incrementAndGet();
      settledRows.incrementAndGet();
      return;
    }
    try {
      line.setLength(0);
      RequestsCsv.appendRow(line, entry.row());
      line.append('\n');
      if (itls != null) {
        // Both lines are made before either is added, so that the files stay line for line.
        gaps.setLength(0);
        appendGaps(gaps, entry.itlNanos());
        itls.add(gaps);
      }
      out.add(line);
    } catch (RuntimeException e) {
      // One bad row must not stop the others: count it, go on.
      failedRows.incrementAndGet();
      settledRows.incrementAndGet();
      noteError("a row failed", e);
    }
  }

  private void writeAndSettleBatch() {
    int rows = out.pendingRows();
    writeBatch();
    settledRows.addAndGet(rows);
  }

  /**
   * Writes the batch to the file(s). When one cannot take it all (a full disk), both are cut back
   * to their last whole row and every row of the batch is counted as not written. Returns whether
   * the batch was written.
   */
  private boolean writeBatch() {
    int rows = out.pendingRows();
    if (rows == 0) {
      return true;
    }
    try {
      out.write();
      if (itls != null) {
        itls.write();
      }
      out.commit();
      if (itls != null) {
        itls.commit();
      }
      return true;
    } catch (IOException | RuntimeException e) {
      failedRows.addAndGet(rows);
      noteError("writing a batch failed", e);
      try {
        out.rollback();
        if (itls != null) {
          itls.rollback();
        }
      } catch (IOException | RuntimeException cut) {
        // The file may now end in a partial row: write nothing more after it.
        broken = true;
        noteError("cutting back to the last whole row failed", cut);
      }
      return false;
    }
  }

  private static void appendGaps(StringBuilder gaps, long[] itlNanos) {
    if (itlNanos != null) {
      for (int i = 0; i < itlNanos.length; i++) {
        if (i > 0) {
          gaps.append(';');
        }
        gaps.append(Micros.formatMillis(Micros.of(itlNanos[i])));
      }
    }
    gaps.append('\n');
  }

  private void noteError(String what, Exception e) {
    if (firstError == null) {
      firstError = what + ": " + e;
    }
  }

  /** True when every row queued so far was written or counted as not written (for tests). */
  boolean idle() {
    return settledRows.get() == queuedRows.get();
  }

  /** Rows dropped because the queue was full (the disk fell behind) or came after the close. */
  long droppedRows() {
    return dropped.get();
  }

  /** Why rows are missing from the file, or null when every row was written. */
  @Override
  public String failure() {
    long drops = dropped.get();
    long failed = failedRows.get();
    String error = firstError;
    if (drops == 0 && failed == 0 && error == null) {
      return null;
    }
    StringBuilder text = new StringBuilder();
    if (drops > 0) {
      text.append(drops)
          .append(" rows dropped (the disk fell ")
          .append(queue.remainingCapacity() + queue.size())
          .append(" rows behind)");
    }
    if (failed > 0 || error != null) {
      text.append(text.length() > 0 ? "; " : "")
          .append(failed)
          .append(" rows not written to ")
          .append(file)
          .append(", first error: ")
          .append(error);
    }
    if (broken) {
      text.append(
          "; the file could not be cut back to its last whole row and may end in a partial one");
    }
    return text.toString();
  }

  /** Writes the rows still queued, flushes and closes the file; waits for at most a minute. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (!queue.offer(END, 1, TimeUnit.MINUTES)) {
        noteError(
            "the writer did not keep up at the close", new IllegalStateException("queue full"));
      }
      thread.join(TimeUnit.MINUTES.toMillis(1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
