package dev.gatlingllm.simulator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gatlingllm.simulator.GroundTruthRecord.EventKind;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One generation response, from headers to the last byte. Tokens are produced either by the
 * batching engine (on {@link EngineThread}, which calls {@link #publish(long)}) or by this stream's
 * own timer in fixed-timing mode; everything that touches the channel runs on the channel's event
 * loop.
 *
 * <p>Hand-off from the engine thread without locks or per-token objects: the engine plans an
 * iteration as soon as it starts, writes the planned time of token i into {@code planned[i]},
 * publishes the count (a volatile write) and schedules one timer per event loop for the iteration's
 * end; at that time the event loop writes every published token whose planned time has come. One
 * timer wake-up per token instead of two hand-offs keeps writes within tens of microseconds of
 * their schedule.
 */
final class GenerationStream extends EngineRequest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Called on the event loop once the response is fully written (or abandoned). */
  interface Completion {
    void onResponseEnd(GenerationStream stream, boolean connectionClosing);
  }

  private final SimulatedRequest request;
  private final ChannelHandlerContext ctx;

  /**
   * The HTTP codec's context: writing there skips the HTTP encoder, for content events framed by
   * us.
   */
  private final ChannelHandlerContext rawCtx;

  private final EventLoop loop;
  private final FaultSpec fault;
  private final FixedTiming timing;
  private final String requestId;
  private final long receivedNanos;
  private final long created;

  /** The SSE events of an OpenAI, Responses or Messages stream, or null. */
  private final ChunkTemplates templates;

  /** The NDJSON lines of an Ollama stream, or null. */
  private final OllamaTemplates ollamaTemplates;

  /** Each token's bytes as a JSON string carries them. */
  private final byte[][] tokens;

  private final long[] planned;
  private final AtomicInteger published = new AtomicInteger();

  /**
   * A token planned this close to now is written now rather than re-armed for a few microseconds.
   */
  private static final long EARLY_TOLERANCE_NANOS = 20_000;

  private final RequestTrace trace;
  private final GroundTruthLog groundTruth;
  private final Completion completion;
  private final boolean closeAfterResponse;
  private final boolean faultStrikes;

  private int written;
  private int contentEvents;
  private int fixedEventIndex;
  private boolean ended;
  private io.netty.util.concurrent.Future<?> timer;

  GenerationStream(
      SimulatedRequest request,
      ChannelHandlerContext ctx,
      FaultSpec fault,
      FixedTiming timing,
      String requestId,
      long receivedNanos,
      GroundTruthLog groundTruth,
      boolean clientAsksClose,
      Completion completion) {
    super(
        request.promptTokens,
        tokensToProduce(request, fault),
        request.maxTokens,
        request.promptBlockHashes);
    this.request = request;
    this.ctx = ctx;
    this.rawCtx = ctx.pipeline().context(HttpServerCodec.class);
    this.loop = ctx.channel().eventLoop();
    this.fault = fault;
    this.timing = timing;
    this.requestId = requestId;
    this.receivedNanos = receivedNanos;
    this.created = System.currentTimeMillis() / 1000;
    this.faultStrikes =
        fault.midStream() != FaultSpec.MidStream.NONE
            && fault.afterTokens() < request.completionTokens;
    this.tokens = request.tokenBytes(tokensToGenerate());
    this.planned = new long[tokensToGenerate()];
    this.templates =
        request.stream && !request.format.isOllama()
            ? new ChunkTemplates(
                request.format,
                quote(requestId),
                created,
                quote(request.model),
                fault.lineEnding(),
                request.toolCall)
            : null;
    this.ollamaTemplates =
        request.stream && request.format.isOllama()
            ? new OllamaTemplates(
                request.format.hasMessages(),
                quote(request.model),
                quote(java.time.Instant.now().toString()),
                fault.lineEnding(),
                request.toolCall,
                request.toolCall == null ? null : request.text(request.completionTokens))
            : null;
    this.groundTruth = groundTruth;
    this.trace =
        groundTruth == null
            ? null
            : new RequestTrace(
                requestId,
                request.endpoint,
                request.stream,
                receivedNanos,
                tokensToGenerate() / Math.max(1, fault.tokensPerEvent()) + 6);
    this.closeAfterResponse = fault.closeAfterResponse() || clientAsksClose;
    this.completion = completion;
  }

  /** The prompt tokens the prefix cache held, for the usage; -1: not reported (cache off). */
  private int reportedCachedTokens() {
    return request.reportsCachedTokens ? cachedPromptTokens() : -1;
  }

  private static int tokensToProduce(SimulatedRequest request, FaultSpec fault) {
    if (fault.midStream() != FaultSpec.MidStream.NONE) {
      return Math.min(request.completionTokens, fault.afterTokens());
    }
    return request.completionTokens;
  }

  String requestId() {
    return requestId;
  }

  /** Starts the response on the event loop; {@code engine} is null in fixed-timing mode. */
  void start(EngineThread engine, long engineReadyNanos) {
    if (request.stream) {
      writeStreamHeaders();
      if (fault.emptyBody()) {
        long now = System.nanoTime();
        record(EventKind.BODY, -1, now, 0);
        end("empty-body", ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT), true);
        return;
      }
      if (request.format.hasOpening() && (timing == null || !timing.hasRoleDelay())) {
        writeRole(-1);
      }
    }
    if (timing != null) {
      if (request.stream && request.format.hasOpening() && timing.hasRoleDelay()) {
        long rolePlanned = receivedNanos + timing.roleNanos();
        loop.schedule(
            () -> {
              if (!ended) writeRole(rolePlanned);
            },
            delayUntil(rolePlanned),
            TimeUnit.NANOSECONDS);
      }
      scheduleFixedEvent();
    } else if (tokensToGenerate() == 0) {
      drain();
    } else {
      engine.submit(this, engineReadyNanos);
    }
  }

  /**
   * Engine thread: the next token is planned at {@code plannedNanos} (usually a little in the
   * future). The engine then schedules {@link #drainDue()} on this stream's event loop for that
   * time.
   */
  void publish(long plannedNanos) {
    int index = generated() - 1;
    planned[index] = plannedNanos;
    published.set(index + 1);
  }

  long receivedNanos() {
    return receivedNanos;
  }

  EventLoop eventLoop() {
    return loop;
  }

  /** Event loop: writes every published token whose planned time has come. */
  void drainDue() {
    drain();
  }

  // ---- fixed timing: one timer per content event, each planned from the receive time (no drift)
  // ----

  private void scheduleFixedEvent() {
    int k = fault.tokensPerEvent();
    int firstToken = fixedEventIndex * k;
    if (firstToken >= tokensToGenerate() && tokensToGenerate() > 0) return;
    int lastEvent = tokensToGenerate() > 0 ? (tokensToGenerate() - 1) / k : 0;
    // A write carries the events up to the last one of its group, at that event's planned time.
    int writeLastEvent =
        request.stream
            ? Math.min(fixedEventIndex + fault.eventsPerWrite() - 1, lastEvent)
            : lastEvent; // one JSON body: only the last event's time matters
    long when = receivedNanos + timing.ttftNanos() + writeLastEvent * timing.itlNanos();
    timer =
        loop.schedule(
            () -> onFixedEvent(when, writeLastEvent), delayUntil(when), TimeUnit.NANOSECONDS);
  }

  private void onFixedEvent(long plannedNanos, int writeLastEvent) {
    if (ended) return;
    int end = Math.min(tokensToGenerate(), (writeLastEvent + 1) * fault.tokensPerEvent());
    for (int i = published.get(); i < end; i++) {
      planned[i] = plannedNanos;
    }
    published.set(end);
    fixedEventIndex = writeLastEvent + 1;
    drain();
    if (!ended) scheduleFixedEvent();
  }

  // ---- writing ----

  private void drain() {
    if (ended) return;
    int available = published.get();
    int k = fault.tokensPerEvent();
    int tokensPerWrite = k * fault.eventsPerWrite();
    int target = tokensToGenerate();
    long due = System.nanoTime() + EARLY_TOLERANCE_NANOS;
    boolean wrote = false;
    while (written < available) {
      int writeEnd = Math.min(written + tokensPerWrite, target);
      if (available < writeEnd) break; // wait for the whole write's tokens
      if (planned[writeEnd - 1] > due)
        break; // planned for the next iteration: its own timer will come
      while (written < writeEnd) {
        int n = Math.min(k, writeEnd - written);
        if (request.stream) writeContent(n, planned[written + n - 1]);
        written += n;
      }
      wrote = true;
    }
    if (wrote && request.stream) {
      (rawCtx != null ? rawCtx : ctx).flush(); // one flush, one socket write, per group of events
    }
    if (written >= target) {
      long lastPlanned = target > 0 ? planned[target - 1] : System.nanoTime();
      if (faultStrikes) {
        strike(lastPlanned);
      } else {
        finishNormally(lastPlanned);
      }
    }
  }

  private void writeStreamHeaders() {
    HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    response
        .headers()
        .set(
            HttpHeaderNames.CONTENT_TYPE,
            fault.wrongContentType()
                ? "application/json"
                : request.format.isOllama() ? "application/x-ndjson" : "text/event-stream")
        .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE)
        .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
    LlmSimulator.setRequestId(response.headers(), requestId);
    keepAliveHeaders(response);
    long now = System.nanoTime();
    record(EventKind.HEADERS, -1, now, 0);
    ctx.writeAndFlush(response);
  }

  private void keepAliveHeaders(HttpResponse response) {
    if (fault.closeAfterResponse()) {
      // llama.cpp advertises keep-alive and then closes after every stream anyway
      response
          .headers()
          .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE)
          .set("Keep-Alive", "timeout=5, max=100");
    } else if (closeAfterResponse) {
      response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    }
  }

  private void writeRole(long plannedNanos) {
    ByteBuf buf = templates.opening(ctx.alloc(), request.promptTokens, !fault.noUsage());
    long now = System.nanoTime();
    record(EventKind.ROLE, plannedNanos, now, 0);
    ctx.writeAndFlush(new DefaultHttpContent(buf));
  }

  private void writeContent(int tokens, long plannedNanos) {
    contentEvents++;
    boolean broken = contentEvents == fault.invalidJsonAtEvent();
    boolean comment = fault.keepaliveComments() && contentEvents > 1;
    // the encoder is in its chunked-body state after our headers; it keeps that state while we
    // bypass it
    boolean framed = rawCtx != null;
    ByteBuf buf =
        request.format.isOllama()
            ? ollamaTemplates.content(
                ctx.alloc(), this.tokens, written, tokens, broken, comment, framed)
            : templates.content(ctx.alloc(), this.tokens, written, tokens, broken, comment, framed);
    long now = System.nanoTime();
    record(EventKind.CONTENT, plannedNanos, now, tokens);
    if (framed) {
      rawCtx.write(buf);
    } else {
      ctx.write(new DefaultHttpContent(buf));
    }
  }

  private void finishNormally(long plannedNanos) {
    int completionTokens = tokensToGenerate();
    if (request.stream && request.format.isOllama()) {
      ByteBuf last =
          ollamaTemplates.last(
              ctx.alloc(),
              request.finishReason,
              !fault.noUsage(),
              request.promptTokens,
              completionTokens,
              Math.max(0, plannedNanos - receivedNanos),
              promptEvalNanos(),
              decodeNanos());
      record(EventKind.FINISH, plannedNanos, System.nanoTime(), 0);
      ctx.write(new DefaultHttpContent(last));
      end(
          request.finishReason,
          ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT),
          closeAfterResponse);
    } else if (request.stream && !request.format.endsWithDone()) {
      // Responses and Messages: the closing events carry the finish reason and the usage; no
      // [DONE].
      ByteBuf end =
          templates.end(
              ctx.alloc(),
              request.finishReason,
              request.promptTokens,
              completionTokens,
              !fault.noUsage());
      record(EventKind.FINISH, plannedNanos, System.nanoTime(), 0);
      ctx.write(new DefaultHttpContent(end));
      end(
          request.finishReason,
          ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT),
          closeAfterResponse);
    } else if (request.stream) {
      ByteBuf finish = templates.finish(ctx.alloc(), request.finishReason);
      record(EventKind.FINISH, plannedNanos, System.nanoTime(), 0);
      ctx.write(new DefaultHttpContent(finish));
      if (request.includeUsage && !fault.noUsage()) {
        ByteBuf usage =
            templates.usage(
                ctx.alloc(),
                request.promptTokens,
                completionTokens,
                reportedCachedTokens(),
                request.audioTokens);
        record(EventKind.USAGE, plannedNanos, System.nanoTime(), 0);
        ctx.write(new DefaultHttpContent(usage));
      }
      ByteBuf done = templates.done(ctx.alloc());
      record(EventKind.DONE, plannedNanos, System.nanoTime(), 0);
      ctx.write(new DefaultHttpContent(done));
      end(
          request.finishReason,
          ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT),
          closeAfterResponse);
    } else {
      FullHttpResponse response =
          jsonResponse(HttpResponseStatus.OK, completeBody(completionTokens));
      record(EventKind.BODY, plannedNanos, System.nanoTime(), completionTokens);
      end(request.finishReason, ctx.writeAndFlush(response), closeAfterResponse);
    }
  }

  private void strike(long plannedNanos) {
    switch (fault.midStream()) {
      case ERROR -> {
        if (request.stream) {
          ByteBuf error =
              request.format.isOllama()
                  ? ollamaTemplates.error(ctx.alloc(), "simulated mid-stream failure")
                  : templates.error(ctx.alloc(), "simulated mid-stream failure");
          record(EventKind.ERROR, plannedNanos, System.nanoTime(), 0);
          ctx.write(new DefaultHttpContent(error));
          end(
              "error-mid-stream",
              ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT),
              closeAfterResponse);
        } else {
          FullHttpResponse response =
              jsonResponse(
                  HttpResponseStatus.INTERNAL_SERVER_ERROR,
                  SimulatorErrors.body(
                      request.format, "simulated mid-generation failure", 500, null));
          record(EventKind.ERROR, plannedNanos, System.nanoTime(), 0);
          end("error-mid-stream", ctx.writeAndFlush(response), closeAfterResponse);
        }
      }
      case RESET -> {
        record(EventKind.ERROR, plannedNanos, System.nanoTime(), 0);
        ctx.channel()
            .config()
            .setOption(ChannelOption.SO_LINGER, 0); // close() then sends RST, not FIN
        end("reset-mid-stream", ctx.channel().close(), true);
      }
      // keep the connection open and silent until the client gives up; no further response on it
      case STALL -> end("stall", null, true);
      default -> throw new IllegalStateException();
    }
  }

  /**
   * Ollama's {@code eval_duration}: the simulated decode time of the N tokens, N times the mean gap
   * between the first and the last token's planned times, so that eval_count / eval_duration is the
   * stream's token rate 1 / ITL, as (N - 1) / (E2EL - TTFT) measures it on the client. 0 for fewer
   * than two tokens.
   */
  private long decodeNanos() {
    int n = tokensToGenerate();
    return n > 1 ? Math.round((double) (planned[n - 1] - planned[0]) * n / (n - 1)) : 0;
  }

  /**
   * Ollama's {@code prompt_eval_duration}: from receipt to the first token's planned time (the
   * prefill).
   */
  private long promptEvalNanos() {
    return tokensToGenerate() > 0 ? Math.max(0, planned[0] - receivedNanos) : 0;
  }

  private byte[] completeBody(int completionTokens) {
    StringBuilder text = new StringBuilder(request.text(completionTokens));
    if (request.format.isOllama()) {
      return ollamaBody(text.toString(), completionTokens);
    }
    ObjectNode root = JSON.createObjectNode();
    root.put("id", requestId);
    boolean cut = "length".equals(request.finishReason);
    if (request.format == ApiFormat.RESPONSES) {
      root.put("object", "response")
          .put("created_at", created)
          .put("status", cut ? "incomplete" : "completed")
          .put("model", request.model);
      root.putArray("output")
          .addObject()
          .put("type", "message")
          .put("role", "assistant")
          .putArray("content")
          .addObject()
          .put("type", "output_text")
          .put("text", text.toString());
      root.putObject("usage")
          .put("input_tokens", request.promptTokens)
          .put("output_tokens", completionTokens)
          .put("total_tokens", request.promptTokens + completionTokens);
      return root.toString().getBytes(StandardCharsets.UTF_8);
    }
    if (request.format == ApiFormat.MESSAGES) {
      root.put("type", "message").put("role", "assistant").put("model", request.model);
      root.putArray("content").addObject().put("type", "text").put("text", text.toString());
      root.put("stop_reason", cut ? "max_tokens" : "end_turn");
      root.putObject("usage")
          .put("input_tokens", request.promptTokens)
          .put("output_tokens", completionTokens);
      return root.toString().getBytes(StandardCharsets.UTF_8);
    }
    boolean chat = request.format == ApiFormat.CHAT;
    root.put("object", chat ? "chat.completion" : "text_completion");
    root.put("created", created);
    root.put("model", request.model);
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    if (chat) {
      ObjectNode message = choice.putObject("message");
      message.put("role", "assistant");
      message.put("content", text.toString());
    } else {
      choice.put("text", text.toString());
      choice.putNull("logprobs");
    }
    choice.put("finish_reason", request.finishReason);
    ObjectNode usage = root.putObject("usage");
    usage.put("prompt_tokens", request.promptTokens);
    usage.put("completion_tokens", completionTokens);
    usage.put("total_tokens", request.promptTokens + completionTokens);
    if (request.reportsCachedTokens || request.audioTokens > 0) {
      ObjectNode details = usage.putObject("prompt_tokens_details");
      if (request.reportsCachedTokens) {
        details.put("cached_tokens", cachedPromptTokens());
      }
      if (request.audioTokens > 0) {
        details.put("audio_tokens", request.audioTokens);
      }
    }
    return root.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Ollama's answer to {@code "stream": false}: one object, the whole text and the final line's
   * fields.
   */
  private byte[] ollamaBody(String text, int completionTokens) {
    ObjectNode root = JSON.createObjectNode();
    root.put("model", request.model);
    root.put("created_at", java.time.Instant.now().toString());
    if (request.format.hasMessages()) {
      ObjectNode message = root.putObject("message");
      message.put("role", "assistant");
      message.put("content", text);
    } else {
      root.put("response", text);
    }
    root.put("done", true);
    root.put("done_reason", request.finishReason);
    root.put("prompt_eval_count", request.promptTokens);
    root.put("prompt_eval_duration", promptEvalNanos());
    root.put("eval_count", completionTokens);
    root.put("eval_duration", decodeNanos());
    return root.toString().getBytes(StandardCharsets.UTF_8);
  }

  private FullHttpResponse jsonResponse(HttpResponseStatus status, byte[] body) {
    FullHttpResponse response =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
    response
        .headers()
        .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
        .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
    LlmSimulator.setRequestId(response.headers(), requestId);
    keepAliveHeaders(response);
    return response;
  }

  /** The client went away (or the server stops): stop producing and free the engine slot. */
  void abandon() {
    if (ended) return;
    cancel();
    end("client-closed", null, false);
  }

  private void end(String outcome, io.netty.channel.ChannelFuture lastWrite, boolean close) {
    ended = true;
    cancel(); // no-op for the engine once all tokens are out; frees the slot otherwise (stall)
    if (timer != null) timer.cancel(false);
    if (trace != null) {
      int completion =
          "client-closed".equals(outcome) || faultStrikes ? written : tokensToGenerate();
      groundTruth.add(trace.finish(System.nanoTime(), request.promptTokens, completion, outcome));
    }
    if (close && lastWrite != null) {
      lastWrite.addListener(ChannelFutureListener.CLOSE);
    }
    completion.onResponseEnd(this, close);
  }

  private void record(EventKind kind, long plannedNanos, long writeNanos, int tokens) {
    if (trace != null) trace.add(kind, plannedNanos, writeNanos, tokens);
  }

  private static long delayUntil(long nanoTime) {
    return Math.max(0, nanoTime - System.nanoTime());
  }

  private static String quote(String s) {
    try {
      return JSON.writeValueAsString(s);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
