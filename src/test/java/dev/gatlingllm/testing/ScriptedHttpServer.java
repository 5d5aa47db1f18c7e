package dev.gatlingllm.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A loopback HTTP/1.1 server for tests whose every byte and every delay is scripted: responses are
 * written raw on the socket at planned offsets from the request's arrival, so a test knows the true
 * TTFT and gaps, and can produce what real servers do wrong (resets, stalls, endless streams, bad
 * framing).
 */
public final class ScriptedHttpServer implements AutoCloseable {
  /**
   * A request as received, with the nanoTime just before each write of its response: the ground
   * truth of what the server really did (sleeps overshoot on a busy machine; the plan is not the
   * truth).
   */
  public record Received(
      String method,
      String path,
      Map<String, String> headers,
      String body,
      long arrivalNanos,
      List<Long> writes) {}

  /** What to do on one connection after a request arrived; steps run in order. */
  public static final class Script {
    private final List<Step> steps = new ArrayList<>();
    private boolean keepAlive = true;

    interface Step {
      void run(Socket socket, OutputStream out, Received request)
          throws IOException, InterruptedException;
    }

    /** Status line and headers of a chunked response. */
    public Script chunkedHeaders(int status, String contentType) {
      return raw(
          "HTTP/1.1 "
              + status
              + " X\r\nContent-Type: "
              + contentType
              + "\r\nTransfer-Encoding: chunked\r\n\r\n");
    }

    /** Status line and headers of a response with a fixed body, written at once. */
    public Script fixedResponse(int status, String contentType, String body) {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      return raw(
          "HTTP/1.1 "
              + status
              + " X\r\nContent-Type: "
              + contentType
              + "\r\nContent-Length: "
              + bytes.length
              + "\r\n\r\n"
              + body);
    }

    /** One chunk of a chunked body. */
    public Script chunk(String text) {
      return rawChunk(text.getBytes(StandardCharsets.UTF_8));
    }

    /** One chunk of a chunked body holding these bytes (e.g. compressed ones). */
    public Script rawChunk(byte[] bytes) {
      return rawBytes(
          concat(
              (Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII),
              bytes,
              "\r\n".getBytes(StandardCharsets.US_ASCII)));
    }

    /** The terminating zero-length chunk. */
    public Script endChunks() {
      return raw("0\r\n\r\n");
    }

    public Script raw(String text) {
      return rawBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    public Script rawBytes(byte[] bytes) {
      steps.add(
          (socket, out, request) -> {
            // Stamped before the write: the client can read the bytes before write() even returns.
            request.writes().add(System.nanoTime());
            out.write(bytes);
            out.flush();
          });
      return this;
    }

    /**
     * Waits until {@code millis} after the request arrived (not after the previous step: no drift).
     */
    public Script at(long millis) {
      steps.add(
          (socket, out, request) ->
              sleepUntil(request.arrivalNanos() + TimeUnit.MILLISECONDS.toNanos(millis)));
      return this;
    }

    /** Resets the connection (RST), as a crashed server or proxy does. */
    public Script reset() {
      steps.add(
          (socket, out, request) -> {
            socket.setSoLinger(true, 0);
            socket.close();
          });
      keepAlive = false;
      return this;
    }

    /** Closes the connection cleanly (FIN). */
    public Script close() {
      steps.add((socket, out, request) -> socket.close());
      keepAlive = false;
      return this;
    }

    /** Keeps the connection open and silent for {@code millis}, then closes it. */
    public Script stall(long millis) {
      steps.add(
          (socket, out, request) -> {
            Thread.sleep(millis);
            socket.close();
          });
      keepAlive = false;
      return this;
    }

    private static void sleepUntil(long deadline) throws InterruptedException {
      while (true) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return;
        }
        if (left > 2_000_000) {
          Thread.sleep((left - 1_000_000) / 1_000_000);
        } else {
          Thread.onSpinWait();
        }
      }
    }

    private static byte[] concat(byte[]... parts) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      for (byte[] p : parts) {
        out.writeBytes(p);
      }
      return out.toByteArray();
    }
  }

  private final ServerSocket server;
  private final ExecutorService workers =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "scripted-http");
            t.setDaemon(true);
            return t;
          });
  private final Function<Received, Script> handler;
  private final ConcurrentLinkedQueue<Received> received = new ConcurrentLinkedQueue<>();
  private final List<Socket> sockets = new java.util.concurrent.CopyOnWriteArrayList<>();

  public ScriptedHttpServer(Function<Received, Script> handler) throws IOException {
    this.handler = handler;
    this.server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    workers.submit(this::acceptLoop);
  }

  public int port() {
    return server.getLocalPort();
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + port();
  }

  public List<Received> received() {
    return List.copyOf(received);
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        socket.setTcpNoDelay(true);
        sockets.add(socket);
        workers.submit(() -> serve(socket));
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket socket) {
    try (socket) {
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      while (!socket.isClosed()) {
        Received request = readRequest(in);
        if (request == null) {
          return;
        }
        received.add(request);
        Script script = handler.apply(request);
        for (Script.Step step : script.steps) {
          if (socket.isClosed()) {
            return;
          }
          step.run(socket, out, request);
        }
        if (!script.keepAlive) {
          return;
        }
      }
    } catch (IOException | InterruptedException e) {
      // The client went away or the server is closing: nothing to report in a test server.
    }
  }

  private static Received readRequest(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int last4 = 0;
    while (last4 != 0x0D0A0D0A) {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      head.write(b);
      last4 = (last4 << 8) | b;
    }
    long arrival = System.nanoTime();
    String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
    String[] requestLine = lines[0].split(" ");
    Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.put(lines[i].substring(0, colon).trim(), lines[i].substring(colon + 1).trim());
      }
    }
    int length = Integer.parseInt(headers.getOrDefault("Content-Length", "0"));
    byte[] body = in.readNBytes(length);
    return new Received(
        requestLine[0],
        requestLine[1],
        headers,
        new String(body, StandardCharsets.UTF_8),
        arrival,
        new java.util.concurrent.CopyOnWriteArrayList<>());
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (Socket s : sockets) {
      try {
        s.close();
      } catch (IOException ignored) {
        // closing anyway
      }
    }
    workers.shutdownNow();
  }
}
