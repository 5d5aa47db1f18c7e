package dev.gatlingllm.gatling.http;

import static io.gatling.javaapi.core.CoreDsl.StringBody;

import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.metrics.request.RequestIds;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.transport.InFlightRequest;
import dev.gatlingllm.transport.RequestBuildException;
import dev.gatlingllm.transport.ResponseHandler;
import dev.gatlingllm.transport.ResponseHead;
import io.gatling.commons.validation.Failure;
import io.gatling.commons.validation.Success;
import io.gatling.commons.validation.Validation;
import io.gatling.core.session.Session;
import io.gatling.core.structure.ScenarioContext;
import io.gatling.http.cache.SslContextSupport;
import io.gatling.http.client.HttpListener;
import io.gatling.http.client.Request;
import io.gatling.http.client.realm.BasicRealm;
import io.gatling.http.protocol.HttpComponents;
import io.gatling.http.protocol.HttpProtocol;
import io.gatling.http.request.HttpRequest;
import io.gatling.http.request.HttpRequestDef;
import io.gatling.http.request.builder.HttpRequestBuilder;
import io.gatling.javaapi.http.HttpDsl;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one adapter over Gatling's HTTP engine: everything here is Gatling-internal API ({@code
 * private[http]} in Scala) and may change with a Gatling minor version, so nothing else in the
 * project touches it.
 *
 * <p>Why reuse the engine rather than raw Netty: the user's {@code http} protocol (baseUrl,
 * headers, authorization, TLS, proxies, DNS, per-user or shared connection pools) applies
 * unchanged. The request is described once with Gatling's own request builder and sent with our own
 * listener, so every body chunk reaches us as it arrives instead of being aggregated.
 */
public final class GatlingHttpTransport {
  /**
   * Session attribute carrying the request body from {@link #send} into Gatling's request builder.
   */
  private static final String BODY_ATTRIBUTE = "gatling-llm.requestBody";

  private final HttpComponents http;
  private final HttpRequestDef requestDef;
  private final boolean shareConnections;

  private GatlingHttpTransport(HttpComponents http, HttpRequestDef requestDef) {
    this.http = http;
    this.requestDef = requestDef;
    this.shareConnections = http.httpProtocol().enginePart().shareConnections();
  }

  /**
   * Describes the POST once, when the scenario is built.
   *
   * @param url the endpoint (EL), resolved against the protocol's baseUrl like any Gatling request
   * @param accept the {@code Accept} header: the media type of the dialect's stream
   * @param headers extra headers, their values computed per session
   * @param clientTimeout Gatling's own request timeout; set above the plugin's timeouts as a last
   *     resort
   */
  public static GatlingHttpTransport create(
      ScenarioContext ctx,
      String requestName,
      String url,
      String accept,
      Map<String, SessionExpression<String>> headers,
      Duration clientTimeout) {
    HttpComponents http =
        ctx.protocolComponentsRegistry().components(HttpProtocol.HttpProtocolKey());
    HttpRequestActionBuilder builder =
        HttpDsl.http(requestName)
            .post(url)
            .header("Content-Type", "application/json")
            .header("Accept", accept)
            // Gatling's client always inflates compressed bodies, without a bound on what one chunk
            // inflates to, and a compressing server or proxy batches tokens: the timing would be
            // the compressor's.
            .header("Accept-Encoding", "identity")
            .body(StringBody(session -> session.getString(BODY_ATTRIBUTE)))
            .requestTimeout(clientTimeout);
    for (Map.Entry<String, SessionExpression<String>> header : headers.entrySet()) {
      SessionExpression<String> value = header.getValue();
      builder = builder.header(header.getKey(), session -> value.resolve(session.asScala()));
    }
    HttpRequestBuilder scalaBuilder = (HttpRequestBuilder) builder.asScala();
    HttpRequestDef requestDef =
        scalaBuilder.build(
            http.httpCaches(), http.httpProtocol(), false, ctx.coreComponents().configuration());
    return new GatlingHttpTransport(http, requestDef);
  }

  /**
   * Builds the request for one session, without sending it: its secrets are then known before any
   * response (or failure) can echo them.
   *
   * @throws RequestBuildException when the request cannot be built (e.g. an EL attribute is
   *     missing)
   */
  public Prepared prepare(Session session, String body) {
    Validation<HttpRequest> built = requestDef.build(session.set(BODY_ATTRIBUTE, body));
    Object outcome = built;
    if (outcome instanceof Failure failure) {
      throw new RequestBuildException(failure.message());
    }
    return new Prepared(((Success<HttpRequest>) built).value().clientRequest(), session);
  }

  /** A request built for one virtual user, ready to send once. */
  public final class Prepared {
    private final Request request;
    private final Session session;

    private Prepared(Request request, Session session) {
      this.request = request;
      this.session = session;
    }

    /**
     * The secret values this request carries, as sent: credential headers from the user's {@code
     * http} protocol and the request (EL resolved), basic-auth credentials, URL user info and
     * secret query values.
     */
    public List<String> secrets() {
      List<String> found = new ArrayList<>();
      for (Map.Entry<String, String> header : request.getHeaders()) {
        found.addAll(Redactor.headerSecrets(header.getKey(), header.getValue()));
      }
      if (request.getRealm() instanceof BasicRealm basic) {
        found.add(basic.getPassword());
        found.addAll(Redactor.headerSecrets("Authorization", basic.getAuthorizationHeader()));
      }
      found.addAll(
          Redactor.urlSecrets(request.getUri().getUserInfo(), request.getUri().getQuery()));
      return found;
    }

    /** Sends the request on the session's event loop; the handler is called there. */
    public InFlightRequest send(ResponseHandler handler) {
      ChunkListener listener = new ChunkListener(handler);
      http.httpEngine()
          .executeRequest(
              request,
              session.userId(),
              shareConnections,
              session.eventLoop(),
              listener,
              SslContextSupport.sslContexts(session));
      return listener;
    }
  }

  /**
   * Translates Gatling's client callbacks into {@link ResponseHandler} calls stamped with nanoTime.
   */
  static final class ChunkListener implements HttpListener, InFlightRequest {
    private final ResponseHandler handler;
    private Channel channel;
    private boolean aborted;

    /** How often Gatling's client sent the request: more than once when it retried. */
    private int sends;

    /** Whether any of the answer arrived: its head, or a byte of its body. */
    private boolean answerStarted;

    /** Whether the handler was told the exchange failed: it hears nothing after that. */
    private boolean failed;

    ChunkListener(ResponseHandler handler) {
      this.handler = handler;
    }

    @Override
    public void onFinalClientRequest(Request request) {}

    /**
     * Gatling's client sends a request again on a fresh connection when its pooled connection
     * closed before the client saw the answer (it judges by its own handler's state, which a stream
     * cut mid-way on a reused connection can leave unset). Once any of the answer arrived, the
     * server processed the request: a resend would be a second request counted as one, its tokens
     * added to the first's. The exchange ends here, as the cut it was, and the resend is stopped
     * (its connection closed before a byte is written, or its connect failure ignored).
     */
    @Override
    public void onSend() {
      sends++;
      if (sends > 1 && answerStarted && !failed) {
        aborted = true;
        fail(new ClosedChannelException());
      }
    }

    @Override
    public void onWrite(Channel channel) {
      this.channel = channel;
      if (aborted) {
        channel.close();
        return;
      }
      InterimResponses.install(channel);
      handler.onRequestWritten(System.nanoTime());
    }

    @Override
    public void onHttpResponse(HttpResponseStatus status, HttpHeaders headers) {
      if (failed) {
        return;
      }
      if (InterimResponses.isInterim(status, false)) {
        // Over HTTP/2 each HEADERS frame of the stream comes here: an interim one is not the
        // answer's head. (Over HTTP/1.1 InterimResponses keeps them from Gatling's handler, which
        // would end the request.)
        return;
      }
      long now = System.nanoTime();
      answerStarted = true;
      handler.onResponseHeaders(
          new ResponseHead(
              status.code(),
              headers.get(HttpHeaderNames.CONTENT_TYPE),
              headers.get(HttpHeaderNames.CONTENT_ENCODING),
              headers.get(RequestIds.HEADER),
              headers.get(HttpHeaderNames.RETRY_AFTER)),
          now);
    }

    @Override
    public void onHttpResponseBodyChunk(ByteBuf chunk, boolean last) {
      if (failed) {
        return;
      }
      long now = System.nanoTime();
      answerStarted = true;
      handler.onBodyChunk(chunk.nioBuffer(), last, now);
    }

    @Override
    public void onThrowable(Throwable throwable) {
      if (!failed) {
        fail(throwable);
      }
    }

    private void fail(Throwable cause) {
      failed = true;
      handler.onTransportFailure(cause, System.nanoTime());
    }

    @Override
    public void abort() {
      aborted = true;
      if (channel != null) {
        channel.close();
      }
    }
  }
}
