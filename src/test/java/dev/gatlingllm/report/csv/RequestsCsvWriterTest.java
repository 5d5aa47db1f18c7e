package dev.gatlingllm.report.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The writer behind requests.csv: it never makes an event loop wait, a bad row never stops it, and
 * a disk that fills leaves whole rows and true counts.
 */
class RequestsCsvWriterTest {
  private static final Path FILE = Path.of("requests.csv");
  private static final Pattern NOT_WRITTEN = Pattern.compile("(\\d+) rows not written");

  private static RequestRow row(String name, TokenCountSource source) {
    return TestRows.numbered(name).outputTokenSource(source).build();
  }

  /**
   * A file in memory on a disk of {@code capacity} bytes: an append that does not fit takes what
   * fits, then fails as a full disk does. {@link #free} makes room again.
   */
  static class MemoryFile implements RowFile {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    volatile long capacity;

    MemoryFile(long capacity) {
      this.capacity = capacity;
    }

    @Override
    public synchronized void append(ByteBuffer data) throws IOException {
      int fits = (int) Math.min(data.remaining(), capacity - bytes.size());
      byte[] part = new byte[fits];
      data.get(part);
      bytes.write(part, 0, fits);
      if (data.hasRemaining()) {
        throw new IOException("No space left on device");
      }
    }

    @Override
    public synchronized void truncate(long size) throws IOException {
      byte[] kept = Arrays.copyOf(bytes.toByteArray(), (int) size);
      bytes.reset();
      bytes.write(kept, 0, kept.length);
    }

    void free() {
      capacity = Long.MAX_VALUE;
    }

    @Override
    public void close() {}

    synchronized String text() {
      return bytes.toString(StandardCharsets.UTF_8);
    }
  }

  /** A disk that hangs from its second append (the first is the header) until released. */
  private static final class StuckFile extends MemoryFile {
    final CountDownLatch stuck = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    private int appends;

    StuckFile() {
      super(Long.MAX_VALUE);
    }

    @Override
    public void append(ByteBuffer data) throws IOException {
      if (++appends > 1) {
        stuck.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      super.append(data);
    }
  }

  private static long notWritten(String failure) {
    Matcher counted = NOT_WRITTEN.matcher(failure);
    assertTrue(counted.find(), failure);
    return Long.parseLong(counted.group(1));
  }

  /**
   * Every line of the file is whole: it ends with a line end, and each line has the header's
   * columns.
   */
  private static List<String> wholeLines(String text, int columns) {
    assertTrue(
        text.endsWith("\n"),
        "the file ends in a cut row: ..." + text.substring(Math.max(0, text.length() - 80)));
    List<String> lines = text.lines().toList();
    for (String line : lines) {
      assertEquals(columns, line.split(",", -1).length, "a row cut short: " + line);
    }
    return lines;
  }

  @Test
  void aFullQueueDropsAndCountsRowsInsteadOfBlocking() throws Exception {
    StuckFile out = new StuckFile();
    RequestsCsvWriter writer = new RequestsCsvWriter(FILE, out, 8);
    writer.submit(row("first", TokenCountSource.EVENT_COUNT));
    assertTrue(out.stuck.await(10, TimeUnit.SECONDS), "the first row was never written");
    // The writer hangs on the first row: 8 rows fit in the queue, the other 12 must be dropped at
    // once.
    CompletableFuture<Void> submits =
        CompletableFuture.runAsync(
            () -> {
              for (int i = 0; i < 20; i++) {
                writer.submit(row("r" + i, TokenCountSource.EVENT_COUNT));
              }
            });
    submits.get(5, TimeUnit.SECONDS);
    assertEquals(12, writer.droppedRows());
    out.release.countDown();
    writer.close();
    String failure = writer.failure();
    assertNotNull(failure);
    assertTrue(failure.startsWith("12 rows dropped"), failure);
    assertEquals(
        1 + 1 + 8, out.text().lines().count(), "the header, the first row and the 8 queued");
  }

  @Test
  void aRowThatFailsIsCountedAndTheRowsAfterItAreWritten() throws Exception {
    MemoryFile out = new MemoryFile(Long.MAX_VALUE);
    RequestsCsvWriter writer = new RequestsCsvWriter(FILE, out, 16);
    writer.submit(row("before", TokenCountSource.EVENT_COUNT));
    writer.submit(row("broken", null)); // a NullPointerException while formatting the row
    writer.submit(row("after", TokenCountSource.EVENT_COUNT));
    writer.close();
    String text = out.text();
    assertTrue(text.contains(",before,"), text);
    assertTrue(text.contains(",after,"), text);
    assertEquals(3, text.lines().count(), text);
    String failure = writer.failure();
    assertNotNull(failure);
    assertTrue(failure.startsWith("1 rows not written to requests.csv"), failure);
    assertTrue(failure.contains("NullPointerException"), failure);
  }

  /**
   * The disk fills in the middle of a row: the file is cut back to its last whole row, every row
   * that missed the disk is counted, and once there is room again the next rows are written.
   */
  @Test
  void aDiskThatFillsLeavesWholeRowsAndCountsEveryRowNotWritten() throws Exception {
    int columns = RequestsCsv.COLUMNS.size();
    int header = (RequestsCsv.HEADER + "\n").length();
    StringBuilder oneRow = new StringBuilder();
    RequestsCsv.appendRow(oneRow, row("r00", TokenCountSource.EVENT_COUNT));
    int rowBytes = oneRow.length() + 1;
    MemoryFile out =
        new MemoryFile(header + 2 * rowBytes + rowBytes / 2); // room for two rows and a half
    RequestsCsvWriter writer = new RequestsCsvWriter(FILE, out, 64);
    for (int i = 0; i < 40; i++) {
      writer.submit(row(String.format("r%02d", i), TokenCountSource.EVENT_COUNT));
    }
    waitUntilTaken(writer);
    long inFileWhenFull = wholeLines(out.text(), columns).size() - 1;
    assertTrue(inFileWhenFull <= 2, inFileWhenFull + " rows");
    out.free();
    writer.submit(row("later", TokenCountSource.EVENT_COUNT));
    writer.close();

    List<String> lines = wholeLines(out.text(), columns);
    long inFile = lines.size() - 1;
    String failure = writer.failure();
    assertNotNull(failure, "the disk was full, yet no row is missing");
    assertEquals(41, inFile + notWritten(failure), inFile + " rows in the file; " + failure);
    assertTrue(failure.contains("No space left on device"), failure);
    assertTrue(
        lines.get(lines.size() - 1).contains(",later,"), "written once there was room: " + lines);
  }

  /**
   * A file that cannot even be cut back may end in a partial row: then nothing more is written
   * after it (a row glued to a cut one would be a wrong row), and every later row is counted as not
   * written.
   */
  @Test
  void aFileThatCannotBeCutBackTakesNoMoreRows() throws Exception {
    int header = (RequestsCsv.HEADER + "\n").length();
    MemoryFile out =
        new MemoryFile(header + 10) {
          @Override
          public void truncate(long size) throws IOException {
            throw new IOException("Input/output error");
          }
        };
    RequestsCsvWriter writer = new RequestsCsvWriter(FILE, out, 64);
    for (int i = 0; i < 5; i++) {
      writer.submit(row("r" + i, TokenCountSource.EVENT_COUNT));
    }
    waitUntilTaken(writer);
    out.free();
    writer.submit(row("later", TokenCountSource.EVENT_COUNT));
    writer.close();
    assertEquals(header + 10, out.text().length(), "nothing after the cut row: " + out.text());
    assertEquals(6, notWritten(writer.failure()), writer.failure());
    assertTrue(writer.failure().contains("No space left on device"), writer.failure());
    assertTrue(
        writer
            .failure()
            .endsWith(
                "; the file could not be cut back to its last whole row and may end in a "
                    + "partial one"),
        writer.failure());
  }

  /**
   * With the gaps file on, a batch the gaps file cannot take is cut from both files: they stay line
   * for line.
   */
  @Test
  void aFullGapsFileCutsTheSameRowsFromBoth() throws Exception {
    MemoryFile out = new MemoryFile(Long.MAX_VALUE);
    MemoryFile itls = new MemoryFile((RequestsCsvWriter.ITLS_HEADER + "\n").length() + 30);
    RequestsCsvWriter writer = new RequestsCsvWriter(FILE, out, 64, itls);
    for (int i = 0; i < 10; i++) {
      writer.submit(
          row("r" + i, TokenCountSource.EVENT_COUNT), new long[] {1_000_000, 2_000_000, 3_000_000});
    }
    writer.close();
    long rows = wholeLines(out.text(), RequestsCsv.COLUMNS.size()).size() - 1;
    assertTrue(itls.text().endsWith("\n"), itls.text());
    assertEquals(
        rows,
        itls.text().lines().count() - 1,
        "line for line:\n" + out.text() + "\n" + itls.text());
    assertEquals(10, rows + notWritten(writer.failure()), writer.failure());
  }

  @Test
  void everyRowWrittenMeansNoFailure() throws Exception {
    MemoryFile out = new MemoryFile(Long.MAX_VALUE);
    RequestsCsvWriter writer = new RequestsCsvWriter(FILE, out, 16);
    writer.submit(row("a", TokenCountSource.EVENT_COUNT));
    writer.close();
    assertNull(writer.failure());
    assertEquals(2, out.text().lines().count());
  }

  /**
   * Waits until the writer took every queued row and tried to write it (a batch is written once the
   * queue is dry).
   */
  private static void waitUntilTaken(RequestsCsvWriter writer) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!writer.idle() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertTrue(writer.idle(), "the writer never caught up");
  }
}
