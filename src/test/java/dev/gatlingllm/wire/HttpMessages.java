package dev.gatlingllm.wire;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The HTTP/1.1 messages of one direction of a connection, read from its bytes as they arrive:
 * requests from the client's side, responses from the server's. Tells its listener when each
 * message's first byte, the end of its head, each piece of its body and its end arrived.
 */
final class HttpMessages implements TcpDirection.Sink {
  /** What one message did, and when. */
  interface Listener {
    void start(long nanos);

    void head(String startLine, Map<String, String> headers, long nanos);

    void body(byte[] b, int offset, int length, long nanos);

    void end(long nanos);

    /** The bytes can no longer be read as HTTP (a gap in the capture, or not HTTP/1.1). */
    void broken(String why);
  }

  private enum State {
    IDLE,
    HEAD,
    LENGTH,
    CHUNKED,
    UNTIL_CLOSE,
    BROKEN
  }

  private static final int MAX_HEAD_BYTES = 64 * 1024;

  private final boolean responses;
  private final Listener listener;
  private final ByteArrayOutputStream head = new ByteArrayOutputStream();
  private State state = State.IDLE;
  private long remaining;
  private ChunkedBody chunked;
  private int lastBytes; // the head's last four bytes, to see its blank line without rereading it

  HttpMessages(boolean responses, Listener listener) {
    this.responses = responses;
    this.listener = listener;
  }

  @Override
  public void bytes(byte[] b, int offset, int length, long nanos) {
    int i = offset;
    int end = offset + length;
    try {
      while (i < end && state != State.BROKEN) {
        switch (state) {
          case IDLE -> {
            listener.start(nanos);
            head.reset();
            lastBytes = 0;
            state = State.HEAD;
          }
          case HEAD -> i = readHead(b, i, end, nanos);
          case LENGTH -> {
            int n = (int) Math.min(remaining, end - i);
            listener.body(b, i, n, nanos);
            i += n;
            remaining -= n;
            if (remaining == 0) finish(nanos);
          }
          case CHUNKED -> {
            i += chunked.read(b, i, end - i, nanos, listener::body);
            if (chunked.done()) finish(nanos);
          }
          case UNTIL_CLOSE -> {
            listener.body(b, i, end - i, nanos);
            i = end;
          }
          default -> throw new IllegalStateException(state.name());
        }
      }
    } catch (IllegalStateException e) {
      breakOff(e.getMessage());
    }
  }

  @Override
  public void lost(long bytes) {
    breakOff(bytes + " bytes missing from the capture");
  }

  @Override
  public void end(long nanos) {
    if (state == State.UNTIL_CLOSE) {
      finish(nanos);
    } else if (state != State.IDLE && state != State.BROKEN) {
      breakOff("connection closed inside a message");
    }
  }

  private int readHead(byte[] b, int i, int end, long nanos) {
    while (i < end) {
      head.write(b[i]);
      lastBytes = lastBytes << 8 | b[i++] & 0xff;
      if (endsHead()) {
        startBody(nanos);
        return i;
      }
      if (head.size() > MAX_HEAD_BYTES) {
        throw new IllegalStateException("no end of the HTTP head in " + MAX_HEAD_BYTES + " bytes");
      }
    }
    return i;
  }

  private boolean endsHead() {
    return lastBytes == 0x0d0a0d0a || (lastBytes & 0xffff) == 0x0a0a;
  }

  private void startBody(long nanos) {
    String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r?\n");
    String startLine = lines[0];
    if (!startLine.startsWith(responses ? "HTTP/1." : "") || !startLine.contains(" ")) {
      throw new IllegalStateException(
          "not an HTTP/1.1 " + (responses ? "response" : "request") + ": " + startLine);
    }
    Map<String, String> headers = new HashMap<>();
    for (int k = 1; k < lines.length; k++) {
      int colon = lines[k].indexOf(':');
      if (colon > 0) {
        headers.put(
            lines[k].substring(0, colon).trim().toLowerCase(Locale.ROOT),
            lines[k].substring(colon + 1).trim());
      }
    }
    listener.head(startLine, headers, nanos);
    int status = responses ? Integer.parseInt(startLine.split(" ")[1]) : 0;
    if (responses && (status / 100 == 1 || status == 204 || status == 304)) {
      finish(nanos); // no body (an interim 1xx is its own message)
    } else if ("chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", ""))) {
      chunked = new ChunkedBody();
      state = State.CHUNKED;
    } else if (headers.containsKey("content-length")) {
      remaining = Long.parseLong(headers.get("content-length"));
      state = State.LENGTH;
      if (remaining == 0) finish(nanos);
    } else if (responses) {
      state = State.UNTIL_CLOSE;
    } else {
      finish(nanos); // a request without a body
    }
  }

  private void finish(long nanos) {
    state = State.IDLE;
    listener.end(nanos);
  }

  private void breakOff(String why) {
    if (state != State.BROKEN) {
      state = State.BROKEN;
      listener.broken(why);
    }
  }
}
