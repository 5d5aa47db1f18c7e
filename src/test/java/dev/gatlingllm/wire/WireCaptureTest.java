package dev.gatlingllm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WireCaptureTest {
  private static final int SERVER = 18123;
  private static final int SYN = 0x02;
  private static final int ACK = 0x10;
  private static final int PSH_ACK = 0x18;
  private static final int FIN_ACK = 0x11;

  /**
   * A real capture ({@code tcpdump -i lo --time-stamp-precision=nano}) of three streams from the
   * simulator: two chat streams at once, each opening with a role-only delta, then a completions
   * stream. The expected times were read with tshark, not with this code:
   *
   * <pre>
   *   tshark -r three-streams.pcap -Y 'http.request or http.response' -T fields -e frame.time_epoch -e tcp.srcport
   *   tshark -r three-streams.pcap -o tcp.desegment_tcp_streams:FALSE -Y 'tcp.srcport==18123 and
   *       (frame contains "\"content\":\"\x20" or frame contains "\"text\":\"\x20")' -T fields -e frame.time_epoch -e tcp.dstport
   *   tshark -r three-streams.pcap -o tcp.desegment_tcp_streams:FALSE -Y 'tcp.srcport==18123 and
   *       frame contains "HTTP/1.1"' -T fields -e frame.time_epoch -e tcp.dstport
   *   tshark -r three-streams.pcap -o tcp.desegment_tcp_streams:FALSE -Y 'tcp.srcport==18123 and
   *       frame contains "\"choices\""' -T fields -e frame.time_epoch -e tcp.dstport
   * </pre>
   */
  @Test
  void readsTheExchangesOfARealCaptureAsTsharkDoes() throws Exception {
    WireCapture.Read read = WireCapture.read(resource("three-streams.pcap"), SERVER);

    assertEquals(68, read.frames());
    assertEquals(3, read.connections());
    List<WireExchange> exchanges =
        read.exchanges().stream()
            .sorted(Comparator.comparingLong(WireExchange::requestFirstByteNanos))
            .toList();
    assertEquals(3, exchanges.size());
    expect(
        exchanges.get(0),
        "127.0.0.1:59562",
        1796185621297517448L,
        1796185623947416501L,
        1796185624014429428L,
        1796185624031777312L,
        1796185624046832552L,
        5,
        "chatcmpl-sim-1",
        1796185624058634428L);
    expect(
        exchanges.get(1),
        "127.0.0.1:59574",
        1796185621325056232L,
        1796185623938019732L,
        1796185624021339234L,
        1796185624046014044L,
        1796185624048615693L,
        5,
        "chatcmpl-sim-2",
        1796185624052739501L);
    expect(
        exchanges.get(2),
        "127.0.0.1:59584",
        1796185624384612888L,
        1796185624400532161L,
        1796185624438800273L,
        1796185624438800273L,
        1796185624480806225L,
        3,
        "cmpl-sim-3",
        1796185624481592462L);
    assertEquals(1796185624438800273L - 1796185624384612888L, exchanges.get(2).ttftNanos());
  }

  /**
   * Segments split inside the head and inside a chunk-size line, one captured ahead of a gap, one
   * retransmitted: each byte counts from when the receiver could read it in order, and the
   * role-only event is not the first token.
   */
  @Test
  void timesEachEventFromWhenItsBytesCouldBeReadInOrder(@TempDir Path dir) throws Exception {
    String role =
        "data: {\"id\":\"r1\",\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}\n\n";
    String first = "data: {\"id\":\"r1\",\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n";
    String second = "data: {\"id\":\"r1\",\"choices\":[{\"delta\":{\"content\":\" there\"}}]}\n\n";
    String done = "data: [DONE]\n\n";
    String request = "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}";
    String head =
        "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n";
    String roleChunk = Integer.toHexString(role.length()) + "\r\n" + role + "\r\n";
    String firstChunk = Integer.toHexString(first.length()) + "\r\n" + first + "\r\n";
    String secondChunk = Integer.toHexString(second.length()) + "\r\n" + second + "\r\n";
    String end = Integer.toHexString(done.length()) + "\r\n" + done + "\r\n0\r\n\r\n";
    int c = 1000;
    int s = 5000;
    int client = 40000;
    PcapBuilder pcap =
        new PcapBuilder()
            .segment(1_000, client, SERVER, c - 1, SYN, "")
            .segment(2_000, SERVER, client, s - 1, SYN | ACK, "")
            .segment(10_000, client, SERVER, c, PSH_ACK, request.substring(0, 20))
            .segment(11_000, client, SERVER, c + 20, PSH_ACK, request.substring(20))
            .segment(20_000, SERVER, client, s, PSH_ACK, head.substring(0, 30))
            .segment(
                21_000,
                SERVER,
                client,
                s + 30,
                PSH_ACK,
                head.substring(30) + roleChunk + firstChunk.substring(0, 1));
    int at = s + head.length() + roleChunk.length() + 1;
    int afterFirst = at - 1 + firstChunk.length();
    pcap.segment(40_000, SERVER, client, afterFirst, PSH_ACK, secondChunk) // ahead of a gap
        .segment(50_000, SERVER, client, at, PSH_ACK, firstChunk.substring(1)) // fills it
        .segment(51_000, SERVER, client, at, PSH_ACK, firstChunk.substring(1)) // a retransmission
        .segment(60_000, SERVER, client, afterFirst + secondChunk.length(), PSH_ACK, end)
        .segment(
            61_000, SERVER, client, afterFirst + secondChunk.length() + end.length(), FIN_ACK, "");

    WireCapture.Read read = WireCapture.read(pcap.write(dir.resolve("split.pcap")), SERVER);

    assertEquals(1, read.exchanges().size());
    WireExchange e = read.exchanges().get(0);
    assertNull(e.broken());
    assertEquals(200, e.status());
    assertEquals(10_000, e.requestFirstByteNanos());
    assertEquals(11_000, e.requestLastByteNanos());
    assertEquals(21_000, e.headersNanos());
    assertEquals(
        21_000, e.firstChoiceNanos(), "the role-only delta, complete in the head's second segment");
    assertEquals(
        50_000,
        e.firstOutputNanos(),
        "the first token arrives when its event's bytes are complete");
    assertEquals(
        50_000,
        e.lastOutputNanos(),
        "the event held ahead of the gap is readable only once it fills");
    assertEquals(
        2,
        e.outputEvents(),
        "the role-only delta and [DONE] carry no output; a retransmission counts once");
    assertEquals("r1", e.responseId());
    assertEquals(60_000, e.endNanos());
    assertEquals(40_000, e.ttftNanos());
  }

  @Test
  void aGapTheCaptureNeverFilledMarksTheExchangeBroken(@TempDir Path dir) throws Exception {
    String request = "POST /v1/completions HTTP/1.1\r\nContent-Length: 0\r\n\r\n";
    String head = "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n";
    PcapBuilder pcap =
        new PcapBuilder()
            .segment(1_000, 40001, SERVER, 99, SYN, "")
            .segment(2_000, SERVER, 40001, 499, SYN | ACK, "")
            .segment(3_000, 40001, SERVER, 100, PSH_ACK, request)
            .segment(4_000, SERVER, 40001, 500, PSH_ACK, head)
            .segment(5_000, SERVER, 40001, 500 + head.length() + 10, PSH_ACK, "5\r\nhello\r\n");

    WireExchange e =
        WireCapture.read(pcap.write(dir.resolve("gap.pcap")), SERVER).exchanges().get(0);

    assertNotNull(e.broken());
    assertTrue(e.broken().contains("missing from the capture"), e.broken());
    assertEquals(-1, e.firstOutputNanos());
  }

  private static void expect(
      WireExchange e,
      String connection,
      long requestFirstByte,
      long headers,
      long firstChoice,
      long firstOutput,
      long lastOutput,
      int events,
      String id,
      long end) {
    assertNull(e.broken());
    assertEquals(connection, e.connection());
    assertEquals(200, e.status());
    assertEquals(requestFirstByte, e.requestFirstByteNanos());
    assertEquals(headers, e.headersNanos());
    assertEquals(firstChoice, e.firstChoiceNanos(), "a role-only delta is a choice, not output");
    assertEquals(firstOutput, e.firstOutputNanos());
    assertEquals(lastOutput, e.lastOutputNanos());
    assertEquals(events, e.outputEvents());
    assertEquals(id, e.responseId());
    assertEquals(end, e.endNanos());
  }

  private static Path resource(String name) throws URISyntaxException {
    return Path.of(WireCaptureTest.class.getResource("/wire/" + name).toURI());
  }
}
