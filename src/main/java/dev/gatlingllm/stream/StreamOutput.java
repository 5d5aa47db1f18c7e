package dev.gatlingllm.stream;

import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.StreamSignals;
import dev.gatlingllm.check.ToolCall;
import dev.gatlingllm.framing.Frame;
import dev.gatlingllm.framing.FrameListener;
import dev.gatlingllm.metrics.request.RequestTimeline;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.OutputKind;
import dev.gatlingllm.values.Tokenizer;
import java.util.List;

/**
 * The output side of one exchange: frames go through the dialect's interpreter, and what they carry
 * is collected (answer and reasoning text, within the output bound), timed as token events on the
 * {@link RequestTimeline} and shown to the token listener. What ends the stream (its end marker, an
 * error in it, a malformed frame, too much output) is handed to its exchange ({@link
 * StreamEnding}), which alone ends a request. Confined to the exchange's thread.
 */
final class StreamOutput implements FrameListener, StreamSignals {
  private final StreamEnding exchange;
  private final StreamInterpreter interpreter;
  private final RequestTimeline timeline;
  private final long maxOutputBytes;
  private final Tokenizer tokenizer;

  /**
   * Null when unused: then the only cost is a null check per output piece, per token event and per
   * request.
   */
  private final TokenNotifier notifier;

  /** When the chunk being decoded arrived: the time of every frame it completes. */
  private long chunkNanos;

  private boolean frameHasOutput;
  private boolean frameHasAnswer;
  private long framesSeen;
  private final StringBuilder content = new StringBuilder();
  private final StringBuilder reasoning = new StringBuilder();
  private final ToolCalls toolCalls = new ToolCalls();

  /**
   * UTF-8 bytes of content, reasoning and tool calls so far, bounded by {@link
   * StreamSettings#maxOutputBytes()}.
   */
  private long outputBytes;

  private String finishReason;

  /**
   * @param tokenizer counts the generated text when the exchange ends, or null
   * @param listener sees each output piece, or null
   */
  StreamOutput(
      StreamEnding exchange,
      StreamInterpreter interpreter,
      RequestTimeline timeline,
      long maxOutputBytes,
      Tokenizer tokenizer,
      OutputListener listener) {
    this.exchange = exchange;
    this.interpreter = interpreter;
    this.timeline = timeline;
    this.maxOutputBytes = maxOutputBytes;
    this.tokenizer = tokenizer;
    this.notifier = listener == null ? null : new TokenNotifier(listener);
  }

  /** A chunk arrived at {@code nanos}: the frames it completes are stamped with that time. */
  void onChunk(long nanos) {
    chunkNanos = nanos;
  }

  /** How many frames the stream has carried so far. */
  long framesSeen() {
    return framesSeen;
  }

  /** The last finish reason the server gave, or null. */
  String finishReason() {
    return finishReason;
  }

  String content() {
    return content.toString();
  }

  String reasoning() {
    return reasoning.toString();
  }

  OutputListener listener() {
    return notifier == null ? null : notifier.listener();
  }

  /** The streamed tool calls so far, their texts redacted. */
  List<ToolCall> toolCalls(Redactor redactor) {
    return toolCalls.toList(redactor);
  }

  /**
   * The client's count of the generated text, or -1 without a tokenizer. Once per request, at its
   * end.
   */
  long clientOutputTokens() {
    if (tokenizer == null) {
      return -1;
    }
    return (long) tokenizer.count(content.toString()) + tokenizer.count(reasoning.toString());
  }

  // ---- frames

  @Override
  public void onFrame(Frame frame) {
    if (exchange.isFinished()) {
      return;
    }
    framesSeen++;
    frameHasOutput = false;
    frameHasAnswer = false;
    interpreter.onFrame(frame, this);
    if (notifier != null) {
      notifyTokens();
    }
    if (frameHasOutput && !exchange.isFinished()) {
      timeline.onTokenEvent(chunkNanos, frameHasAnswer);
    }
  }

  // ---- dialect signals

  @Override
  public void onOutput(OutputKind kind, String text) {
    if (exchange.isFinished()) {
      return;
    }
    frameHasOutput = true;
    if (!withinOutputBound(text)) {
      return;
    }
    switch (kind) {
      case CONTENT -> {
        frameHasAnswer = true;
        content.append(text);
      }
      case REASONING -> reasoning.append(text);
      // Tool-call fragments count as generated tokens; their text is not part of the answer.
      case TOOL_CALL_NAME -> toolCalls.name(text);
      case TOOL_CALL -> toolCalls.arguments(text);
    }
    if (notifier != null) {
      notifier.piece(kind, text);
    }
  }

  /**
   * After the whole frame (its usage included): the event's index is the token events counted so
   * far, the timeline counts this one next.
   */
  private void notifyTokens() {
    if (exchange.isFinished()) {
      notifier.discard();
      return;
    }
    try {
      notifier.endEvent(timeline.tokenEvents(), chunkNanos);
    } catch (Throwable e) {
      exchange.fail("token listener failed: " + StreamEnding.describe(e), chunkNanos);
    }
  }

  @Override
  public void onUsage(long promptTokens, long completionTokens) {
    timeline.onUsage(promptTokens, completionTokens);
    if (notifier != null) {
      notifier.usage(completionTokens);
    }
  }

  @Override
  public void onReasoningTokens(long reasoningTokens) {
    timeline.onReasoningTokens(reasoningTokens);
  }

  @Override
  public void onServerDecodeTime(long nanos) {
    timeline.onServerDecodeTime(nanos);
  }

  @Override
  public void onServerPrefillTime(long nanos) {
    timeline.onServerPrefillTime(nanos);
  }

  @Override
  public void onFinish(String reason) {
    finishReason = reason;
  }

  @Override
  public void onStreamError(String message) {
    exchange.fail("error event in stream: " + message, chunkNanos);
  }

  @Override
  public void onDone() {
    exchange.endOfStream(chunkNanos);
  }

  @Override
  public void onMalformed(String message) {
    exchange.fail(message, chunkNanos);
  }

  /**
   * Counts {@code text} against the output bound; past it the request ends KO and its connection is
   * closed, since a server that streams on and on would otherwise grow the kept text until the
   * overall timeout.
   */
  private boolean withinOutputBound(String text) {
    outputBytes += Utf8Length.length(text);
    if (outputBytes <= maxOutputBytes) {
      return true;
    }
    exchange.fail("output exceeded " + maxOutputBytes + " bytes (maxOutputBytes)", chunkNanos);
    return false;
  }
}
