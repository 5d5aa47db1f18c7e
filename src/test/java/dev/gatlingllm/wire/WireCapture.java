package dev.gatlingllm.wire;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The HTTP/1.1 exchanges with one server port in a loopback capture, each with the kernel's
 * timestamps of its request's first byte out and its first output event in: the wire truth a
 * client's own timings are held against.
 *
 * <pre>
 *   tcpdump -i lo -s 0 -B 262144 --time-stamp-precision=nano -w run.pcap tcp port 8000
 * </pre>
 */
public final class WireCapture {
  /** What one capture holds. */
  public record Read(
      List<WireExchange> exchanges, long frames, long tcpSegments, long connections) {}

  private WireCapture() {}

  public static Read read(Path pcap, int serverPort) throws IOException {
    List<WireExchange> exchanges = new ArrayList<>();
    Map<String, WireConnection> open = new HashMap<>();
    long frames = 0;
    long segments = 0;
    long connections = 0;
    long last = 0;
    try (PcapReader reader = PcapReader.open(pcap)) {
      for (PcapReader.Frame frame = reader.next(); frame != null; frame = reader.next()) {
        frames++;
        last = frame.epochNanos();
        TcpSegment segment = TcpSegment.parse(frame);
        if (segment == null) continue;
        boolean toServer = segment.toPort() == serverPort;
        if (!toServer && segment.fromPort() != serverPort) continue;
        segments++;
        String client =
            toServer
                ? segment.from() + ":" + segment.fromPort()
                : segment.to() + ":" + segment.toPort();
        if (toServer && segment.syn()) {
          WireConnection previous = open.remove(client); // the port taken again by a new connection
          if (previous != null) previous.finish(segment.epochNanos());
        }
        WireConnection connection = open.get(client);
        if (connection == null) {
          connection = new WireConnection(client, exchanges::add);
          open.put(client, connection);
          connections++;
        }
        if (toServer) {
          connection.fromClient(segment);
        } else {
          connection.fromServer(segment);
        }
      }
    }
    for (WireConnection connection : open.values()) {
      connection.finish(last);
    }
    return new Read(exchanges, frames, segments, connections);
  }
}
