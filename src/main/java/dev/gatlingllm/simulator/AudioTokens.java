package dev.gatlingllm.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The prompt tokens of an audio clip, from its duration: one token per {@value #MILLIS_PER_TOKEN}
 * ms, {@code ceil(duration / 40 ms)}, 25 tokens a second, as Whisper-style encoders (Whisper's,
 * Qwen2-Audio's: 30 s give 750 tokens) pool their 10 ms frames. A WAV clip's duration is read from
 * its header alone (its {@code fmt } chunk's byte rate and its {@code data} chunk's size), decoding
 * only the first kilobytes of the base64; an MP3 clip's from its size at an assumed {@value
 * #ASSUMED_MP3_KBPS} kbit/s, a common constant bit rate, without decoding its frames.
 */
final class AudioTokens {
  /** The audio one token stands for, in milliseconds. */
  static final int MILLIS_PER_TOKEN = 40;

  /** The bit rate an MP3 clip's duration is estimated at, in kbit/s (bits per millisecond). */
  static final int ASSUMED_MP3_KBPS = 128;

  /** The base64 decoded to find a WAV's header: 3 kB, room for chunks before {@code data}. */
  private static final int HEADER_BASE64_CHARS = 4096;

  private AudioTokens() {}

  /** The tokens of {@code millis} of audio. */
  static int ofMillis(long millis) {
    return (int) Math.min(Integer.MAX_VALUE, (millis + MILLIS_PER_TOKEN - 1) / MILLIS_PER_TOKEN);
  }

  /**
   * The audio tokens of the chat messages' {@code input_audio} parts (OpenAI's form: {@code {type:
   * input_audio, input_audio: {data, format}}}); 0 when there is none.
   *
   * @throws SimulatedRequest.InvalidRequestException for a clip that cannot be read
   */
  static int inMessages(JsonNode messages) {
    if (messages == null || !messages.isArray()) {
      return 0;
    }
    int tokens = 0;
    for (JsonNode message : messages) {
      JsonNode content = message.path("content");
      if (!content.isArray()) {
        continue;
      }
      for (JsonNode part : content) {
        if ("input_audio".equals(part.path("type").asText())) {
          tokens += ofPart(part.path("input_audio"));
        }
      }
    }
    return tokens;
  }

  /** The tokens of one {@code input_audio} object, {@code {data, format}}. */
  static int ofPart(JsonNode audio) {
    String data = audio.path("data").asText("");
    return switch (audio.path("format").asText("")) {
      case "wav" -> ofMillis(wavMillis(data));
      case "mp3" -> ofMillis(base64Bytes(data) * 8 / ASSUMED_MP3_KBPS);
      default ->
          throw new SimulatedRequest.InvalidRequestException(
              "input_audio.format must be wav or mp3");
    };
  }

  /** A base64 WAV's duration in milliseconds, from its header. */
  static long wavMillis(String base64) {
    int prefix = Math.min(base64.length(), HEADER_BASE64_CHARS) & ~3;
    ByteBuffer wav;
    try {
      wav =
          ByteBuffer.wrap(Base64.getDecoder().decode(base64.substring(0, prefix)))
              .order(ByteOrder.LITTLE_ENDIAN);
    } catch (IllegalArgumentException e) {
      throw new SimulatedRequest.InvalidRequestException("input_audio.data is not valid base64");
    }
    if (wav.remaining() < 12
        || !"RIFF".equals(chunkId(wav, 0))
        || !"WAVE".equals(chunkId(wav, 8))) {
      throw new SimulatedRequest.InvalidRequestException("input_audio.data is not a WAV file");
    }
    long byteRate = -1;
    for (int at = 12; at + 8 <= wav.limit(); ) {
      String id = chunkId(wav, at);
      long size = Integer.toUnsignedLong(wav.getInt(at + 4));
      if (id.equals("fmt ") && at + 20 <= wav.limit()) {
        byteRate = Integer.toUnsignedLong(wav.getInt(at + 16));
      } else if (id.equals("data")) {
        if (byteRate <= 0) {
          break;
        }
        // A streaming writer may leave the size unset (0xFFFFFFFF): the bytes sent bound it.
        long sent = base64Bytes(base64) - at - 8;
        return Math.min(size, Math.max(0, sent)) * 1000 / byteRate;
      }
      at += 8 + (int) Math.min(size + (size & 1), Integer.MAX_VALUE - at - 8);
    }
    throw new SimulatedRequest.InvalidRequestException(
        "input_audio.data: no fmt chunk with a byte rate before the WAV's data chunk");
  }

  /** The bytes a base64 text encodes, from its length and padding. */
  private static long base64Bytes(String base64) {
    int padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
    return base64.length() / 4L * 3 - padding;
  }

  private static String chunkId(ByteBuffer wav, int at) {
    byte[] id = new byte[4];
    wav.get(at, id);
    return new String(id, StandardCharsets.US_ASCII);
  }
}
