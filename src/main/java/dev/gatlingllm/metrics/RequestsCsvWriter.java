package dev.gatlingllm.metrics;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Streams rows to {@code requests.csv} from its own thread, so that the event loops that finish requests
 * never wait on the disk. The queue is bounded; only when the disk falls {@link #QUEUE_CAPACITY} rows behind
 * does {@link #submit} wait, which keeps memory bounded on long runs. The file is flushed whenever the queue
 * runs dry, so a partial file can be read during the run.
 */
final class RequestsCsvWriter implements AutoCloseable {
  static final int QUEUE_CAPACITY = 65_536;

  /** Marks the end of the rows; compared by identity. */
  private static final RequestRecord END =
      new RequestRecord(0, -1, false, "", false, 0, null, -1, -1, -1, -1, -1, -1, -1, -1, 0, -1,
          TokenCountSource.UNKNOWN, 0, TokenCountSource.UNKNOWN, -1, -1, -1, -1, -1, false, new long[0], null, -1);

  private final BlockingQueue<RequestRecord> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
  private final Path file;
  private final Thread thread;
  private volatile String failure;
  private volatile boolean closed;

  RequestsCsvWriter(Path file) throws IOException {
    this.file = file;
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write(RequestsCsv.HEADER);
    out.write('\n');
    thread = new Thread(() -> drain(out), "llm-requests-csv");
    thread.setDaemon(true);
    thread.start();
  }

  void submit(RequestRecord record) {
    if (closed || failure != null) {
      return;
    }
    if (!queue.offer(record)) {
      try {
        queue.put(record);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void drain(BufferedWriter out) {
    StringBuilder line = new StringBuilder(512);
    try (out) {
      while (true) {
        RequestRecord record = queue.poll(200, TimeUnit.MILLISECONDS);
        if (record == null) {
          out.flush();
          continue;
        }
        if (record == END) {
          break;
        }
        line.setLength(0);
        RequestsCsv.appendRow(line, record);
        line.append('\n');
        out.append(line);
      }
    } catch (IOException e) {
      failure = "cannot write " + file + ": " + e.getMessage();
      queue.clear();
    } catch (InterruptedException e) {
      failure = "writing " + file + " was interrupted";
      Thread.currentThread().interrupt();
    }
  }

  /** Why rows were lost, or null. */
  String failure() {
    return failure;
  }

  /** Writes the rows still queued, flushes and closes the file. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (failure == null) {
        queue.offer(END, 1, TimeUnit.MINUTES);
      }
      thread.join(TimeUnit.MINUTES.toMillis(2));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
