package dev.gatlingllm.dsl.prompts;

import dev.gatlingllm.values.PromptAudio;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.UnsupportedAudioFileException;

/**
 * Audio clips read from files before the load (build them in the simulation's constructor), each
 * read and base64-encoded once. A {@code .wav} file's duration is read from its header with the JDK
 * ({@code javax.sound.sampled}); an {@code .mp3} file's, which the JDK cannot read, is its size at
 * an assumed {@value #ASSUMED_MP3_KBPS} kbit/s, a common constant bit rate (the embedded simulator
 * assumes the same).
 */
public final class AudioFiles {
  /** The bit rate an MP3 file's duration is estimated at, in kbit/s (bits per millisecond). */
  public static final int ASSUMED_MP3_KBPS = 128;

  private AudioFiles() {}

  /**
   * The clip in the file or classpath resource at {@code location}, its format from its extension.
   *
   * @throws IllegalArgumentException for another extension or a WAV whose length is not stated
   */
  public static PromptAudio read(String location) {
    String lower = location.toLowerCase(Locale.ROOT);
    byte[] bytes;
    try (InputStream in = Datasets.open(location, "audio file")) {
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read audio file " + location, e);
    }
    if (lower.endsWith(".wav")) {
      return PromptAudio.of(PromptAudio.WAV, bytes, wavMillis(location, bytes));
    }
    if (lower.endsWith(".mp3")) {
      return PromptAudio.of(PromptAudio.MP3, bytes, bytes.length * 8L / ASSUMED_MP3_KBPS);
    }
    throw new IllegalArgumentException(
        "audio file " + location + ": not .wav or .mp3, the formats OpenAI's chat API takes");
  }

  private static long wavMillis(String location, byte[] bytes) {
    try {
      AudioFileFormat format = AudioSystem.getAudioFileFormat(new ByteArrayInputStream(bytes));
      if (format.getFrameLength() == AudioSystem.NOT_SPECIFIED) {
        throw new IllegalArgumentException("audio file " + location + ": its WAV length is unset");
      }
      return Math.round(format.getFrameLength() * 1000.0 / format.getFormat().getFrameRate());
    } catch (UnsupportedAudioFileException | IOException e) {
      throw new IllegalArgumentException(
          "audio file " + location + ": not a readable WAV: " + e.getMessage(), e);
    }
  }
}
