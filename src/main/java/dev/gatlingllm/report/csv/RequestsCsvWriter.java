package dev.gatlingllm.report.csv;

import dev.gatlingllm.metrics.aggregate.RowSink;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.stats.Micros;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Streams rows to {@code requests.csv} from its own thread, so that the event loops that finish requests
 * never wait on the disk. The queue is bounded; when the disk falls {@link #QUEUE_CAPACITY} rows behind,
 * {@link #submit} drops the row and counts it rather than block an event loop (the run's figures are kept
 * apart from the file and lose nothing). A row that cannot be written (an IO error, or any other exception)
 * is counted too, and the writer goes on with the next. The file is flushed whenever the queue runs dry, so
 * a partial file can be read during the run.
 */
public final class RequestsCsvWriter implements RowSink {
  static final int QUEUE_CAPACITY = 65_536;

  /** Header of the gaps file: one line per row of requests.csv, in the same order. */
  public static final String ITLS_HEADER = "itl_ms";

  /** A row and, when the gaps file is on, the request's inter-token gaps (the request's own array, not a copy). */
  private record Entry(RequestRow row, long[] itlNanos) {}

  /** Marks the end of the rows; compared by identity. */
  private static final Entry END = new Entry(
      new RequestRow(0, -1, false, "", false, 0, null, -1, -1, -1, -1, -1, -1, -1, -1, 0, -1,
          TokenCountSource.UNKNOWN, 0, TokenCountSource.UNKNOWN, -1, -1, -1, -1, -1, false, new long[0], null, -1, -1, null, -1),
      null);

  private final BlockingQueue<Entry> queue;
  /** The gaps file, or null when it is off. */
  private final Writer itls;
  private final Path file;
  private final Thread thread;
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong failedRows = new AtomicLong();
  /** The first error met while writing, or null. */
  private volatile String firstError;
  private volatile boolean closed;

  /** Creates the file (and its folder) and starts the writer thread. */
  public RequestsCsvWriter(Path file) throws IOException {
    this(file, open(file), QUEUE_CAPACITY, null);
  }

  /**
   * Also writes each request's inter-token gaps to {@code itlsFile}: one line per row of requests.csv, in the
   * same order (a row dropped is dropped from both), the gaps in ms separated by {@code ;}, an empty line for a
   * request with fewer than two token events. About 8 bytes per token event.
   */
  public RequestsCsvWriter(Path file, Path itlsFile) throws IOException {
    this(file, open(file), QUEUE_CAPACITY, itlsFile == null ? null : open(itlsFile));
  }

  /** Writes the rows to {@code out}, standing for {@code file} in messages (tests give a slow or broken one). */
  RequestsCsvWriter(Path file, Writer out, int capacity) throws IOException {
    this(file, out, capacity, null);
  }

  private RequestsCsvWriter(Path file, Writer out, int capacity, Writer itls) throws IOException {
    this.file = file;
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.itls = itls;
    out.write(RequestsCsv.HEADER);
    out.write('\n');
    if (itls != null) {
      itls.write(ITLS_HEADER);
      itls.write('\n');
    }
    thread = new Thread(() -> drain(out), "llm-requests-csv");
    thread.setDaemon(true);
    thread.start();
  }

  private static Writer open(Path file) throws IOException {
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    return Files.newBufferedWriter(file, StandardCharsets.UTF_8);
  }

  /** Queues a row; never waits: a row that finds the queue full (or the writer closed) is dropped and counted. */
  @Override
  public void submit(RequestRow record) {
    submit(record, null);
  }

  @Override
  public void submit(RequestRow record, long[] itlNanos) {
    if (closed || !queue.offer(new Entry(record, itls == null ? null : itlNanos))) {
      dropped.incrementAndGet();
    }
  }

  private void drain(Writer out) {
    StringBuilder line = new StringBuilder(512);
    StringBuilder gaps = new StringBuilder(512);
    try (out; Writer itlsOut = itls) {
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
        RequestRow record = entry == null ? null : entry.row();
        try {
          if (record == null) {
            out.flush();
            if (itlsOut != null) {
              itlsOut.flush();
            }
            continue;
          }
          line.setLength(0);
          RequestsCsv.appendRow(line, record);
          line.append('\n');
          if (itlsOut != null) {
            // Both lines are made before either is written, so that the files stay line for line.
            gaps.setLength(0);
            appendGaps(gaps, entry.itlNanos());
            out.append(line);
            itlsOut.append(gaps);
          } else {
            out.append(line);
          }
        } catch (IOException | RuntimeException e) {
          // One bad row or a full disk must not stop the others: count it, go on (the next may succeed).
          if (record != null) {
            failedRows.incrementAndGet();
          }
          noteError(record == null ? "flush failed" : "a row failed", e);
        }
      }
    } catch (IOException | RuntimeException e) {
      noteError("close failed", e);
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
      text.append(drops).append(" rows dropped (the disk fell ").append(queue.remainingCapacity() + queue.size())
          .append(" rows behind)");
    }
    if (failed > 0 || error != null) {
      text.append(text.length() > 0 ? "; " : "").append(failed).append(" rows not written to ").append(file)
          .append(", first error: ").append(error);
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
        noteError("the writer did not keep up at the close", new IllegalStateException("queue full"));
      }
      thread.join(TimeUnit.MINUTES.toMillis(1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
