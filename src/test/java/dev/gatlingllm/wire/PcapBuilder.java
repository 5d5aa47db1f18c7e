package dev.gatlingllm.wire;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes small nanosecond pcap files of Ethernet/IPv4/TCP frames, for tests that need a capture of
 * known timing.
 */
final class PcapBuilder {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  PcapBuilder() {
    ByteBuffer header = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
    header
        .putInt(0xa1b23c4d)
        .putShort((short) 2)
        .putShort((short) 4)
        .putInt(0)
        .putInt(0)
        .putInt(262_144)
        .putInt(1);
    out.writeBytes(header.array());
  }

  /** A segment from {@code fromPort} to {@code toPort} on 127.0.0.1 at {@code nanos} (epoch). */
  PcapBuilder segment(long nanos, int fromPort, int toPort, int seq, int flags, String payload) {
    byte[] data = payload.getBytes(StandardCharsets.ISO_8859_1);
    ByteBuffer frame = ByteBuffer.allocate(14 + 20 + 20 + data.length).order(ByteOrder.BIG_ENDIAN);
    frame.put(new byte[12]).putShort((short) 0x0800); // Ethernet, as Linux's loopback gives it
    frame
        .put((byte) 0x45)
        .put((byte) 0)
        .putShort((short) (40 + data.length))
        .putInt(0)
        .put((byte) 64)
        .put((byte) 6)
        .putShort((short) 0)
        .put(new byte[] {127, 0, 0, 1})
        .put(new byte[] {127, 0, 0, 1});
    frame
        .putShort((short) fromPort)
        .putShort((short) toPort)
        .putInt(seq)
        .putInt(0)
        .put((byte) 0x50)
        .put((byte) flags)
        .putShort((short) 65_535)
        .putInt(0);
    frame.put(data);
    ByteBuffer record = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
    record
        .putInt((int) (nanos / 1_000_000_000L))
        .putInt((int) (nanos % 1_000_000_000L))
        .putInt(frame.capacity())
        .putInt(frame.capacity());
    out.writeBytes(record.array());
    out.writeBytes(frame.array());
    return this;
  }

  Path write(Path file) throws IOException {
    return Files.write(file, out.toByteArray());
  }

  PcapReader reader() throws IOException {
    return PcapReader.of(new ByteArrayInputStream(out.toByteArray()));
  }
}
