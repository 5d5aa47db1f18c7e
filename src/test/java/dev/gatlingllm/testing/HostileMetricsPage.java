package dev.gatlingllm.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A server of one hostile Prometheus metrics page, as no serving engine sends: one that never ends,
 * one that trickles. Records how much the first connection got and whether the client closed it.
 */
public final class HostileMetricsPage implements AutoCloseable {
  /**
   * Far beyond the scraper's 8 MiB bound: the endless page stops there and holds the connection, so
   * that a client without a bound hangs (rather than fills its heap).
   */
  public static final long ENDLESS_CAP = 32L * 1024 * 1024;

  /**
   * How a hostile page is served: a status line and headers, then the body until the client goes
   * away.
   */
  public enum Page {
    /**
     * Comment lines without end, as fast as the client takes them (close-delimited: no length, no
     * chunks).
     */
    ENDLESS,
    /** A comment line's byte every 100 ms: never idle, never complete. */
    TRICKLE
  }

  private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
  private final Page page;
  public final AtomicLong firstConnectionBytes = new AtomicLong();
  public final CountDownLatch firstClosedByClient = new CountDownLatch(1);
  private final CountDownLatch closing = new CountDownLatch(1);

  public HostileMetricsPage(Page page) throws IOException {
    this.page = page;
    Thread acceptor = new Thread(this::accept, "hostile-metrics-page");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  public String url() {
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
      out.write(
          "HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\nConnection: close\r\n\r\n"
              .getBytes(StandardCharsets.US_ASCII));
      byte[] lines = new byte[64 * 1024];
      Arrays.fill(lines, (byte) '#');
      for (int i = 63; i < lines.length; i += 64) {
        lines[i] = '\n';
      }
      long sent = 0;
      while (page == Page.TRICKLE || sent < ENDLESS_CAP) {
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
      closing
          .await(); // the endless page's cap: hold the connection open, silent, until the test ends
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
