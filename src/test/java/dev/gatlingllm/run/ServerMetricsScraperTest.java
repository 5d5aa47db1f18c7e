package dev.gatlingllm.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.server.ServerMetrics;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The scraper against metrics pages no serving engine sends: one that never ends, one that trickles. Each scrape
 * must end on its own (a bound on the bytes, a deadline on the whole page), close the connection and count a
 * failure that says why, so that a hostile page can neither fill the heap nor hold the scraping thread.
 */
class ServerMetricsScraperTest {
  /** Far beyond the bound: the server stops there and holds the connection, so a client without a bound hangs. */
  private static final long ENDLESS_CAP = 4L * ServerMetricsScraper.MAX_PAGE_BYTES;
  /** Long enough for a busy machine; a scrape that ends on its own ends within the 2 s timeout. */
  private static final long WAIT_SECONDS = 20;
  /** Only the first scrape is counted: the next is the uncounted one of {@code stop()}. */
  private static final Duration ONCE = Duration.ofHours(1);

  /** How a hostile page is served: a status line and headers, then the body until the client goes away. */
  private enum Page {
    /** Comment lines without end, as fast as the client takes them (close-delimited: no length, no chunks). */
    ENDLESS,
    /** A comment line's byte every 100 ms: never idle, never complete. */
    TRICKLE
  }

  /** A server of one hostile page; records how much each connection got before the client closed it. */
  private static final class HostilePage implements AutoCloseable {
    private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final Page page;
    final AtomicLong firstConnectionBytes = new AtomicLong();
    final CountDownLatch firstClosedByClient = new CountDownLatch(1);
    private final CountDownLatch closing = new CountDownLatch(1);

    HostilePage(Page page) throws IOException {
      this.page = page;
      Thread acceptor = new Thread(this::accept, "hostile-metrics-page");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    String url() {
      return "http://127.0.0.1:" + socket.getLocalPort() + "/metrics";
    }

    private void accept() {
      boolean first = true;
      while (!socket.isClosed()) {
        try {
          Socket connection = socket.accept();
          boolean isFirst = first;
          first = false;
          Thread serve = new Thread(() -> serve(connection, isFirst), "hostile-metrics-connection");
          serve.setDaemon(true);
          serve.start();
        } catch (IOException e) {
          return;
        }
      }
    }

    private void serve(Socket connection, boolean first) {
      try (connection) {
        readRequestHead(connection.getInputStream());
        OutputStream out = connection.getOutputStream();
        out.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\nConnection: close\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII));
        byte[] lines = new byte[64 * 1024];
        Arrays.fill(lines, (byte) '#');
        for (int i = 63; i < lines.length; i += 64) {
          lines[i] = '\n';
        }
        long sent = 0;
        while (page == Page.ENDLESS ? sent < ENDLESS_CAP : true) {
          int n = page == Page.ENDLESS ? lines.length : 1;
          out.write(lines, 0, n);
          out.flush();
          sent += n;
          if (first) {
            firstConnectionBytes.set(sent);
          }
          if (page == Page.TRICKLE && closing.await(100, TimeUnit.MILLISECONDS)) {
            return;
          }
        }
        closing.await(); // the endless page's cap: hold the connection open, silent, until the test ends
      } catch (IOException e) {
        if (first) {
          firstClosedByClient.countDown(); // the write failed: the client closed the connection
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    private static void readRequestHead(InputStream in) throws IOException {
      int matched = 0;
      byte[] end = {'\r', '\n', '\r', '\n'};
      int b;
      while (matched < 4 && (b = in.read()) != -1) {
        matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
      }
    }

    @Override
    public void close() throws IOException {
      closing.countDown();
      socket.close();
    }
  }

  @Test
  void aPageThatNeverEndsIsCutAtTheBoundAndItsConnectionClosed() throws Exception {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    try (HostilePage server = new HostilePage(Page.ENDLESS)) {
      ServerMetricsScraper scraper =
          ServerMetricsScraper.start(server.url(), ONCE, new PrintStream(console, true, StandardCharsets.UTF_8));
      boolean closed = server.firstClosedByClient.await(WAIT_SECONDS, TimeUnit.SECONDS);
      ServerMetrics metrics = scraper.stop();
      assertTrue(closed, "the client still reads after " + server.firstConnectionBytes.get() + " bytes");
      // Socket buffers hold some of what the server wrote; nothing near the cap was taken.
      long sent = server.firstConnectionBytes.get();
      assertTrue(sent >= ServerMetricsScraper.MAX_PAGE_BYTES && sent < 2L * ServerMetricsScraper.MAX_PAGE_BYTES,
          sent + " bytes sent");
      assertEquals(1, metrics.failures());
      assertEquals("page larger than 8388608 bytes (8 MiB): reading stopped there and the connection closed",
          metrics.firstFailure());
      assertTrue(console.toString(StandardCharsets.UTF_8).contains(metrics.firstFailure()), console.toString());
    }
  }

  @Test
  void aPageThatTricklesForeverEndsAtTheTimeout() throws Exception {
    try (HostilePage server = new HostilePage(Page.TRICKLE)) {
      long start = System.nanoTime();
      ServerMetricsScraper scraper = ServerMetricsScraper.start(server.url(), ONCE, new PrintStream(
          OutputStream.nullOutputStream()));
      boolean closed = server.firstClosedByClient.await(WAIT_SECONDS, TimeUnit.SECONDS);
      long closedAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      ServerMetrics metrics = scraper.stop();
      assertTrue(closed, "the client still reads after " + server.firstConnectionBytes.get() + " bytes");
      // Not before the timeout: the page was trickling, not refused.
      assertTrue(closedAfterMillis >= ServerMetricsScraper.TIMEOUT.toMillis(), closedAfterMillis + " ms");
      assertEquals(1, metrics.failures());
      assertEquals("no complete page within 2000 ms (the connection closed)", metrics.firstFailure());
    }
  }
}
