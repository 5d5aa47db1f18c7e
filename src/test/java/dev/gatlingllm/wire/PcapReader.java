package dev.gatlingllm.wire;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a capture in the classic pcap format (what {@code tcpdump -w} writes), packet by packet,
 * without holding the file in memory: a capture of a 1,000-stream level is hundreds of megabytes.
 * Microsecond and nanosecond timestamp files, either byte order.
 */
final class PcapReader implements AutoCloseable {
  /**
   * One captured frame: the kernel's timestamp (epoch nanoseconds), its link type and the bytes
   * captured.
   */
  record Frame(long epochNanos, int linkType, byte[] bytes, int length) {}

  private static final int MAGIC_MICROS = 0xa1b2c3d4;
  private static final int MAGIC_NANOS = 0xa1b23c4d;

  private final DataInputStream in;
  private final boolean swapped;
  private final boolean nanos;
  private final int linkType;
  private byte[] buffer = new byte[65_536];

  private PcapReader(InputStream stream) throws IOException {
    in = new DataInputStream(new BufferedInputStream(stream, 1 << 20));
    int magic = in.readInt();
    if (magic == MAGIC_MICROS || magic == MAGIC_NANOS) {
      swapped = false;
    } else if (Integer.reverseBytes(magic) == MAGIC_MICROS
        || Integer.reverseBytes(magic) == MAGIC_NANOS) {
      swapped = true;
      magic = Integer.reverseBytes(magic);
    } else {
      throw new IOException(
          String.format(
              "not a pcap file (magic %08x); pcapng is not read: capture with"
                  + " tcpdump -w, or convert with editcap -F pcap",
              magic));
    }
    nanos = magic == MAGIC_NANOS;
    in.readShort(); // version major
    in.readShort(); // version minor
    in.readInt(); // time zone
    in.readInt(); // sigfigs
    in.readInt(); // snap length
    linkType = int32();
  }

  static PcapReader open(Path file) throws IOException {
    return new PcapReader(Files.newInputStream(file));
  }

  static PcapReader of(InputStream stream) throws IOException {
    return new PcapReader(stream);
  }

  /**
   * The next frame, or null at the end of the file. Its bytes are the reader's buffer, valid until
   * the next call (a frame is parsed at once and dropped).
   */
  Frame next() throws IOException {
    long seconds;
    try {
      seconds = Integer.toUnsignedLong(int32());
    } catch (EOFException end) {
      return null;
    }
    long fraction = Integer.toUnsignedLong(int32());
    int captured = int32();
    int32(); // original length
    if (captured < 0 || captured > 1 << 26) {
      throw new IOException("corrupt pcap record of " + captured + " bytes");
    }
    if (captured > buffer.length) {
      buffer = new byte[captured];
    }
    try {
      in.readFully(buffer, 0, captured);
    } catch (EOFException cut) {
      return null; // the last record of a capture stopped mid-write
    }
    long epochNanos = seconds * 1_000_000_000L + (nanos ? fraction : fraction * 1_000);
    return new Frame(epochNanos, linkType, buffer, captured);
  }

  private int int32() throws IOException {
    int v = in.readInt();
    return swapped ? Integer.reverseBytes(v) : v;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
