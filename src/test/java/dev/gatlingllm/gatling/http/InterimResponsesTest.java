package dev.gatlingllm.gatling.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The filter in a pipeline as Gatling builds it for HTTP/1.1 (Netty's codec, then Gatling's
 * handler, here a recorder under its name): what reaches Gatling's handler is the answer alone,
 * request after request on one kept-alive connection.
 */
class InterimResponsesTest {
  private static final String ANSWER =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
          + "Transfer-Encoding: chunked\r\n\r\n5\r\ndata:\r\n0\r\n\r\n";

  /**
   * Stands for Gatling's handler: records what it is given, as "status 200", "content 5", "last".
   */
  private static final class Recorder extends ChannelInboundHandlerAdapter {
    final List<String> seen = new ArrayList<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof HttpResponse response) {
        seen.add("status " + response.status().code());
      }
      if (msg instanceof HttpContent content && content.content().isReadable()) {
        seen.add("content " + content.content().readableBytes());
      }
      if (msg instanceof LastHttpContent) {
        seen.add("last");
      }
      ReferenceCountUtil.release(msg);
    }
  }

  private final Recorder gatling = new Recorder();
  private final EmbeddedChannel channel = new EmbeddedChannel();

  InterimResponsesTest() {
    channel.pipeline().addLast("http", new HttpClientCodec()).addLast("app-http", gatling);
    InterimResponses.install(channel);
    InterimResponses.install(channel); // once per connection, however many requests it carries
  }

  private void exchange(FullHttpRequest request, String response) {
    channel.writeOutbound(request);
    ReferenceCountUtil.release(channel.readOutbound());
    channel.writeInbound(Unpooled.copiedBuffer(response, StandardCharsets.US_ASCII));
  }

  private static FullHttpRequest post() {
    return new DefaultFullHttpRequest(
        HttpVersion.HTTP_1_1, HttpMethod.POST, "/v1/chat/completions");
  }

  @Test
  void earlyHintsAndAnUnaskedContinueNeverReachGatlingOnAKeptAliveConnection() {
    exchange(
        post(), "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n" + ANSWER);
    exchange(post(), "HTTP/1.1 100 Continue\r\n\r\n" + ANSWER);
    exchange(post(), "HTTP/1.1 103 Early Hints\r\n\r\nHTTP/1.1 103 Early Hints\r\n\r\n" + ANSWER);
    exchange(post(), ANSWER);
    List<String> one = List.of("status 200", "content 5", "last");
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      expected.addAll(one);
    }
    assertEquals(expected, gatling.seen);
    assertEquals(
        1, channel.pipeline().names().stream().filter(InterimResponses.NAME::equals).count());
  }

  @Test
  void aContinueTheRequestAskedForIsGatlings() {
    FullHttpRequest expecting = post();
    expecting.headers().set(HttpHeaderNames.EXPECT, HttpHeaderValues.CONTINUE);
    exchange(expecting, "HTTP/1.1 100 Continue\r\n\r\n");
    assertEquals(List.of("status 100", "last"), gatling.seen);
  }

  @Test
  void aConnectionWithoutGatlingsHttp1HandlerIsLeftAlone() {
    EmbeddedChannel http2 = new EmbeddedChannel();
    http2.pipeline().addLast("app-http2", new Recorder());
    InterimResponses.install(http2);
    assertEquals(null, http2.pipeline().get(InterimResponses.NAME));
  }
}
