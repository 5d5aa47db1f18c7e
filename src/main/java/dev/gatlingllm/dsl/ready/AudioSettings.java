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
  /** The longest clip accepted: an hour at 16 kHz is 115 MB of WAV. */
  public static final int MAX_SECONDS = 3600;

  /**
   * @return the settings the system properties describe; a bad one fails here, in one line
   */
  public static AudioSettings fromSystemProperties() {
    Settings properties = Settings.fromSystemProperties();
    int count = properties.nonNegativeInt("llm.audio.count", 0);
    int seconds = properties.nonNegativeInt("llm.audio.seconds", 5);
    if (seconds < 1 || seconds > MAX_SECONDS) {
      throw new UserError("llm.audio.seconds must be 1 to " + MAX_SECONDS + ", was " + seconds);
    }
    int distinct = properties.nonNegativeInt("llm.audio.distinct", 16);
    if (distinct == 0) {
      throw new UserError("llm.audio.distinct must be at least 1");
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
