package dev.gatlingllm.simulator;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * The SSE events of one streamed response, with everything constant encoded once per request, so a
 * content event costs one buffer and a few byte copies: {@code prefix + words + suffix}.
 *
 * <p>Chat: {@code data:
 * {"id":..,"object":"chat.completion.chunk","created":..,"model":..,"choices":[{"index":0,
 * "delta":{"content":" tok"},"finish_reason":null}]}}. Completions: {@code
 * "object":"text_completion"} and {@code "text":" tok"}. Each event is one {@code data:} line
 * followed by a blank line, with the configured line ending. Responses and Messages: an {@code
 * event:} line naming the type before the {@code data:} line, as those APIs send it (see {@link
 * ApiFormat}).
 */
final class ChunkTemplates {
  private final ApiFormat format;
  private final boolean chat;
  private final String jsonId;
  private final long created;
  private final String jsonModel;
  private final String eol;
  private final byte[] contentPrefix;

  /**
   * The first content event's prefix: the content prefix, or for a tool call the part that opens
   * the call (OpenAI's id, type and name; Anthropic's {@code tool_use} block) before its arguments.
   */
  private final byte[] firstContentPrefix;

  private final ToolCallAnswer toolCall;
  private final byte[] contentSuffix;
  private final byte[] brokenSuffix;
  private final byte[] head;
  private final byte[] eventEnd;
  private final byte[] comment;

  /**
   * @param jsonId request id, already a JSON string literal
   * @param jsonModel model name, already a JSON string literal
   */
  ChunkTemplates(
      ApiFormat format,
      String jsonId,
      long created,
      String jsonModel,
      FaultSpec.LineEnding lineEnding) {
    this(format, jsonId, created, jsonModel, lineEnding, null);
  }

  /**
   * @param toolCall the tool the model calls (its arguments are then the content events' text), or
   *     null for an answer in text
   */
  ChunkTemplates(
      ApiFormat format,
      String jsonId,
      long created,
      String jsonModel,
      FaultSpec.LineEnding lineEnding,
      ToolCallAnswer toolCall) {
    this.format = format;
    this.toolCall = toolCall;
    this.chat = format == ApiFormat.CHAT;
    this.jsonId = jsonId;
    this.created = created;
    this.jsonModel = jsonModel;
    String object = chat ? "chat.completion.chunk" : "text_completion";
    String headText =
        "data: {\"id\":"
            + jsonId
            + ",\"object\":\""
            + object
            + "\",\"created\":"
            + created
            + ",\"model\":"
            + jsonModel
            + ",\"choices\":";
    eol = lineEnding.chars();
    this.head = ascii(headText);
    this.eventEnd = ascii(eol + eol);
    String toolCallOpen =
        toolCall == null ? null : "[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,";
    this.contentPrefix =
        ascii(
            switch (format) {
              case CHAT ->
                  toolCall != null
                      ? headText + toolCallOpen + "\"function\":{\"arguments\":\""
                      : headText + "[{\"index\":0,\"delta\":{\"content\":\"";
              case COMPLETIONS -> headText + "[{\"index\":0,\"text\":\"";
              case RESPONSES ->
                  typedData("response.output_text.delta")
                      + ",\"item_id\":"
                      + jsonId
                      + ",\"output_index\":0,\"content_index\":0,\"delta\":\"";
              case MESSAGES ->
                  toolCall != null
                      ? typedData("content_block_delta")
                          + ",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\""
                      : typedData("content_block_delta")
                          + ",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"";
              case OLLAMA_CHAT, OLLAMA_GENERATE ->
                  throw new IllegalArgumentException("Ollama streams are NDJSON");
            });
    this.firstContentPrefix =
        toolCall == null
            ? contentPrefix
            : ascii(
                switch (format) {
                  case CHAT ->
                      headText
                          + toolCallOpen
                          + "\"id\":"
                          + callId("call_")
                          + ",\"type\":\"function\",\"function\":{\"name\":"
                          + toolCall.jsonName()
                          + ",\"arguments\":\"";
                  case MESSAGES ->
                      typed(
                              "content_block_start",
                              ",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":"
                                  + callId("toolu_")
                                  + ",\"name\":"
                                  + toolCall.jsonName()
                                  + ",\"input\":{}}")
                          + new String(contentPrefix, StandardCharsets.UTF_8);
                  default -> throw new IllegalArgumentException(format + " has no tool calls");
                });
    this.contentSuffix =
        ascii(
            switch (format) {
                  case CHAT ->
                      toolCall != null
                          ? "\"}}]},\"finish_reason\":null}]}"
                          : "\"},\"finish_reason\":null}]}";
                  case COMPLETIONS -> "\",\"logprobs\":null,\"finish_reason\":null}]}";
                  case RESPONSES -> "\",\"logprobs\":[]}";
                  default -> "\"}}"; // MESSAGES
                }
                + eol
                + eol);
    // truncated JSON, as a buggy proxy might send
    this.brokenSuffix =
        ascii(
            (format == ApiFormat.RESPONSES ? "\",\"logpr" : "\"},\"finish_reason\":nu")
                + eol
                + eol);
    this.comment = ascii(": ping" + eol + eol);
  }

  /**
   * The call's id, a JSON string: the API's prefix and the request's id (already a JSON literal),
   * so the same request always gets the same id.
   */
  private String callId(String prefix) {
    return "\"" + prefix + jsonId.substring(1);
  }

  /**
   * The {@code event:} line and the start of the {@code data:} line of a typed event, up to its
   * type.
   */
  private String typedData(String type) {
    return "event: " + type + eol + "data: {\"type\":\"" + type + "\"";
  }

  /** One whole typed event whose data continues {@code rest} after the type and closes it. */
  private String typed(String type, String rest) {
    return typedData(type) + rest + "}" + eol + eol;
  }

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The events before the first token ({@link ApiFormat#hasOpening}): the role-only delta of a chat
   * stream; created, in_progress, output_item.added and content_part.added of a Responses stream;
   * message_start (with the input tokens, unless {@code withUsage} is false), content_block_start
   * and a ping of a Messages stream.
   */
  ByteBuf opening(ByteBufAllocator alloc, int promptTokens, boolean withUsage) {
    return switch (format) {
      case CHAT ->
          event(
              alloc,
              "[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}");
      case RESPONSES ->
          text(
              alloc,
              typed("response.created", ",\"response\":" + response("in_progress", "null", ""))
                  + typed(
                      "response.in_progress",
                      ",\"response\":" + response("in_progress", "null", ""))
                  + typed(
                      "response.output_item.added",
                      ",\"output_index\":0,\"item\":{\"id\":"
                          + jsonId
                          + ",\"type\":\"message\",\"status\":\"in_progress\",\"role\":\"assistant\",\"content\":[]}")
                  + typed(
                      "response.content_part.added",
                      ",\"item_id\":"
                          + jsonId
                          + ",\"output_index\":0,"
                          + "\"content_index\":0,\"part\":{\"type\":\"output_text\",\"text\":\"\",\"annotations\":[]}"));
      case MESSAGES ->
          text(
              alloc,
              typed(
                      "message_start",
                      ",\"message\":{\"id\":"
                          + jsonId
                          + ",\"type\":\"message\","
                          + "\"role\":\"assistant\",\"content\":[],\"model\":"
                          + jsonModel
                          + ",\"stop_reason\":null,"
                          + "\"stop_sequence\":null"
                          + (withUsage
                              ? ",\"usage\":{\"input_tokens\":"
                                  + promptTokens
                                  + ",\"output_tokens\":1}"
                              : "")
                          + "}")
                  + (toolCall != null
                      ? "" // the tool_use block opens with the first token
                      : typed(
                          "content_block_start",
                          ",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}"))
                  + typed("ping", ""));
      default -> throw new IllegalStateException(format + " streams have no opening");
    };
  }

  /** A Responses {@code response} object with the given status, usage (JSON) and extra fields. */
  private String response(String status, String usage, String extra) {
    return "{\"id\":"
        + jsonId
        + ",\"object\":\"response\",\"created_at\":"
        + created
        + ",\"status\":\""
        + status
        + "\",\"error\":null"
        + extra
        + ",\"model\":"
        + jsonModel
        + ",\"output\":[],\"usage\":"
        + usage
        + "}";
  }

  /**
   * The end of a Responses or Messages stream ({@code !endsWithDone()}): {@code
   * response.completed}, or {@code response.incomplete} when the output limit cut the answer, with
   * the usage; or content_block_stop, message_delta with the stop reason and the output tokens, and
   * message_stop. Without {@code withUsage}, no count: a null usage, or a message_delta without
   * one.
   */
  ByteBuf end(
      ByteBufAllocator alloc,
      String finishReason,
      int promptTokens,
      int completionTokens,
      boolean withUsage) {
    boolean cut = "length".equals(finishReason);
    if (format == ApiFormat.RESPONSES) {
      String usage =
          !withUsage
              ? "null"
              : "{\"input_tokens\":"
                  + promptTokens
                  + ",\"input_tokens_details\":{\"cached_tokens\":0},"
                  + "\"output_tokens\":"
                  + completionTokens
                  + ",\"output_tokens_details\":{\"reasoning_tokens\":0},"
                  + "\"total_tokens\":"
                  + (promptTokens + completionTokens)
                  + "}";
      return text(
          alloc,
          cut
              ? typed(
                  "response.incomplete",
                  ",\"response\":"
                      + response(
                          "incomplete",
                          usage,
                          ",\"incomplete_details\":{\"reason\":\"max_output_tokens\"}"))
              : typed(
                  "response.completed",
                  ",\"response\":" + response("completed", usage, ",\"incomplete_details\":null")));
    }
    return text(
        alloc,
        typed("content_block_stop", ",\"index\":0")
            + typed(
                "message_delta",
                ",\"delta\":{\"stop_reason\":\""
                    + (cut
                        ? "max_tokens"
                        : SimulatedRequest.TOOL_CALLS.equals(finishReason)
                            ? "tool_use"
                            : "end_turn")
                    + "\",\"stop_sequence\":null}"
                    + (withUsage ? ",\"usage\":{\"output_tokens\":" + completionTokens + "}" : ""))
            + typed("message_stop", ""));
  }

  /**
   * A content event carrying the given tokens (their bytes inside a JSON string); broken JSON when
   * {@code broken}. When {@code httpChunkFramed}, the buffer already holds the HTTP/1.1 chunk
   * framing ({@code <hex size>CRLF ... CRLF}) so it can bypass the HTTP encoder: one buffer and one
   * promise per event instead of three.
   */
  ByteBuf content(
      ByteBufAllocator alloc,
      byte[][] words,
      int from,
      int count,
      boolean broken,
      boolean withComment,
      boolean httpChunkFramed) {
    return words(
        alloc,
        withComment ? comment : null,
        from == 0 ? firstContentPrefix : contentPrefix,
        words,
        from,
        count,
        broken ? brokenSuffix : contentSuffix,
        httpChunkFramed);
  }

  /**
   * {@code before + prefix + words + suffix} in one buffer ({@code before} may be null), with the
   * HTTP/1.1 chunk framing around it when {@code httpChunkFramed}: the content frame of any
   * streamed format.
   */
  static ByteBuf words(
      ByteBufAllocator alloc,
      byte[] before,
      byte[] prefix,
      byte[][] words,
      int from,
      int count,
      byte[] suffix,
      boolean httpChunkFramed) {
    int size = prefix.length + suffix.length + (before != null ? before.length : 0);
    for (int i = from; i < from + count; i++) {
      size += words[i].length;
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
      buf.writeBytes(words[i]);
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
    return event(
        alloc,
        chat
            ? "[{\"index\":0,\"delta\":{},\"finish_reason\":\"" + finishReason + "\"}]}"
            : "[{\"index\":0,\"text\":\"\",\"logprobs\":null,\"finish_reason\":\""
                + finishReason
                + "\"}]}");
  }

  /**
   * The usage-only chunk sent when stream_options.include_usage is true; with {@code cachedTokens}
   * >= 0, vLLM's {@code prompt_tokens_details} too, and with {@code audioTokens} > 0 OpenAI's
   * {@code prompt_tokens_details.audio_tokens}.
   */
  ByteBuf usage(
      ByteBufAllocator alloc,
      int promptTokens,
      int completionTokens,
      int cachedTokens,
      int audioTokens) {
    return event(
        alloc,
        "[],\"usage\":{\"prompt_tokens\":"
            + promptTokens
            + ",\"completion_tokens\":"
            + completionTokens
            + ",\"total_tokens\":"
            + (promptTokens + completionTokens)
            + promptTokensDetails(cachedTokens, audioTokens)
            + "}}");
  }

  /** {@code ,"prompt_tokens_details":{..}} with the counts it has, or nothing. */
  private static String promptTokensDetails(int cachedTokens, int audioTokens) {
    if (cachedTokens < 0 && audioTokens <= 0) {
      return "";
    }
    String cached = cachedTokens < 0 ? "" : "\"cached_tokens\":" + cachedTokens;
    String audio = audioTokens <= 0 ? "" : "\"audio_tokens\":" + audioTokens;
    String separator = cached.isEmpty() || audio.isEmpty() ? "" : ",";
    return ",\"prompt_tokens_details\":{" + cached + separator + audio + "}";
  }

  ByteBuf done(ByteBufAllocator alloc) {
    return raw(alloc, "data: [DONE]");
  }

  /** An error in the stream, in the format's shape: {@code message} must need no JSON escaping. */
  ByteBuf error(ByteBufAllocator alloc, String message) {
    return switch (format) {
      case RESPONSES ->
          text(
              alloc,
              typed(
                  "response.failed",
                  ",\"response\":"
                      + response("failed", "null", "")
                          .replace(
                              "\"error\":null",
                              "\"error\":{\"code\":\"server_error\",\"message\":\""
                                  + message
                                  + "\"}")));
      case MESSAGES ->
          text(
              alloc,
              typed(
                  "error", ",\"error\":{\"type\":\"api_error\",\"message\":\"" + message + "\"}"));
      default ->
          raw(
              alloc,
              "data: {\"error\":{\"message\":\""
                  + message
                  + "\",\"type\":\"server_error\",\"code\":500}}");
    };
  }

  private static ByteBuf text(ByteBufAllocator alloc, String events) {
    byte[] bytes = ascii(events);
    return alloc.buffer(bytes.length).writeBytes(bytes);
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
