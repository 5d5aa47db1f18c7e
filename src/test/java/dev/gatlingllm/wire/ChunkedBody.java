package dev.gatlingllm.wire;

/**
 * Takes the chunked transfer coding off an HTTP/1.1 body, byte by byte as it arrives, and says when
 * the last chunk (and its trailers) ended the body.
 */
final class ChunkedBody {
  private enum State {
    SIZE,
    EXTENSION,
    SIZE_LF,
    DATA,
    DATA_CR,
    DATA_LF,
    TRAILER,
    TRAILER_LF,
    DONE
  }

  private State state = State.SIZE;
  private long remaining;
  private boolean sizeSeen;
  private boolean trailerLineEmpty = true;

  /**
   * Reads bytes from {@code offset}, handing content bytes on, and returns how many it used (fewer
   * than {@code length} only when the body ended: the rest belongs to the next message).
   */
  int read(byte[] b, int offset, int length, long nanos, BodySink content) {
    int i = offset;
    int end = offset + length;
    while (i < end && state != State.DONE) {
      if (state == State.DATA) {
        int n = (int) Math.min(remaining, end - i);
        content.body(b, i, n, nanos);
        i += n;
        remaining -= n;
        if (remaining == 0) state = State.DATA_CR;
        continue;
      }
      byte c = b[i++];
      switch (state) {
        case SIZE -> {
          int digit = Character.digit(c, 16);
          if (digit >= 0) {
            remaining = remaining * 16 + digit;
            sizeSeen = true;
          } else if (c == ';' || c == ' ' || c == '\t') {
            state = State.EXTENSION;
          } else if (c == '\r') {
            state = State.SIZE_LF;
          } else if (c == '\n') {
            endOfSize();
          } else {
            throw new IllegalStateException("bad chunk size byte " + (c & 0xff));
          }
        }
        case EXTENSION -> {
          if (c == '\n') endOfSize();
        }
        case SIZE_LF -> {
          if (c != '\n') throw new IllegalStateException("chunk size line without LF");
          endOfSize();
        }
        case DATA_CR ->
            state = c == '\r' ? State.DATA_LF : next(c == '\n', "chunk data without CRLF");
        case DATA_LF -> state = next(c == '\n', "chunk data without CRLF");
        case TRAILER -> {
          if (c == '\r') {
            state = State.TRAILER_LF;
          } else if (c == '\n') {
            endOfTrailerLine();
          } else {
            trailerLineEmpty = false;
          }
        }
        case TRAILER_LF -> endOfTrailerLine();
        default -> throw new IllegalStateException(state.name());
      }
    }
    return i - offset;
  }

  boolean done() {
    return state == State.DONE;
  }

  private State next(boolean ok, String message) {
    if (!ok) throw new IllegalStateException(message);
    remaining = 0;
    sizeSeen = false;
    return State.SIZE;
  }

  private void endOfSize() {
    if (!sizeSeen) throw new IllegalStateException("empty chunk size");
    state = remaining == 0 ? State.TRAILER : State.DATA;
  }

  private void endOfTrailerLine() {
    state = trailerLineEmpty ? State.DONE : State.TRAILER;
    trailerLineEmpty = true;
  }

  /** Where content bytes go. */
  interface BodySink {
    void body(byte[] b, int offset, int length, long nanos);
  }
}
