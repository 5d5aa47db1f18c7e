package dev.gatlingllm.wire;

import java.util.Arrays;

/**
 * One TCP segment taken out of a captured frame: who sent it to whom, its sequence number, flags
 * and payload. Ethernet (what Linux's loopback gives tcpdump), Linux cooked captures ({@code -i
 * any}), raw IP and BSD loopback frames; IPv4 and IPv6 (without extension headers).
 */
record TcpSegment(
    long epochNanos,
    String from,
    String to,
    int fromPort,
    int toPort,
    int seq,
    boolean syn,
    boolean fin,
    boolean rst,
    byte[] payload) {

  private static final int ETHERNET = 1;
  private static final int NULL_LOOPBACK = 0;
  private static final int RAW_IP = 101;
  private static final int RAW_IP_OLD = 12;
  private static final int LINUX_COOKED = 113;
  private static final int LINUX_COOKED_V2 = 276;

  /** The segment in a frame, or null for a frame that carries no TCP over IP. */
  static TcpSegment parse(PcapReader.Frame frame) {
    byte[] b = frame.bytes();
    int end = frame.length();
    int ip =
        switch (frame.linkType()) {
          case ETHERNET -> ethernetPayload(b, end);
          case LINUX_COOKED -> end >= 16 ? 16 : -1;
          case LINUX_COOKED_V2 -> end >= 20 ? 20 : -1;
          case NULL_LOOPBACK -> 4;
          case RAW_IP, RAW_IP_OLD -> 0;
          default ->
              throw new IllegalArgumentException("link type " + frame.linkType() + " is not read");
        };
    if (ip < 0 || ip >= end) {
      return null;
    }
    int version = (b[ip] & 0xff) >> 4;
    int tcp;
    int ipEnd;
    String from;
    String to;
    if (version == 4) {
      if ((b[ip + 9] & 0xff) != 6) return null;
      tcp = ip + (b[ip] & 0x0f) * 4;
      ipEnd = Math.min(end, ip + u16(b, ip + 2)); // the IP length, not Ethernet's padding
      from = ipv4(b, ip + 12);
      to = ipv4(b, ip + 16);
    } else if (version == 6) {
      if ((b[ip + 6] & 0xff) != 6) return null;
      tcp = ip + 40;
      ipEnd = Math.min(end, tcp + u16(b, ip + 4));
      from = ipv6(b, ip + 8);
      to = ipv6(b, ip + 24);
    } else {
      return null;
    }
    if (tcp + 20 > ipEnd) {
      return null;
    }
    int dataOffset = ((b[tcp + 12] & 0xff) >> 4) * 4;
    int flags = b[tcp + 13] & 0xff;
    int payloadStart = Math.min(ipEnd, tcp + dataOffset);
    return new TcpSegment(
        frame.epochNanos(),
        from,
        to,
        u16(b, tcp),
        u16(b, tcp + 2),
        i32(b, tcp + 4),
        (flags & 0x02) != 0,
        (flags & 0x01) != 0,
        (flags & 0x04) != 0,
        Arrays.copyOfRange(b, payloadStart, ipEnd));
  }

  private static int ethernetPayload(byte[] b, int end) {
    int at = 12;
    int type = end >= 14 ? u16(b, at) : -1;
    while (type == 0x8100 && at + 6 <= end) { // 802.1Q tags
      at += 4;
      type = u16(b, at);
    }
    return type == 0x0800 || type == 0x86dd ? at + 2 : -1;
  }

  private static int u16(byte[] b, int at) {
    return (b[at] & 0xff) << 8 | b[at + 1] & 0xff;
  }

  private static int i32(byte[] b, int at) {
    return u16(b, at) << 16 | u16(b, at + 2);
  }

  private static String ipv4(byte[] b, int at) {
    return (b[at] & 0xff)
        + "."
        + (b[at + 1] & 0xff)
        + "."
        + (b[at + 2] & 0xff)
        + "."
        + (b[at + 3] & 0xff);
  }

  private static String ipv6(byte[] b, int at) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 16; i += 2) {
      if (i > 0) s.append(':');
      s.append(Integer.toHexString(u16(b, at + i)));
    }
    return s.toString();
  }
}
