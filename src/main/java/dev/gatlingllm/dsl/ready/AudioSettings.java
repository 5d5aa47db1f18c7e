package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.dsl.prompts.SyntheticAudio;
import dev.gatlingllm.logging.UserError;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;

/**
 * The audio clips a ready chat simulation adds to its prompts, from the {@code llm.audio.*}
 * properties: {@code llm.audio.count} synthetic WAV clips per request (default 0: none), each
 * {@code llm.audio.seconds} long (default 5), from {@code llm.audio.distinct} sets generated before
 * the load and fed in turn (default 16).
 *
 * @param count clips per request, 0 for none
 * @param seconds each clip's duration
 * @param distinct synthetic clip sets generated before the load
 */
public record AudioSettings(int count, int seconds, int distinct) {
  /**
   * The most seconds of synthetic audio a run generates before the load and holds: 16-bit samples
   * at 16 kHz are 32 kB a second, so 130 MB in all.
   */
  public static final long MAX_SYNTHETIC_SECONDS = 4096;

  /**
   * @return the settings the system properties describe; a bad one fails here, in one line
   */
  public static AudioSettings fromSystemProperties() {
    Settings properties = Settings.fromSystemProperties();
    int count = properties.wholeNumber("llm.audio.count", 0);
    int seconds = properties.wholeNumber("llm.audio.seconds", 5);
    int distinct = properties.wholeNumber("llm.audio.distinct", 16);
    long total = (long) count * distinct * seconds;
    if (total > MAX_SYNTHETIC_SECONDS) {
      throw new UserError(
          "llm.audio.count x llm.audio.distinct x llm.audio.seconds must be at most "
              + MAX_SYNTHETIC_SECONDS
              + " s of audio (the synthetic clips are generated before the load and held), was "
              + count
              + " x "
              + distinct
              + " x "
              + seconds
              + " = "
              + total);
    }
    return new AudioSettings(count, seconds, distinct);
  }

  /** True when the prompts carry audio. */
  public boolean any() {
    return count > 0;
  }

  /**
   * The feeder of synthetic clip sets, generated now (call it in the simulation's constructor).
   *
   * @param seed {@code llm.seed}, so that two runs send the same clips
   */
  public Iterator<Map<String, Object>> syntheticFeeder(long seed) {
    return SyntheticAudio.feeder(count, Duration.ofSeconds(seconds), seed, distinct);
  }

  /** What the run sends, for its announcement. */
  public String describe() {
    return count + " x " + seconds + " s of WAV per request";
  }
}
