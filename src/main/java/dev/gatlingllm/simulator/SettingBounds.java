package dev.gatlingllm.simulator;

import dev.gatlingllm.bounds.Bound;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The stated range of every {@code sim.*} setting that holds a number, in one table beside {@link
 * SimulatorSetting}: {@link SimulatorConfig} reads each number through its bound (so that {@code
 * sim.ioThreads=100000} is one line, not 100,000 event-loop threads, and NaN or 2^63 microseconds
 * are refused before the server starts), and docs/running.md shows it with the {@code llm.*} ones.
 */
public final class SettingBounds {
  private static final long MINUTE_MICROS = 60_000_000L;
  private static final long TEN_MILLION = 10_000_000L;

  /** The settings that hold no number: text, a switch, a choice or a file. */
  public static final Set<SimulatorSetting> NOT_NUMBERS =
      Collections.unmodifiableSet(
          EnumSet.of(
              SimulatorSetting.HOST,
              SimulatorSetting.TRANSPORT,
              SimulatorSetting.MODEL,
              SimulatorSetting.PREFILL_BLOCKS_DECODE,
              SimulatorSetting.SCHEDULER,
              SimulatorSetting.PREFIX_CACHE,
              SimulatorSetting.FAULT,
              SimulatorSetting.TIMING,
              SimulatorSetting.GROUND_TRUTH,
              SimulatorSetting.GROUND_TRUTH_FILE,
              SimulatorSetting.PROFILE));

  private static final Map<SimulatorSetting, Bound> BOUNDS = new EnumMap<>(SimulatorSetting.class);

  static {
    BOUNDS.put(SimulatorSetting.PORT, Bound.whole(0, 65_535, "0 = a free port"));
    BOUNDS.put(SimulatorSetting.IO_THREADS, Bound.whole(1, 256, "threads"));
    BOUNDS.put(SimulatorSetting.IDLE_TIMEOUT_SECONDS, Bound.whole(0, 86_400, "s, 0 = never"));
    BOUNDS.put(SimulatorSetting.DEFAULT_MAX_TOKENS, Bound.whole(0, 2_000_000, "tokens"));
    BOUNDS.put(SimulatorSetting.EOS_PROBABILITY, Bound.closed(0, 1, ""));
    BOUNDS.put(SimulatorSetting.SEED, Bound.whole(Long.MIN_VALUE, Long.MAX_VALUE, ""));
    BOUNDS.put(SimulatorSetting.SLOTS, Bound.whole(1, 100_000, "sequences"));
    // a counter, not an allocation: a quarter of a long leaves room for sums of reservations
    BOUNDS.put(SimulatorSetting.KV_CACHE_TOKENS, Bound.whole(1, Long.MAX_VALUE / 4, "tokens"));
    micros(SimulatorSetting.DECODE_STEP_BASE_MICROS);
    BOUNDS.put(
        SimulatorSetting.DECODE_STEP_PER_STREAM_MICROS, Bound.closed(0, MINUTE_MICROS, "us"));
    BOUNDS.put(SimulatorSetting.DECODE_STEP_EXPONENT, Bound.closed(0, 4, ""));
    micros(SimulatorSetting.PREFILL_BASE_MICROS);
    BOUNDS.put(SimulatorSetting.PREFILL_PER_TOKEN_MICROS, Bound.closed(0, 1_000_000, "us"));
    BOUNDS.put(SimulatorSetting.ATTENTION_PER_TOKEN_PAIR_NANOS, Bound.closed(0, 1_000_000, "ns"));
    micros(SimulatorSetting.IDLE_START_MICROS);
    BOUNDS.put(
        SimulatorSetting.MAX_PREFILL_TOKENS_PER_STEP,
        Bound.whole(0, TEN_MILLION, "tokens, 0 = no limit"));
    micros(SimulatorSetting.REQUEST_OVERHEAD_MICROS);
    BOUNDS.put(SimulatorSetting.MAX_WAITING_STEPS, Bound.whole(0, 1_000_000, "steps"));
    BOUNDS.put(SimulatorSetting.WAITING_SERVED_RATIO, Bound.closed(0, 1000, ""));
    BOUNDS.put(SimulatorSetting.MAX_BATCHED_TOKENS, Bound.whole(1, TEN_MILLION, "tokens"));
    BOUNDS.put(SimulatorSetting.BLOCK_SIZE, Bound.whole(1, 65_536, "tokens"));
    micros(SimulatorSetting.POOLING_BATCH_MICROS);
    BOUNDS.put(SimulatorSetting.POOLING_TOKEN_MICROS, Bound.closed(0, 1_000_000, "us"));
    BOUNDS.put(SimulatorSetting.POOLING_MAX_BATCH_TOKENS, Bound.whole(1, TEN_MILLION, "tokens"));
    BOUNDS.put(SimulatorSetting.EMBED_DIMENSIONS, Bound.whole(1, 65_536, ""));
    BOUNDS.put(SimulatorSetting.GROUND_TRUTH_MAX_RECORDS, Bound.whole(0, TEN_MILLION, "records"));
  }

  private SettingBounds() {}

  /**
   * A whole duration in microseconds: up to a minute, past which no step of a served model lasts.
   */
  private static void micros(SimulatorSetting setting) {
    BOUNDS.put(setting, Bound.whole(0, MINUTE_MICROS, "us"));
  }

  /**
   * @throws IllegalStateException for a setting without a bound (a mistake of the code)
   */
  public static Bound of(SimulatorSetting setting) {
    Bound bound = BOUNDS.get(setting);
    if (bound == null) {
      throw new IllegalStateException(
          setting.propertyName() + " is read as a number but has no bound in SettingBounds");
    }
    return bound;
  }

  /**
   * @return every bounded setting by its property name, in the settings' order
   */
  public static Map<String, Bound> all() {
    Map<String, Bound> out = new java.util.LinkedHashMap<>();
    BOUNDS.forEach((setting, bound) -> out.put(setting.propertyName(), bound));
    return Collections.unmodifiableMap(out);
  }
}
