package dev.gatlingllm.gatling.http;

import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * Skips interim 1xx responses on an HTTP/1.1 connection (103 Early Hints, a 100 Continue the
 * request did not ask for), as HTTP clients do (RFC 9110, 15.2): Gatling's HTTP/1.1 handler takes
 * any response for the answer and ends the request at its empty body, so the real answer after it
 * was never read. Sits just before that handler, one per connection. A 101 is a protocol switch,
 * not an interim answer, and a 100 Continue that the request asked for ({@code Expect:
 * 100-continue}) is Gatling's to see: both pass.
 */
final class InterimResponses extends ChannelDuplexHandler {
  static final String NAME = "gatling-llm-interim-responses";

  /** Gatling's handler of HTTP/1.1 answers ({@code DefaultHttpClient.APP_HTTP_HANDLER}). */
  private static final String GATLING_HTTP1_HANDLER = "app-http";

  /** Whether the last request written asked for a 100 Continue. */
  private boolean continueExpected;

  /** Between an interim response's head and its (empty) end. */
  private boolean skipping;

  /**
   * Puts the filter on {@code channel} unless it has one or is not an HTTP/1.1 connection of
   * Gatling's. Called on the channel's event loop before the request is written, so before any byte
   * of its answer is read.
   */
  static void install(Channel channel) {
    ChannelPipeline pipeline = channel.pipeline();
    if (pipeline.get(NAME) == null && pipeline.get(GATLING_HTTP1_HANDLER) != null) {
      pipeline.addBefore(GATLING_HTTP1_HANDLER, NAME, new InterimResponses());
    }
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise)
      throws Exception {
    if (msg instanceof HttpRequest request) {
      continueExpected = HttpUtil.is100ContinueExpected(request);
    }
    ctx.write(msg, promise);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (msg instanceof HttpResponse response && isInterim(response.status(), continueExpected)) {
      skipping = true;
    }
    if (skipping) {
      if (msg instanceof LastHttpContent) {
        skipping = false;
      }
      ReferenceCountUtil.release(msg);
      return;
    }
    ctx.fireChannelRead(msg);
  }

  /**
   * An interim answer to skip: a 1xx but a 101 (a protocol switch), and but a 100 Continue the
   * request asked for ({@code continueExpected}), which is Gatling's to see.
   */
  static boolean isInterim(HttpResponseStatus status, boolean continueExpected) {
    if (status.codeClass() != HttpStatusClass.INFORMATIONAL
        || status.code() == HttpResponseStatus.SWITCHING_PROTOCOLS.code()) {
      return false;
    }
    return !(status.code() == HttpResponseStatus.CONTINUE.code() && continueExpected);
  }
}
