package dev.gatlingllm.values;

import java.util.Base64;
import java.util.Objects;

/**
 * One audio clip a chat message carries, sent inline as OpenAI's {@code input_audio} part ({@code
 * {"data": "<base64>", "format": "wav"}}). Made before the load (generated or read from a file), so
 * that a request only writes a string that already exists: the base64 text is encoded once here,
 * never per request.
 *
 * @param format {@code wav} or {@code mp3}, the two formats OpenAI's chat API takes
 * @param base64 the encoded clip, base64
 * @param durationMillis how long the clip plays, in milliseconds (0 when unknown)
 * @param bytes the size of the encoded clip in bytes, before base64
 */
public record PromptAudio(String format, String base64, long durationMillis, long bytes) {
  /** The WAV format: a RIFF header, then PCM samples. */
  public static final String WAV = "wav";

  /** The MP3 format. */
  public static final String MP3 = "mp3";

  public PromptAudio {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(base64, "base64");
    // The format is written into bodies without JSON escaping and names what the server decodes.
    if (!format.equals(WAV) && !format.equals(MP3)) {
      throw new IllegalArgumentException("audio format must be wav or mp3, was: " + format);
    }
    if (durationMillis < 0 || bytes < 0) {
      throw new IllegalArgumentException("an audio clip's duration and size cannot be negative");
    }
  }

  /** A clip of {@code encoded} bytes in {@code format}, lasting {@code durationMillis}. */
  public static PromptAudio of(String format, byte[] encoded, long durationMillis) {
    return new PromptAudio(
        format, Base64.getEncoder().encodeToString(encoded), durationMillis, encoded.length);
  }

  /** The encoded bytes again (tests, checks); decoded from the base64 text. */
  public byte[] decode() {
    return Base64.getDecoder().decode(base64);
  }

  @Override
  public String toString() {
    // Never the base64 text: a message or a log line would carry megabytes.
    return "PromptAudio[" + format + ", " + durationMillis + " ms, " + bytes + " bytes]";
  }
}
