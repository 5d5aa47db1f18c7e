package dev.gatlingllm.dsl.prompts;

import dev.gatlingllm.values.PromptAudio;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * WAV clips of seeded noise, generated and encoded before the load as the synthetic images are
 * (build them in the simulation's constructor, never from a virtual user): a request then only
 * copies a base64 string that already exists. Seeded, so that two runs send the same clips.
 *
 * <p>The clips are PCM 16-bit mono at {@value #DEFAULT_SAMPLE_RATE} Hz unless told otherwise, the
 * rate speech encoders (Whisper, Qwen2-Audio) resample to: a server then spends no time resampling
 * and the figures measure its encoder. Noise rather than silence, so that no codec or cache can
 * make the clip smaller than its duration says.
 */
public final class SyntheticAudio {
  /** The sample rate speech encoders take, in Hz. */
  public static final int DEFAULT_SAMPLE_RATE = 16_000;

  /** The size of the canonical WAV header: RIFF, {@code fmt } and {@code data} chunk headers. */
  public static final int WAV_HEADER_BYTES = 44;

  /** The loudest sample written: a quarter of the 16-bit range, noise that does not clip. */
  private static final int AMPLITUDE = 8_192;

  private SyntheticAudio() {}

  /**
   * A WAV clip of {@code duration} of noise at {@value #DEFAULT_SAMPLE_RATE} Hz, PCM 16-bit mono,
   * the same for the same seed.
   *
   * @param duration the clip's length, whole milliseconds
   * @param seed the noise's seed
   * @return the clip
   */
  public static PromptAudio wav(Duration duration, long seed) {
    return wav(millis(duration), seed);
  }

  /**
   * A WAV clip of {@code duration} of noise at {@code sampleRate} Hz, PCM 16-bit mono.
   *
   * @param duration the clip's length, whole milliseconds
   * @param sampleRate samples per second
   * @param seed the noise's seed
   * @return the clip
   */
  public static PromptAudio wav(Duration duration, int sampleRate, long seed) {
    return wav(millis(duration), sampleRate, seed);
  }

  /**
   * {@code count} WAV clips of {@code duration} each, the same for the same seed.
   *
   * @param count how many clips
   * @param duration each clip's length, whole milliseconds
   * @param seed the clips' seed
   * @return the clips
   */
  public static List<PromptAudio> generate(int count, Duration duration, long seed) {
    return generate(count, millis(duration), seed);
  }

  /**
   * An endless feeder whose records hold {@code audio} ({@link PromptRecords#AUDIO}): {@code
   * distinctSets} sets of {@code perRequest} clips of {@code duration}, generated now and fed in
   * turn. A 30-second clip at 16 kHz is ~1 MB: keep the pool as small as the server's cache allows.
   * Thread-safe.
   *
   * @param perRequest clips in each record
   * @param duration each clip's length, whole milliseconds
   * @param seed the clips' seed
   * @param distinctSets how many different records, fed in turn
   * @return the feeder, for {@code feed(..)}
   */
  public static Iterator<Map<String, Object>> feeder(
      int perRequest, Duration duration, long seed, int distinctSets) {
    return feeder(perRequest, millis(duration), seed, distinctSets);
  }

  private static long millis(Duration duration) {
    return Objects.requireNonNull(duration, "duration").toMillis();
  }

  /**
   * A WAV clip of {@code durationMillis} of noise at {@value #DEFAULT_SAMPLE_RATE} Hz.
   *
   * @deprecated in milliseconds: use {@link #wav(Duration, long)}
   */
  @Deprecated
  public static PromptAudio wav(long durationMillis, long seed) {
    return wav(durationMillis, DEFAULT_SAMPLE_RATE, seed);
  }

  /**
   * A WAV clip of {@code durationMillis} of noise at {@code sampleRate} Hz, PCM 16-bit mono.
   *
   * @deprecated in milliseconds: use {@link #wav(Duration, int, long)}
   */
  @Deprecated
  public static PromptAudio wav(long durationMillis, int sampleRate, long seed) {
    if (durationMillis <= 0 || sampleRate <= 0) {
      throw new IllegalArgumentException(
          "an audio clip needs a positive duration and sample rate, were "
              + durationMillis
              + " ms, "
              + sampleRate
              + " Hz");
    }
    long samples = durationMillis * sampleRate / 1000;
    if (samples * 2 > Integer.MAX_VALUE - WAV_HEADER_BYTES) {
      throw new IllegalArgumentException("an audio clip of " + durationMillis + " ms is too long");
    }
    return PromptAudio.of(
        PromptAudio.WAV,
        encode((int) samples, sampleRate, new SplittableRandom(seed)),
        durationMillis);
  }

  /**
   * {@code count} WAV clips of {@code durationMillis} each, the same for the same seed.
   *
   * @deprecated in milliseconds: use {@link #generate(int, Duration, long)}
   */
  @Deprecated
  public static List<PromptAudio> generate(int count, long durationMillis, long seed) {
    if (count < 0) {
      throw new IllegalArgumentException("audio clips need count >= 0, was " + count);
    }
    SplittableRandom seeds = new SplittableRandom(seed);
    List<PromptAudio> clips = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      clips.add(wav(durationMillis, seeds.nextLong()));
    }
    return List.copyOf(clips);
  }

  /**
   * An endless feeder whose records hold {@code audio} ({@link PromptRecords#AUDIO}): {@code
   * distinctSets} sets of {@code perRequest} clips, generated now and fed in turn. A 30-second clip
   * at 16 kHz is ~1 MB: keep the pool as small as the server's cache allows. Thread-safe.
   *
   * @deprecated in milliseconds: use {@link #feeder(int, Duration, long, int)}
   */
  @Deprecated
  public static Iterator<Map<String, Object>> feeder(
      int perRequest, long durationMillis, long seed, int distinctSets) {
    if (distinctSets <= 0) {
      throw new IllegalArgumentException("distinct audio sets must be positive: " + distinctSets);
    }
    List<Map<String, Object>> sets = new ArrayList<>(distinctSets);
    SplittableRandom seeds = new SplittableRandom(seed);
    for (int i = 0; i < distinctSets; i++) {
      sets.add(Map.of(PromptRecords.AUDIO, generate(perRequest, durationMillis, seeds.nextLong())));
    }
    return InTurn.feeder(sets);
  }

  /**
   * The WAV bytes: the 44-byte header written by hand (RIFF size, {@code fmt } chunk of PCM format
   * 1, then the {@code data} chunk), little-endian as RIFF is, then {@code samples} random samples.
   */
  private static byte[] encode(int samples, int sampleRate, SplittableRandom random) {
    int dataBytes = samples * 2;
    ByteBuffer wav =
        ByteBuffer.allocate(WAV_HEADER_BYTES + dataBytes).order(ByteOrder.LITTLE_ENDIAN);
    wav.put(ascii("RIFF")).putInt(36 + dataBytes).put(ascii("WAVE"));
    wav.put(ascii("fmt ")).putInt(16).putShort((short) 1).putShort((short) 1);
    wav.putInt(sampleRate).putInt(sampleRate * 2).putShort((short) 2).putShort((short) 16);
    wav.put(ascii("data")).putInt(dataBytes);
    for (int i = 0; i < samples; i++) {
      wav.putShort((short) random.nextInt(-AMPLITUDE, AMPLITUDE + 1));
    }
    return wav.array();
  }

  private static byte[] ascii(String text) {
    return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }
}
