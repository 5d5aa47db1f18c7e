package dev.gatlingllm.bounds;

import dev.gatlingllm.logging.UserError;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * The bounded reading of a user's file before the load (a dataset, a trace, an agent trace, a clip,
 * an image): at most {@link #MAX_FILE_BYTES} bytes in all and {@link #MAX_LINE_CHARS} characters a
 * line, so that a file of one gigabyte-long line is one line naming the file and the bound it met,
 * not an {@code OutOfMemoryError} after a minute.
 */
public final class BoundedText {
  /** The largest file read before the load: 1 GiB. */
  public static final long MAX_FILE_BYTES = 1L << 30;

  /**
   * The longest line of a file read line by line: 8 Mi characters, far above any record of a trace
   * or dataset (a prompt of 2,000,000 tokens is about as many words).
   */
  public static final int MAX_LINE_CHARS = 1 << 23;

  private BoundedText() {}

  /**
   * @param location the file, as the messages name it (its credentials hidden by the caller)
   * @return {@code in}, refusing with one line to read past {@code maxBytes}
   */
  public static InputStream limited(InputStream in, String location, long maxBytes) {
    return new LimitedStream(in, location, maxBytes);
  }

  /** The whole of {@code in}, at most {@code maxBytes}. */
  public static byte[] readAll(InputStream in, String location, long maxBytes) throws IOException {
    return limited(in, location, maxBytes).readAllBytes();
  }

  /** The lines of {@code in}, UTF-8, each at most {@link #MAX_LINE_CHARS} characters. */
  public static Lines lines(InputStream in, String location) {
    return new Lines(new InputStreamReader(in, StandardCharsets.UTF_8), location, MAX_LINE_CHARS);
  }

  /** Lines of a text, {@code \n}, {@code \r\n} or {@code \r} ended, each of bounded length. */
  public static final class Lines implements Closeable {
    private final Reader reader;
    private final String location;
    private final int maxChars;
    private final char[] buffer = new char[8192];
    private int position;
    private int limit;
    private int number;
    private boolean afterCarriageReturn;

    Lines(Reader reader, String location, int maxChars) {
      this.reader = reader;
      this.location = location;
      this.maxChars = maxChars;
    }

    /**
     * @return the next line without its end, or null at the end of the text
     * @throws UserError for a line longer than the bound, naming the file and the line
     */
    public String next() throws IOException {
      StringBuilder line = null;
      while (true) {
        if (position == limit) {
          limit = reader.read(buffer, 0, buffer.length);
          position = 0;
          if (limit <= 0) {
            limit = 0;
            if (line == null) {
              return null;
            }
            number++;
            return line.toString();
          }
        }
        if (afterCarriageReturn) {
          afterCarriageReturn = false;
          if (buffer[position] == '\n') {
            position++;
            continue;
          }
        }
        if (line == null) {
          line = new StringBuilder();
        }
        int start = position;
        while (position < limit && buffer[position] != '\n' && buffer[position] != '\r') {
          position++;
        }
        if (line.length() + (position - start) > maxChars) {
          throw new UserError(
              location
                  + " line "
                  + (number + 1)
                  + ": longer than "
                  + maxChars
                  + " characters, the bound of one line (is this file one record a line?)");
        }
        line.append(buffer, start, position - start);
        if (position < limit) {
          afterCarriageReturn = buffer[position] == '\r';
          position++;
          number++;
          return line.toString();
        }
      }
    }

    /** The number of the line {@link #next} returned last, from 1. */
    public int number() {
      return number;
    }

    @Override
    public void close() throws IOException {
      reader.close();
    }
  }

  private static final class LimitedStream extends FilterInputStream {
    private final String location;
    private final long maxBytes;
    private long read;

    LimitedStream(InputStream in, String location, long maxBytes) {
      super(in);
      this.location = location;
      this.maxBytes = maxBytes;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(long n) {
      read += n;
      if (read > maxBytes) {
        throw new UserError(
            location
                + ": larger than "
                + maxBytes
                + " bytes, the bound of a file read before the load");
      }
    }
  }
}
