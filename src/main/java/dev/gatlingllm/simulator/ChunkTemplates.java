package dev.gatlingllm.simulator;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * The SSE events of one streamed response, with everything constant encoded once per request, so a content
 * event costs one buffer and a few byte copies: {@code prefix + words + suffix}.
 *
 * <p>Chat: {@code data: {"id":..,"object":"chat.completion.chunk","created":..,"model":..,"choices":[{"index":0,
 * "delta":{"content":" tok"},"finish_reason":null}]}}. Completions: {@code "object":"text_completion"} and
 * {@code "text":" tok"}. Each event is one {@code data:} line followed by a blank line, with the configured
 * line ending.
 */
final class ChunkTemplates {
  private final boolean chat;
  private final byte[] contentPrefix;
  private final byte[] contentSuffix;
  private final byte[] brokenSuffix;
  private final byte[] head;
  private final byte[] eventEnd;
  private final byte[] comment;

  /**
   * @param jsonId      request id, already a JSON string literal
   * @param jsonModel   model name, already a JSON string literal
   */
  ChunkTemplates(boolean chat, String jsonId, long created, String jsonModel, FaultSpec.LineEnding lineEnding) {
    this.chat = chat;
    String object = chat ? "chat.completion.chunk" : "text_completion";
    String headText = "data: {\"id\":" + jsonId + ",\"object\":\"" + object + "\",\"created\":" + created
        + ",\"model\":" + jsonModel + ",\"choices\":";
    String eol = lineEnding.chars();
    this.head = ascii(headText);
    this.eventEnd = ascii(eol + eol);
    this.contentPrefix = ascii(headText + (chat ? "[{\"index\":0,\"delta\":{\"content\":\"" : "[{\"index\":0,\"text\":\""));
    this.contentSuffix = ascii((chat ? "\"},\"finish_reason\":null}]}" : "\",\"logprobs\":null,\"finish_reason\":null}]}")
        + eol + eol);
    this.brokenSuffix = ascii("\"},\"finish_reason\":nu" + eol + eol); // truncated JSON, as a buggy proxy might send
    this.comment = ascii(": ping" + eol + eol);
  }

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** The role-only first delta of a chat stream. */
  ByteBuf role(ByteBufAllocator alloc) {
    return event(alloc, "[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}");
  }

  /**
   * A content event carrying the given vocabulary words; broken JSON when {@code broken}. When
   * {@code httpChunkFramed}, the buffer already holds the HTTP/1.1 chunk framing ({@code <hex size>CRLF ...
   * CRLF}) so it can bypass the HTTP encoder: one buffer and one promise per event instead of three.
   */
  ByteBuf content(ByteBufAllocator alloc, int[] words, int from, int count, boolean broken, boolean withComment,
                  boolean httpChunkFramed) {
    return words(alloc, withComment ? comment : null, contentPrefix, words, from, count,
        broken ? brokenSuffix : contentSuffix, httpChunkFramed);
  }

  /**
   * {@code before + prefix + words + suffix} in one buffer ({@code before} may be null), with the HTTP/1.1 chunk
   * framing around it when {@code httpChunkFramed}: the content frame of any streamed format.
   */
  static ByteBuf words(ByteBufAllocator alloc, byte[] before, byte[] prefix, int[] words, int from, int count,
                       byte[] suffix, boolean httpChunkFramed) {
    int size = prefix.length + suffix.length + (before != null ? before.length : 0);
    for (int i = from; i < from + count; i++) {
      size += Vocabulary.wordBytes(words[i]).length;
    }
    int framing = httpChunkFramed ? hexDigits(size) + 4 : 0;
    ByteBuf buf = alloc.buffer(size + framing);
    if (httpChunkFramed) {
      writeHex(buf, size);
      buf.writeShort(CRLF);
    }
    if (before != null) buf.writeBytes(before);
    buf.writeBytes(prefix);
    for (int i = from; i < from + count; i++) {
      buf.writeBytes(Vocabulary.wordBytes(words[i]));
    }
    buf.writeBytes(suffix);
    if (httpChunkFramed) buf.writeShort(CRLF);
    return buf;
  }

  private static final int CRLF = ('\r' << 8) | '\n';
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  private static int hexDigits(int value) {
    return Math.max(1, (32 - Integer.numberOfLeadingZeros(value) + 3) / 4);
  }

  private static void writeHex(ByteBuf buf, int value) {
    for (int shift = (hexDigits(value) - 1) * 4; shift >= 0; shift -= 4) {
      buf.writeByte(HEX[(value >>> shift) & 0xF]);
    }
  }

  /** The last choice event, with an empty delta (chat) or empty text and the finish reason. */
  ByteBuf finish(ByteBufAllocator alloc, String finishReason) {
    return event(alloc, chat
        ? "[{\"index\":0,\"delta\":{},\"finish_reason\":\"" + finishReason + "\"}]}"
        : "[{\"index\":0,\"text\":\"\",\"logprobs\":null,\"finish_reason\":\"" + finishReason + "\"}]}");
  }

  /** The usage-only chunk sent when stream_options.include_usage is true. */
  ByteBuf usage(ByteBufAllocator alloc, int promptTokens, int completionTokens) {
    return event(alloc, "[],\"usage\":{\"prompt_tokens\":" + promptTokens + ",\"completion_tokens\":"
        + completionTokens + ",\"total_tokens\":" + (promptTokens + completionTokens) + "}}");
  }

  ByteBuf done(ByteBufAllocator alloc) {
    return raw(alloc, "data: [DONE]");
  }

  ByteBuf error(ByteBufAllocator alloc, String message) {
    return raw(alloc, "data: {\"error\":{\"message\":\"" + message + "\",\"type\":\"server_error\",\"code\":500}}");
  }

  private ByteBuf event(ByteBufAllocator alloc, String choicesAndRest) {
    byte[] tail = ascii(choicesAndRest);
    ByteBuf buf = alloc.buffer(head.length + tail.length + eventEnd.length);
    return buf.writeBytes(head).writeBytes(tail).writeBytes(eventEnd);
  }

  private ByteBuf raw(ByteBufAllocator alloc, String line) {
    byte[] bytes = ascii(line);
    return alloc.buffer(bytes.length + eventEnd.length).writeBytes(bytes).writeBytes(eventEnd);
  }
}
