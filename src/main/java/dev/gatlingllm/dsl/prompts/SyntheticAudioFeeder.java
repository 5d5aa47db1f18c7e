package dev.gatlingllm.dsl.prompts;

import static io.gatling.javaapi.core.CoreDsl.listFeeder;

import io.gatling.javaapi.core.FeederBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Immutable builder of a feeder of seeded noise clips ({@link SyntheticAudio}: WAV, PCM 16-bit mono
 * at 16 kHz), reached with {@code PromptFeeders.syntheticAudio()}: each record holds {@code audio},
 * a {@code List<PromptAudio>} for {@code chat(..).audio("#{audio}")}. The clips are made when
 * {@link #feeder()} is called, before the load.
 *
 * <p>Defaults: 1 clip a request, 5 s each, seed 42, 16 distinct sets fed in turn.
 */
public final class SyntheticAudioFeeder {
  private final int perRequest;
  private final Duration duration;
  private final long seed;
  private final int distinctSets;

  /** The defaults; {@code PromptFeeders.syntheticAudio()} gives this. */
  public SyntheticAudioFeeder() {
    this(1, Duration.ofSeconds(5), 42, 16);
  }

  private SyntheticAudioFeeder(int perRequest, Duration duration, long seed, int distinctSets) {
    this.perRequest = perRequest;
    this.duration = duration;
    this.seed = seed;
    this.distinctSets = distinctSets;
  }

  /**
   * @param count clips in each record, at least 0
   * @return a new builder
   */
  public SyntheticAudioFeeder perRequest(int count) {
    return new SyntheticAudioFeeder(count, duration, seed, distinctSets);
  }

  /**
   * @param length each clip's length, whole milliseconds, positive (~32 kB a second)
   * @return a new builder
   */
  public SyntheticAudioFeeder duration(Duration length) {
    return new SyntheticAudioFeeder(
        perRequest, Objects.requireNonNull(length, "duration"), seed, distinctSets);
  }

  /**
   * @param newSeed the noise's seed: the same seed, the same clips
   * @return a new builder
   */
  public SyntheticAudioFeeder seed(long newSeed) {
    return new SyntheticAudioFeeder(perRequest, duration, newSeed, distinctSets);
  }

  /**
   * @param sets how many different records are made, fed in turn, positive
   * @return a new builder
   */
  public SyntheticAudioFeeder distinct(int sets) {
    return new SyntheticAudioFeeder(perRequest, duration, seed, sets);
  }

  /**
   * Makes the clips now and gives Gatling's feeder of them, circular.
   *
   * @return the feeder, for {@code feed(..)}
   * @throws IllegalArgumentException for a count below 0, a duration or distinct sets not positive
   */
  public FeederBuilder<Object> feeder() {
    return listFeeder(records()).circular();
  }

  /** The records the feeder holds, in its order. */
  List<Map<String, Object>> records() {
    return SyntheticAudio.records(perRequest, duration.toMillis(), seed, distinctSets);
  }
}
