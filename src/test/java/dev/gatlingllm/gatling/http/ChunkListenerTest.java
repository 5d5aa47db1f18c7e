package dev.gatlingllm.gatling.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.transport.ResponseHandler;
import dev.gatlingllm.transport.ResponseHead;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Over HTTP/2, Gatling's client hands each HEADERS frame of a stream to the listener as a response
 * head: an interim 103 comes first, then the answer's 200. The listener passes on the answer's head
 * alone.
 */
class ChunkListenerTest {
  private final List<String> seen = new ArrayList<>();
  private final ResponseHandler handler =
      new ResponseHandler() {
        @Override
        public void onRequestWritten(long nanos) {}

        @Override
        public void onResponseHeaders(ResponseHead head, long nanos) {
          seen.add("head " + head.status());
        }

        @Override
        public void onBodyChunk(ByteBuffer chunk, boolean last, long nanos) {
          seen.add("chunk " + chunk.remaining() + (last ? " last" : ""));
        }

        @Override
        public void onTransportFailure(Throwable cause, long nanos) {
          seen.add("failure");
        }
      };

  @Test
  void interimHeadsAreNotTheAnswer() {
    GatlingHttpTransport.ChunkListener listener = new GatlingHttpTransport.ChunkListener(handler);
    listener.onHttpResponse(
        HttpResponseStatus.valueOf(103), new DefaultHttpHeaders().add("link", "</a.css>"));
    listener.onHttpResponse(HttpResponseStatus.CONTINUE, new DefaultHttpHeaders());
    listener.onHttpResponse(
        HttpResponseStatus.OK, new DefaultHttpHeaders().add("content-type", "text/event-stream"));
    listener.onHttpResponseBodyChunk(Unpooled.wrappedBuffer(new byte[5]), true);
    assertEquals(List.of("head 200", "chunk 5 last"), seen);
  }
}
