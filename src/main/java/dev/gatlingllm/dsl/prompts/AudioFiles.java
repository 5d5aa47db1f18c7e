package dev.gatlingllm.dsl.prompts;

import dev.gatlingllm.bounds.BoundedText;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.PromptAudio;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * Audio clips read from files before the load (build them in the simulation's constructor), each
 * read and base64-encoded once. A {@code .wav} file's duration is its samples' bytes over its byte
 * rate, its header checked against the file's size; an {@code .mp3} file's is its size at an
 * assumed {@value #ASSUMED_MP3_KBPS} kbit/s, a common constant bit rate (the embedded simulator
 * assumes the same).
 */
public final class AudioFiles {
  /** The bit rate an MP3 file's duration is estimated at, in kbit/s (bits per millisecond). */
  public static final int ASSUMED_MP3_KBPS = 128;

  private AudioFiles() {}

  /** The largest clip read: an hour of 16-bit stereo at 48 kHz is 691 MB; 256 MiB is 45 min. */
  public static final long MAX_CLIP_BYTES = 256L << 20;

  /**
   * The clip in the file or classpath resource at {@code location}, its format from its extension.
   *
   * @throws UserError for another extension, a file that is not a WAV, or a WAV header that does
   *     not match the file (its samples' size beyond the file's, a byte rate of 0)
   */
  public static PromptAudio read(String location) {
    String where = Redactor.credentialsIn(location);
    String lower = location.toLowerCase(Locale.ROOT);
    byte[] bytes;
    try (InputStream in = Datasets.open(location, "audio file")) {
      bytes = BoundedText.readAll(in, "audio file " + where, MAX_CLIP_BYTES);
    } catch (IOException e) {
      throw new UserError("cannot read audio file " + where + ": " + e.getMessage());
    }
    if (lower.endsWith(".wav")) {
      return PromptAudio.of(PromptAudio.WAV, bytes, wavMillis("audio file " + where, bytes));
    }
    if (lower.endsWith(".mp3")) {
      if (bytes.length == 0) {
        throw new UserError("audio file " + where + " is empty");
      }
      return PromptAudio.of(PromptAudio.MP3, bytes, bytes.length * 8L / ASSUMED_MP3_KBPS);
    }
    throw new UserError(
        "audio file " + where + ": not .wav or .mp3, the formats OpenAI's chat API takes");
  }

  /**
   * A WAV clip's duration from what the file holds: its samples' bytes (the {@code data} chunk)
   * over the byte rate of its {@code fmt } chunk. The header is believed only where the file
   * agrees: a data size beyond the file's end, or a frame or byte rate of 0, is refused (the byte
   * rate, not frames x frame size, so that a compressed WAV's duration is right too).
   */
  static long wavMillis(String where, byte[] bytes) {
    if (bytes.length < 12
        || !chunkId(bytes, 0).equals("RIFF")
        || !chunkId(bytes, 8).equals("WAVE")) {
      throw new UserError(
          where + ": not a WAV file (no RIFF/WAVE header in its " + bytes.length + " bytes)");
    }
    long byteRate = -1;
    long position = 12;
    while (position + 8 <= bytes.length) {
      int at = (int) position;
      String id = chunkId(bytes, at);
      long size = littleEndian(bytes, at + 4, 4);
      int body = at + 8;
      if (id.equals("fmt ")) {
        if (size < 16 || body + 16 > bytes.length) {
          throw new UserError(where + ": its WAV fmt chunk is cut (" + size + " bytes)");
        }
        long sampleRate = littleEndian(bytes, body + 4, 4);
        byteRate = littleEndian(bytes, body + 8, 4);
        if (sampleRate == 0 || byteRate == 0) {
          throw new UserError(
              where
                  + ": its WAV header states "
                  + sampleRate
                  + " frames/s and "
                  + byteRate
                  + " bytes/s: a clip at a rate of 0 has no duration");
        }
      } else if (id.equals("data")) {
        if (byteRate < 0) {
          throw new UserError(where + ": its WAV data comes before its fmt chunk");
        }
        long held = bytes.length - body;
        if (size > held) {
          throw new UserError(
              where
                  + ": its WAV header claims "
                  + size
                  + " bytes of samples, the file holds "
                  + held
                  + " after the header (a cut file, or a header that lies)");
        }
        return Math.round(size * 1000.0 / byteRate);
      }
      position = body + size + (size & 1); // chunks are padded to an even size
    }
    throw new UserError(where + ": a WAV file without its data chunk");
  }

  private static String chunkId(byte[] bytes, int at) {
    return new String(bytes, at, 4, java.nio.charset.StandardCharsets.US_ASCII);
  }

  private static long littleEndian(byte[] bytes, int at, int length) {
    long value = 0;
    for (int i = length - 1; i >= 0; i--) {
      value = (value << 8) | (bytes[at + i] & 0xFF);
    }
    return value;
  }
}
