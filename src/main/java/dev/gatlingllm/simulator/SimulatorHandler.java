package dev.gatlingllm.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * Routes the requests of one connection. Responses on a connection go out one at a time: a request
 * that arrives while a stream is still running (HTTP pipelining) waits until that stream ends. At
 * most {@link #MAX_PIPELINED} wait; the one after them is answered 429 in its turn, and the
 * connection closed.
 */
final class SimulatorHandler extends ChannelInboundHandlerAdapter
    implements GenerationStream.Completion {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Requests that may wait on one connection: a client pipelining without end must not grow the
   * queue.
   */
  static final int MAX_PIPELINED = 16;

  private final LlmSimulator simulator;
  private final ArrayDeque<FullHttpRequest> pipelined = new ArrayDeque<>();
  private ChannelHandlerContext ctx;
  private GenerationStream current;

  /** An embeddings or rerank request is waiting for its batch: later requests wait behind it. */
  private boolean pooledPending;

  private boolean closing;

  /**
   * More requests came than may wait: once the waiting ones are answered, a 429 and the connection
   * closes.
   */
  private boolean overflowed;

  SimulatorHandler(LlmSimulator simulator) {
    this.simulator = simulator;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof FullHttpRequest request)) {
      io.netty.util.ReferenceCountUtil.release(msg);
      return;
    }
    if (current != null || pooledPending || closing) {
      if (closing || overflowed) {
        request.release();
      } else if (pipelined.size() >= MAX_PIPELINED) {
        request.release();
        overflowed = true;
      } else {
        pipelined.add(request);
      }
      return;
    }
    try {
      handle(request, System.nanoTime());
    } finally {
      request.release();
    }
  }

  @Override
  public void onResponseEnd(GenerationStream stream, boolean connectionClosing) {
    if (stream != current) return;
    current = null;
    closing |= connectionClosing;
    drainPipelined();
  }

  /** Answers the requests that waited on this connection, in order, while none is running. */
  private void drainPipelined() {
    while (current == null && !pooledPending && !closing && !pipelined.isEmpty()) {
      FullHttpRequest next = pipelined.poll();
      try {
        handle(next, System.nanoTime());
      } finally {
        next.release();
      }
    }
    if (current == null && !pooledPending && !closing && overflowed && pipelined.isEmpty()) {
      // HTTP/1.1 answers in order, so the refusal comes after the answers of the requests that
      // waited.
      closing = true;
      sendError(
          HttpResponseStatus.TOO_MANY_REQUESTS,
          "too many pipelined requests on one connection (at most " + MAX_PIPELINED + " may wait)",
          null,
          true);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    closing = true;
    if (current != null) current.abandon();
    FullHttpRequest request;
    while ((request = pipelined.poll()) != null) request.release();
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close(); // connection resets from clients are routine under load tests
  }

  private void handle(FullHttpRequest request, long receivedNanos) {
    if (!request.decoderResult().isSuccess()) {
      sendError(HttpResponseStatus.BAD_REQUEST, "malformed HTTP request", null, true);
      return;
    }
    String path = path(request);
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    switch (path) {
      case "/health" ->
          onlyMethod(
              request,
              HttpMethod.GET,
              () ->
                  sendJson(
                      HttpResponseStatus.OK,
                      "{\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8),
                      null,
                      !keepAlive));
      case "/v1/models" ->
          onlyMethod(
              request,
              HttpMethod.GET,
              () -> sendJson(HttpResponseStatus.OK, models(), null, !keepAlive));
      case "/metrics" ->
          onlyMethod(
              request, HttpMethod.GET, () -> sendText(simulator.metrics().page(), !keepAlive));
      case "/tokenize" -> onlyMethod(request, HttpMethod.POST, () -> tokenize(request, !keepAlive));
      case "/v1/embeddings", "/v1/rerank" ->
          onlyMethod(
              request, HttpMethod.POST, () -> pool(request, path, receivedNanos, !keepAlive));
      case "/detokenize" ->
          onlyMethod(request, HttpMethod.POST, () -> detokenize(request, !keepAlive));
      default -> {
        ApiFormat format = ApiFormat.forPath(path);
        if (format != null) {
          onlyMethod(
              request, HttpMethod.POST, () -> generate(request, format, receivedNanos, !keepAlive));
        } else {
          sendError(HttpResponseStatus.NOT_FOUND, "Unknown path: " + path, null, !keepAlive);
        }
      }
    }
  }

  private static String path(FullHttpRequest request) {
    String uri = request.uri();
    int query = uri.indexOf('?');
    return query >= 0 ? uri.substring(0, query) : uri;
  }

  private void onlyMethod(FullHttpRequest request, HttpMethod method, Runnable action) {
    if (!request.method().equals(method)) {
      sendError(
          HttpResponseStatus.METHOD_NOT_ALLOWED,
          "Use " + method + " for " + request.uri(),
          null,
          !HttpUtil.isKeepAlive(request));
    } else {
      action.run();
    }
  }

  private void generate(
      FullHttpRequest http, ApiFormat format, long receivedNanos, boolean clientClose) {
    SimulatorConfig config = simulator.config();
    String endpoint = format.path;
    String requestId =
        simulator.requestId(http.headers().get(LlmSimulator.CLIENT_REQUEST_ID_HEADER), format);
    FaultSpec fault;
    FixedTiming timing;
    try {
      fault = faultOf(http);
      timing = timingOf(http);
      if (fault.roleDelay() != null) {
        FixedTiming role = fault.roleDelay();
        timing =
            timing == null
                ? role
                : new FixedTiming(timing.ttftNanos(), timing.itlNanos(), role.roleNanos());
      }
    } catch (IllegalArgumentException e) {
      sendError(
          HttpResponseStatus.BAD_REQUEST,
          "invalid simulator header: " + e.getMessage(),
          requestId,
          clientClose,
          format);
      return;
    }
    if (simulator.strikesStatus(fault)) {
      sendStatusFault(fault, format, requestId, receivedNanos, clientClose);
      return;
    }
    SimulatedRequest request;
    try {
      JsonNode body = JSON.readTree(new ByteBufInputStream(http.content()));
      request = SimulatedRequest.parse(format, body, config);
      if (request.schema != null
          && fault.schemaInvalidEvery() > 0
          && simulator.spoilsStructuredAnswer(fault.schemaInvalidEvery())) {
        request = request.withInvalidAnswer(fault.schemaBreach());
      }
    } catch (IOException e) {
      sendError(
          HttpResponseStatus.BAD_REQUEST,
          "We could not parse the JSON body of your request.",
          requestId,
          clientClose,
          format);
      return;
    } catch (SimulatedRequest.InvalidRequestException e) {
      sendError(HttpResponseStatus.BAD_REQUEST, e.getMessage(), requestId, clientClose, format);
      return;
    }
    current =
        new GenerationStream(
            request,
            ctx,
            fault,
            timing,
            requestId,
            receivedNanos,
            simulator.groundTruthLog(),
            clientClose,
            this);
    current.start(
        simulator.engineThread(), receivedNanos + config.capacity().requestOverheadNanos());
  }

  /** The faults of this request: {@code sim.fault}, then its {@code x-sim-fault} header's. */
  private FaultSpec faultOf(FullHttpRequest http) {
    return FaultSpec.combine(
        simulator.config().values().get(SimulatorSetting.FAULT),
        http.headers().get(LlmSimulator.FAULT_HEADER));
  }

  /** Its fixed timing: the {@code x-sim-timing} header's, else {@code sim.timing}'s, else null. */
  private FixedTiming timingOf(FullHttpRequest http) {
    FixedTiming headerTiming = FixedTiming.parse(http.headers().get(LlmSimulator.TIMING_HEADER));
    return headerTiming != null ? headerTiming : simulator.config().globalTiming();
  }

  private void sendStatusFault(
      FaultSpec fault, ApiFormat format, String requestId, long receivedNanos, boolean close) {
    String endpoint = format.path;
    int status = fault.status();
    GroundTruthLog log = simulator.groundTruthLog();
    long now = System.nanoTime();
    send(statusFaultResponse(fault, format, requestId), close);
    if (log != null) {
      RequestTrace trace = new RequestTrace(requestId, endpoint, false, receivedNanos, 1);
      trace.add(GroundTruthRecord.EventKind.BODY, -1, now, 0);
      log.add(trace.finish(System.nanoTime(), 0, 0, "status-" + status));
    }
  }

  /** The answer of a status fault, in the error shape of the API asked. */
  private static FullHttpResponse statusFaultResponse(
      FaultSpec fault, ApiFormat format, String requestId) {
    int status = fault.status();
    String message =
        switch (status) {
          case 429 -> "Rate limit reached (simulated)";
          case 503 -> "The server is overloaded (simulated)";
          default -> "Simulated server error " + status;
        };
    FullHttpResponse response =
        jsonResponse(
            HttpResponseStatus.valueOf(status),
            SimulatorErrors.body(format, message, status, status),
            requestId);
    if (status == 429 || status == 503) {
      response.headers().setInt(HttpHeaderNames.RETRY_AFTER, fault.retryAfterSeconds());
    }
    return response;
  }

  /**
   * An embeddings or rerank request: parsed now, answered at the end of the pooling engine's batch
   * that takes it (docs/simulator.md, "Embeddings and rerank"), or, under a fixed timing, its
   * {@code ttft} after it was received, outside any batch. The faults that make sense for one JSON
   * answer apply to it ({@link PooledAnswerFaults}); a status fault answers at once, as for a
   * generation request.
   */
  private void pool(FullHttpRequest http, String path, long receivedNanos, boolean close) {
    FaultSpec fault;
    FixedTiming timing;
    try {
      fault = faultOf(http);
      timing = timingOf(http);
    } catch (IllegalArgumentException e) {
      sendError(
          HttpResponseStatus.BAD_REQUEST,
          "invalid simulator header: " + e.getMessage(),
          null,
          close);
      return;
    }
    if (simulator.strikesStatus(fault)) {
      send(statusFaultResponse(fault, ApiFormat.CHAT, null), close);
      return;
    }
    PoolingAnswers.Request request;
    try {
      JsonNode body = JSON.readTree(new ByteBufInputStream(http.content()));
      SimulatorConfig config = simulator.config();
      request =
          path.equals("/v1/rerank")
              ? PoolingAnswers.rerank(body, config.model())
              : PoolingAnswers.embeddings(body, config.model(), config.pooling().dimensions());
    } catch (IOException e) {
      sendUnparsable(close);
      return;
    } catch (PoolingAnswers.Invalid e) {
      sendError(HttpResponseStatus.BAD_REQUEST, e.getMessage(), null, close);
      return;
    }
    pooledPending = true;
    Runnable answer =
        () -> {
          // On the pooling engine's thread, so that building the vectors never holds an event
          // loop; the write goes back to the connection's own loop.
          byte[] body = PooledAnswerFaults.body(fault, request.answer().get());
          if (PooledAnswerFaults.outcome(fault) == PooledAnswerFaults.Outcome.ANSWER) {
            // Only an answer is a success of /metrics; a 500, a reset or a stall is not.
            simulator.metrics().pooled(request.tokens());
          }
          ctx.executor().execute(() -> answerPooled(fault, body, close));
        };
    if (timing != null) {
      simulator.poolingEngine().answerAt(receivedNanos + timing.ttftNanos(), answer);
    } else {
      simulator.poolingEngine().submit(new PoolingEngine.Job(request.tokens(), answer));
    }
  }

  /**
   * Writes a pooled answer (its body already spoilt as its faults say) or what its faults put in
   * its place; a stalled one is never written and keeps the connection's later requests waiting, as
   * a stalled stream does.
   */
  private void answerPooled(FaultSpec fault, byte[] answer, boolean close) {
    if (closing) {
      return; // the client went away while its batch ran
    }
    switch (PooledAnswerFaults.outcome(fault)) {
      case STALL -> {
        return;
      }
      case RESET -> {
        closing = true;
        ctx.channel().config().setOption(ChannelOption.SO_LINGER, 0); // close() sends RST
        ctx.channel().close();
        return;
      }
      case SERVER_ERROR ->
          sendError(
              HttpResponseStatus.INTERNAL_SERVER_ERROR,
              PooledAnswerFaults.SERVER_ERROR_MESSAGE,
              null,
              close);
      case ANSWER ->
          sendJson(HttpResponseStatus.OK, answer, null, close || fault.closeAfterResponse());
    }
    pooledPending = false;
    drainPipelined();
  }

  /** The 400 of a body that is not JSON, in OpenAI's words. */
  private void sendUnparsable(boolean close) {
    sendError(
        HttpResponseStatus.BAD_REQUEST,
        "We could not parse the JSON body of your request.",
        null,
        close);
  }

  private void tokenize(FullHttpRequest http, boolean close) {
    String text;
    try {
      JsonNode body = JSON.readTree(new ByteBufInputStream(http.content()));
      JsonNode content =
          body == null
              ? null
              : body.hasNonNull("content")
                  ? body.get("content")
                  : body.hasNonNull("prompt") ? body.get("prompt") : body.get("text");
      if (content == null || !content.isTextual()) {
        sendError(HttpResponseStatus.BAD_REQUEST, "'content' (string) is required", null, close);
        return;
      }
      text = content.asText();
    } catch (IOException e) {
      sendUnparsable(close);
      return;
    }
    ObjectNode root = JSON.createObjectNode();
    ArrayNode tokens = root.putArray("tokens");
    int[] ids = SimpleTokenizer.ids(text);
    for (int id : ids) tokens.add(id);
    root.put("count", ids.length);
    sendJson(HttpResponseStatus.OK, root.toString().getBytes(StandardCharsets.UTF_8), null, close);
  }

  /**
   * Ids back to text, as llama.cpp's {@code /detokenize} answers: benchmark clients that build
   * random prompts from random token ids (vLLM's {@code --dataset-name random}) need it. A
   * vocabulary word's id gives that word; any other id (a hashed token, which cannot be reversed)
   * gives the vocabulary word at its index modulo the size.
   */
  private void detokenize(FullHttpRequest http, boolean close) {
    StringBuilder text = new StringBuilder();
    try {
      JsonNode body = JSON.readTree(new ByteBufInputStream(http.content()));
      JsonNode tokens = body == null ? null : body.get("tokens");
      if (tokens == null || !tokens.isArray()) {
        sendError(
            HttpResponseStatus.BAD_REQUEST, "'tokens' (array of ids) is required", null, close);
        return;
      }
      for (JsonNode id : tokens) {
        if (!id.canConvertToInt() || id.asInt() < 0) {
          sendError(
              HttpResponseStatus.BAD_REQUEST, "token ids are non-negative integers", null, close);
          return;
        }
        text.append(Vocabulary.word(id.asInt() % Vocabulary.size()));
      }
    } catch (IOException e) {
      sendError(
          HttpResponseStatus.BAD_REQUEST,
          "We could not parse the JSON body of your request.",
          null,
          close);
      return;
    }
    ObjectNode root = JSON.createObjectNode();
    root.put("content", text.toString());
    sendJson(HttpResponseStatus.OK, root.toString().getBytes(StandardCharsets.UTF_8), null, close);
  }

  private byte[] models() {
    ObjectNode root = JSON.createObjectNode();
    root.put("object", "list");
    ObjectNode model = root.putArray("data").addObject();
    model.put("id", simulator.config().model());
    model.put("object", "model");
    model.put("created", simulator.startedEpochSeconds());
    model.put("owned_by", "gatling-llm-simulator");
    return root.toString().getBytes(StandardCharsets.UTF_8);
  }

  private void sendText(String text, boolean close) {
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    FullHttpResponse response =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(body));
    response
        .headers()
        .set(HttpHeaderNames.CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")
        .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
    send(response, close);
  }

  private void sendError(
      HttpResponseStatus status, String message, String requestId, boolean close) {
    sendError(status, message, requestId, close, ApiFormat.CHAT);
  }

  /** An error body in the shape of the API asked. */
  private void sendError(
      HttpResponseStatus status,
      String message,
      String requestId,
      boolean close,
      ApiFormat format) {
    sendJson(status, SimulatorErrors.body(format, message, status.code(), null), requestId, close);
  }

  private void sendJson(HttpResponseStatus status, byte[] body, String requestId, boolean close) {
    send(jsonResponse(status, body, requestId), close);
  }

  private static FullHttpResponse jsonResponse(
      HttpResponseStatus status, byte[] body, String requestId) {
    FullHttpResponse response =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
    response
        .headers()
        .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
        .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
    if (requestId != null) LlmSimulator.setRequestId(response.headers(), requestId);
    return response;
  }

  private void send(FullHttpResponse response, boolean close) {
    if (close) response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    ChannelFuture future = ctx.writeAndFlush(response);
    if (close) {
      closing = true;
      future.addListener(ChannelFutureListener.CLOSE);
    }
  }
}
