package dev.gatlingllm.report.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The writer behind requests.csv: it never makes an event loop wait, and a bad row never stops it. */
class RequestsCsvWriterTest {
  private static final Path FILE = Path.of("requests.csv");

  private static RequestRow row(String name, TokenCountSource source) {
    return new RequestRow(1_700_000_000_000L, 0, true, name, true, 200, null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
        TokenCountSource.TOKENIZER, 11, source, -1, 12, 0, 13, 14, true, new long[0], null, -1, -1, null, -1);
  }

  /** A disk that hangs until released: every write waits. */
  private static final class StuckWriter extends StringWriter {
    final CountDownLatch release = new CountDownLatch(1);
    volatile boolean started;

    @Override
    public void write(String text, int offset, int length) {
      if (started) {
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      super.write(text, offset, length);
    }

    @Override
    public StringWriter append(CharSequence text) {
      write(text.toString(), 0, text.length());
      return this;
    }
  }

  @Test
  void aFullQueueDropsAndCountsRowsInsteadOfBlocking() throws Exception {
    StuckWriter out = new StuckWriter();
    RequestsCsvWriter writer = new RequestsCsvWriter(FILE, out, 8);
    out.started = true;
    // 1 row taken by the stuck writer, 8 queued: the other 11 must be dropped at once, not waited for.
    CompletableFuture<Void> submits = CompletableFuture.runAsync(() -> {
      for (int i = 0; i < 20; i++) {
        writer.submit(row("r" + i, TokenCountSource.EVENT_COUNT));
      }
    });
    submits.get(5, TimeUnit.SECONDS);
    long dropped = writer.droppedRows();
    assertTrue(dropped >= 11 && dropped <= 12, "dropped " + dropped);
    out.release.countDown();
    writer.close();
    String failure = writer.failure();
    assertNotNull(failure);
    assertTrue(failure.startsWith(dropped + " rows dropped"), failure);
    long rows = out.toString().lines().count() - 1;
    assertEquals(20 - dropped, rows, "every row not dropped was written");
  }

  @Test
  void aRowThatFailsIsCountedAndTheRowsAfterItAreWritten() throws Exception {
    StringWriter out = new StringWriter();
    RequestsCsvWriter writer = new RequestsCsvWriter(FILE, out, 16);
    writer.submit(row("before", TokenCountSource.EVENT_COUNT));
    writer.submit(row("broken", null)); // a NullPointerException while formatting the row
    writer.submit(row("after", TokenCountSource.EVENT_COUNT));
    writer.close();
    String text = out.toString();
    assertTrue(text.contains(",before,"), text);
    assertTrue(text.contains(",after,"), text);
    assertEquals(3, text.lines().count(), text);
    String failure = writer.failure();
    assertNotNull(failure);
    assertTrue(failure.startsWith("1 rows not written to requests.csv"), failure);
    assertTrue(failure.contains("NullPointerException"), failure);
  }

  @Test
  void anIoErrorIsCountedAndWritingGoesOn() throws Exception {
    Writer flaky = new StringWriter() {
      int calls;

      @Override
      public StringWriter append(CharSequence text) {
        if (++calls == 1) {
          throw new java.io.UncheckedIOException(new IOException("No space left on device"));
        }
        return super.append(text);
      }
    };
    RequestsCsvWriter writer = new RequestsCsvWriter(FILE, flaky, 16);
    writer.submit(row("lost", TokenCountSource.EVENT_COUNT));
    writer.submit(row("kept", TokenCountSource.EVENT_COUNT));
    writer.close();
    assertTrue(flaky.toString().contains(",kept,"), flaky.toString());
    assertTrue(writer.failure().contains("No space left on device"), writer.failure());
  }

  @Test
  void everyRowWrittenMeansNoFailure() throws Exception {
    StringWriter out = new StringWriter();
    RequestsCsvWriter writer = new RequestsCsvWriter(FILE, out, 16);
    writer.submit(row("a", TokenCountSource.EVENT_COUNT));
    writer.close();
    assertNull(writer.failure());
    assertEquals(2, out.toString().lines().count());
  }
}
