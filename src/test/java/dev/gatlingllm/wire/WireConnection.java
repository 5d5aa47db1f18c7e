package dev.gatlingllm.wire;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One TCP connection between a client and the server: its requests and responses, paired in order
 * as HTTP/1.1 pairs them, and each finished pair handed on as a {@link WireExchange}.
 */
final class WireConnection {
  private record Sent(long firstByteNanos, long lastByteNanos) {}

  private final String client;
  private final Consumer<WireExchange> exchanges;
  private final ArrayDeque<Sent> sent = new ArrayDeque<>();
  private final TcpDirection toServer;
  private final TcpDirection toClient;
  private long requestStart = -1;
  private String requestBroken;

  // the response being read
  private int status = -1;
  private long headers = -1;
  private long firstChoice = -1;
  private long firstOutput = -1;
  private long lastOutput = -1;
  private int outputEvents;
  private String responseId;
  private SseEvents events;
  private boolean responseOpen;

  WireConnection(String client, Consumer<WireExchange> exchanges) {
    this.client = client;
    this.exchanges = exchanges;
    toServer = new TcpDirection(new HttpMessages(false, new Requests()));
    toClient = new TcpDirection(new HttpMessages(true, new Responses()));
  }

  void fromClient(TcpSegment segment) {
    toServer.accept(segment);
  }

  void fromServer(TcpSegment segment) {
    toClient.accept(segment);
  }

  /** The capture ended: gaps still open are lost, a response still open ends unfinished. */
  void finish(long epochNanos) {
    toServer.finish(epochNanos);
    toClient.finish(epochNanos);
    if (responseOpen) {
      emit(-1, "the capture ended inside the response");
    }
  }

  private void emit(long endNanos, String broken) {
    Sent request = sent.pollFirst();
    exchanges.accept(
        new WireExchange(
            client,
            request == null ? -1 : request.firstByteNanos(),
            request == null ? -1 : request.lastByteNanos(),
            status,
            headers,
            firstChoice,
            firstOutput,
            lastOutput,
            outputEvents,
            responseId,
            endNanos,
            broken != null ? broken : request == null ? requestBroken : null));
    status = -1;
    headers = -1;
    firstChoice = -1;
    firstOutput = -1;
    lastOutput = -1;
    outputEvents = 0;
    responseId = null;
    events = null;
    responseOpen = false;
  }

  private final class Requests implements HttpMessages.Listener {
    @Override
    public void start(long nanos) {
      requestStart = nanos;
    }

    @Override
    public void head(String startLine, Map<String, String> fields, long nanos) {}

    @Override
    public void body(byte[] b, int offset, int length, long nanos) {}

    @Override
    public void end(long nanos) {
      sent.addLast(new Sent(requestStart, nanos));
    }

    @Override
    public void broken(String why) {
      requestBroken = "request: " + why;
    }
  }

  private final class Responses implements HttpMessages.Listener {
    @Override
    public void start(long nanos) {
      responseOpen = true;
    }

    @Override
    public void head(String startLine, Map<String, String> fields, long nanos) {
      status = Integer.parseInt(startLine.split(" ")[1]);
      headers = nanos;
      events =
          new SseEvents(
              (output, choice, id, at) -> {
                if (id != null && responseId == null) responseId = id;
                if (choice && firstChoice < 0) firstChoice = at;
                if (output) {
                  if (firstOutput < 0) firstOutput = at;
                  lastOutput = at;
                  outputEvents++;
                }
              });
    }

    @Override
    public void body(byte[] b, int offset, int length, long nanos) {
      events.body(b, offset, length, nanos);
    }

    @Override
    public void end(long nanos) {
      if (status / 100 == 1) { // an interim response: the final one follows for the same request
        responseOpen = false;
        return;
      }
      emit(nanos, null);
    }

    @Override
    public void broken(String why) {
      emit(-1, "response: " + why);
    }
  }
}
