package dev.gatlingllm.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.server.ServerMetrics;
import dev.gatlingllm.testing.HostileMetricsPage;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The scraper against metrics pages no serving engine sends: one that never ends, one that
 * trickles. Each scrape must end on its own (a bound on the bytes, a deadline on the whole page),
 * close the connection and count a failure that says why, so that a hostile page can neither fill
 * the heap nor hold the scraping thread.
 */
class ServerMetricsScraperTest {
  /** Long enough for a busy machine; a scrape that ends on its own ends within the 2 s timeout. */
  private static final long WAIT_SECONDS = 20;

  /** Only the first scrape is counted: the next is the uncounted one of {@code stop()}. */
  private static final Duration ONCE = Duration.ofHours(1);

  @Test
  void aPageThatNeverEndsIsCutAtTheBoundAndItsConnectionClosed() throws Exception {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    try (HostileMetricsPage server = new HostileMetricsPage(HostileMetricsPage.Page.ENDLESS)) {
      ServerMetricsScraper scraper =
          ServerMetricsScraper.start(
              server.url(), ONCE, new PrintStream(console, true, StandardCharsets.UTF_8));
      boolean closed = server.firstClosedByClient.await(WAIT_SECONDS, TimeUnit.SECONDS);
      ServerMetrics metrics = scraper.stop();
      assertTrue(
          closed, "the client still reads after " + server.firstConnectionBytes.get() + " bytes");
      // Socket buffers hold some of what the server wrote; nothing near the cap was taken.
      long sent = server.firstConnectionBytes.get();
      assertTrue(
          sent >= ServerMetricsScraper.MAX_PAGE_BYTES
              && sent < 2L * ServerMetricsScraper.MAX_PAGE_BYTES,
          sent + " bytes sent");
      assertEquals(1, metrics.failures());
      assertEquals(
          "page larger than 8388608 bytes (8 MiB): reading stopped there and the connection closed",
          metrics.firstFailure());
      assertTrue(
          console.toString(StandardCharsets.UTF_8).contains(metrics.firstFailure()),
          console.toString());
    }
  }

  @Test
  void aPageThatTricklesForeverEndsAtTheTimeout() throws Exception {
    try (HostileMetricsPage server = new HostileMetricsPage(HostileMetricsPage.Page.TRICKLE)) {
      long start = System.nanoTime();
      ServerMetricsScraper scraper =
          ServerMetricsScraper.start(
              server.url(), ONCE, new PrintStream(OutputStream.nullOutputStream()));
      boolean closed = server.firstClosedByClient.await(WAIT_SECONDS, TimeUnit.SECONDS);
      long closedAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      ServerMetrics metrics = scraper.stop();
      assertTrue(
          closed, "the client still reads after " + server.firstConnectionBytes.get() + " bytes");
      // Not before the timeout: the page was trickling, not refused.
      assertTrue(
          closedAfterMillis >= ServerMetricsScraper.TIMEOUT.toMillis(), closedAfterMillis + " ms");
      assertEquals(1, metrics.failures());
      assertEquals(
          "no complete page within 2000 ms (the connection closed)", metrics.firstFailure());
    }
  }
}
