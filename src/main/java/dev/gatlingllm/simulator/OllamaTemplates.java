package dev.gatlingllm.simulator;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The NDJSON lines of one streamed Ollama response ({@code /api/chat} or {@code /api/generate}), as
 * Ollama's API documents them, with everything constant encoded once per request.
 *
 * <p>Chat: {@code {"model":..,"created_at":..,"message":{"role":"assistant","content":"
 * tok"},"done":false}}. Generate: {@code {"model":..,"created_at":..,"response":"
 * tok","done":false}}. The last line has {@code "done":true}, {@code done_reason} and the counts
 * and durations. Lines end with LF (CRLF when the fault asks for it; a lone CR is SSE's only).
 */
final class OllamaTemplates {
  private static final byte[] NOTHING = new byte[0];

  private final boolean chat;
  private final String head;
  private final String eol;
  private final byte[] contentPrefix;
  private final byte[] contentSuffix;
  private final byte[] brokenSuffix;
  private final byte[] keepAlive;

  /**
   * A tool call's lines: the ones before the last carry no output, the last the whole call (Ollama
   * parses a call out of the model's text and sends it once it is complete); null for text.
   */
  private final byte[] toolCallLine;

  private final byte[] emptyLine;

  /**
   * @param jsonModel model name, already a JSON string literal
   * @param jsonCreatedAt the response's timestamp, already a JSON string literal
   */
  OllamaTemplates(
      boolean chat, String jsonModel, String jsonCreatedAt, FaultSpec.LineEnding lineEnding) {
    this(chat, jsonModel, jsonCreatedAt, lineEnding, null, null);
  }

  /**
   * @param toolCall the tool the model calls, or null for an answer in text
   * @param arguments the call's whole arguments, a JSON object's text (null without a call)
   */
  OllamaTemplates(
      boolean chat,
      String jsonModel,
      String jsonCreatedAt,
      FaultSpec.LineEnding lineEnding,
      ToolCallAnswer toolCall,
      String arguments) {
    this.chat = chat;
    this.eol = lineEnding == FaultSpec.LineEnding.CRLF ? "\r\n" : "\n";
    this.head = "{\"model\":" + jsonModel + ",\"created_at\":" + jsonCreatedAt + ",";
    String textStart =
        chat ? "\"message\":{\"role\":\"assistant\",\"content\":\"" : "\"response\":\"";
    String textEnd = chat ? "\"}" : "\"";
    this.contentPrefix = ChunkTemplates.ascii(head + textStart);
    this.contentSuffix = ChunkTemplates.ascii(textEnd + ",\"done\":false}" + eol);
    this.brokenSuffix = ChunkTemplates.ascii(textEnd + ",\"done\":fal" + eol); // truncated JSON
    this.keepAlive = ChunkTemplates.ascii(eol); // a blank line: NDJSON has no comments
    String message = "\"message\":{\"role\":\"assistant\",\"content\":\"\"";
    this.emptyLine = ChunkTemplates.ascii(head + message + "},\"done\":false}" + eol);
    this.toolCallLine =
        toolCall == null
            ? null
            : ChunkTemplates.ascii(
                head
                    + message
                    + ",\"tool_calls\":[{\"function\":{\"name\":"
                    + toolCall.jsonName()
                    + ",\"arguments\":"
                    + arguments
                    + "}}]},\"done\":false}"
                    + eol);
  }

  /**
   * A line carrying the given tokens (their bytes inside a JSON string); broken JSON when {@code
   * broken}.
   */
  ByteBuf content(
      ByteBufAllocator alloc,
      byte[][] words,
      int from,
      int count,
      boolean broken,
      boolean withKeepAlive,
      boolean httpChunkFramed) {
    if (toolCallLine != null) {
      boolean last = from + count >= words.length;
      return ChunkTemplates.words(
          alloc,
          withKeepAlive ? keepAlive : null,
          last ? toolCallLine : emptyLine,
          words,
          from,
          0,
          NOTHING,
          httpChunkFramed);
    }
    return ChunkTemplates.words(
        alloc,
        withKeepAlive ? keepAlive : null,
        contentPrefix,
        words,
        from,
        count,
        broken ? brokenSuffix : contentSuffix,
        httpChunkFramed);
  }

  /**
   * The final line: {@code "done": true}, the reason, and unless {@code withCounts} is false the
   * counts and durations (nanoseconds), as Ollama reports them.
   */
  ByteBuf last(
      ByteBufAllocator alloc,
      String doneReason,
      boolean withCounts,
      int promptTokens,
      int evalTokens,
      long totalNanos,
      long promptEvalNanos,
      long evalNanos) {
    StringBuilder line =
        new StringBuilder(256)
            .append(head)
            .append(
                chat
                    ? "\"message\":{\"role\":\"assistant\",\"content\":\"\"}"
                    : "\"response\":\"\"")
            .append(",\"done\":true,\"done_reason\":\"")
            // Ollama ends a tool call as any answer: "stop".
            .append(SimulatedRequest.TOOL_CALLS.equals(doneReason) ? "stop" : doneReason)
            .append('"');
    if (withCounts) {
      line.append(",\"total_duration\":")
          .append(totalNanos)
          .append(",\"load_duration\":0")
          .append(",\"prompt_eval_count\":")
          .append(promptTokens)
          .append(",\"prompt_eval_duration\":")
          .append(promptEvalNanos)
          .append(",\"eval_count\":")
          .append(evalTokens)
          .append(",\"eval_duration\":")
          .append(evalNanos);
    }
    byte[] bytes = ChunkTemplates.ascii(line.append('}').append(eol).toString());
    return alloc.buffer(bytes.length).writeBytes(bytes);
  }

  /** An error line, as Ollama sends one when generation fails mid-stream. */
  ByteBuf error(ByteBufAllocator alloc, String message) {
    byte[] bytes = ChunkTemplates.ascii("{\"error\":\"" + message + "\"}" + eol);
    return alloc.buffer(bytes.length).writeBytes(bytes);
  }
}
