package dev.gatlingllm.simulator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A deliberately dumb HTTP/1.1 client over a raw socket, to see exactly what the server puts on the
 * wire.
 */
final class RawHttp implements AutoCloseable {
  final Socket socket;
  private final InputStream in;
  private final OutputStream out;

  RawHttp(int port, int readTimeoutMillis) throws IOException {
    socket = new Socket();
    socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
    socket.setSoTimeout(readTimeoutMillis);
    in = socket.getInputStream();
    out = socket.getOutputStream();
  }

  record Response(int status, Map<String, String> headers, byte[] body, boolean complete) {
    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  void send(String method, String path, String body, String... headerLines) throws IOException {
    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    StringBuilder sb = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: localhost\r\n");
    for (String h : headerLines) sb.append(h).append("\r\n");
    sb.append("Content-Type: application/json\r\nContent-Length: ")
        .append(bytes.length)
        .append("\r\n\r\n");
    out.write(sb.toString().getBytes(StandardCharsets.US_ASCII));
    out.write(bytes);
    out.flush();
  }

  /**
   * Reads one response. The body is de-chunked; when the read times out or the connection ends
   * before the last chunk, {@code complete} is false and the body holds what arrived. Connection
   * resets propagate.
   */
  Response read() throws IOException {
    String statusLine = line();
    int status = Integer.parseInt(statusLine.split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (String l = line(); !l.isEmpty(); l = line()) {
      int colon = l.indexOf(':');
      headers.put(
          l.substring(0, colon).trim().toLowerCase(Locale.ROOT), l.substring(colon + 1).trim());
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    boolean complete = false;
    try {
      if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
        while (true) {
          int size = Integer.parseInt(line().trim(), 16);
          if (size == 0) {
            line();
            complete = true;
            break;
          }
          body.write(in.readNBytes(size));
          line();
        }
      } else {
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        body.write(in.readNBytes(length));
        complete = body.size() == length;
      }
    } catch (SocketTimeoutException | EndOfStream e) {
      complete = false;
    }
    return new Response(status, headers, body.toByteArray(), complete);
  }

  /** One body chunk of a chunked response and when it was fully read. */
  record TimedChunk(String text, long arrivalNanos) {}

  /**
   * Reads the status line, headers and a chunked body, stamping each chunk (the simulator flushes
   * every SSE event as its own chunk). A blocking socket read on a dedicated thread adds
   * microseconds, not the milliseconds of an asynchronous client's thread hand-offs, so it suits
   * timing checks.
   */
  List<TimedChunk> readTimedChunks() throws IOException {
    String statusLine = line();
    if (!statusLine.contains(" 200 ")) throw new IOException("unexpected status: " + statusLine);
    while (!line().isEmpty()) {
      // headers are not needed here
    }
    List<TimedChunk> chunks = new ArrayList<>();
    while (true) {
      int size = Integer.parseInt(line().trim(), 16);
      if (size == 0) {
        line();
        return chunks;
      }
      byte[] data = in.readNBytes(size);
      chunks.add(new TimedChunk(new String(data, StandardCharsets.UTF_8), System.nanoTime()));
      line();
    }
  }

  /** True when the server closed the connection (EOF) within the read timeout. */
  boolean serverClosed() throws IOException {
    try {
      return in.read() < 0;
    } catch (SocketTimeoutException e) {
      return false;
    }
  }

  private static final class EndOfStream extends IOException {}

  private String line() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    while (true) {
      int b = in.read();
      if (b < 0) throw new EndOfStream();
      if (b == '\n') break;
      if (b != '\r') line.write(b);
    }
    return line.toString(StandardCharsets.US_ASCII);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
