package dev.gatlingllm.simulator;

import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The simulator's settings, parsed and validated once. Built from {@link LlmSimulator.Builder} or
 * from {@code sim.*} system properties; every value has a default ({@link SimulatorSetting}).
 */
public final class SimulatorConfig {
  private final Map<SimulatorSetting, String> raw;
  private final String host;
  private final int port;
  private final int ioThreads;
  private final int idleTimeoutSeconds;
  private final String transport;
  private final String model;
  private final int defaultMaxTokens;
  private final double eosProbability;
  private final long seed;
  private final CapacityModel capacity;
  private final FaultSpec globalFault;
  private final FixedTiming globalTiming;
  private final boolean groundTruth;
  private final int groundTruthMaxRecords;
  private final Path groundTruthFile;
  private final PoolingModel pooling;

  SimulatorConfig(Map<SimulatorSetting, String> values) {
    EnumMap<SimulatorSetting, String> all = new EnumMap<>(SimulatorSetting.class);
    for (SimulatorSetting s : SimulatorSetting.values()) {
      all.put(s, values.getOrDefault(s, s.defaultValue()));
    }
    this.raw = Collections.unmodifiableMap(all);
    this.host = all.get(SimulatorSetting.HOST);
    this.port = intValue(SimulatorSetting.PORT);
    this.ioThreads = intValue(SimulatorSetting.IO_THREADS);
    this.idleTimeoutSeconds = intValue(SimulatorSetting.IDLE_TIMEOUT_SECONDS);
    this.transport = all.get(SimulatorSetting.TRANSPORT);
    if (!java.util.Set.of("auto", "epoll", "io_uring", "nio").contains(transport)) {
      throw new dev.gatlingllm.logging.UserError(
          "sim.transport must be auto, epoll, io_uring or nio, was '" + transport + "'");
    }
    this.model = all.get(SimulatorSetting.MODEL);
    this.defaultMaxTokens = intValue(SimulatorSetting.DEFAULT_MAX_TOKENS);
    this.eosProbability = doubleValue(SimulatorSetting.EOS_PROBABILITY);
    this.seed = longValue(SimulatorSetting.SEED);
    this.capacity = capacityModel();
    this.pooling =
        new PoolingModel(
            longValue(SimulatorSetting.POOLING_BATCH_MICROS),
            doubleValue(SimulatorSetting.POOLING_TOKEN_MICROS),
            intValue(SimulatorSetting.POOLING_MAX_BATCH_TOKENS),
            intValue(SimulatorSetting.EMBED_DIMENSIONS));
    this.globalFault = FaultSpec.parse(all.get(SimulatorSetting.FAULT));
    this.globalTiming = FixedTiming.parse(all.get(SimulatorSetting.TIMING));
    this.groundTruth = Boolean.parseBoolean(all.get(SimulatorSetting.GROUND_TRUTH));
    this.groundTruthMaxRecords = intValue(SimulatorSetting.GROUND_TRUTH_MAX_RECORDS);
    String file = all.get(SimulatorSetting.GROUND_TRUTH_FILE);
    this.groundTruthFile = file.isBlank() ? null : Path.of(file);
  }

  /**
   * The engine's costs, each read through its bound (SettingBounds); a combination {@link
   * CapacityModel} refuses is one line naming its {@code sim.*} setting, as every component of
   * {@link CapacityModel} is named as its setting.
   */
  private CapacityModel capacityModel() {
    Map<SimulatorSetting, String> all = raw;
    try {
      return new CapacityModel(
          intValue(SimulatorSetting.SLOTS),
          longValue(SimulatorSetting.KV_CACHE_TOKENS),
          longValue(SimulatorSetting.DECODE_STEP_BASE_MICROS),
          doubleValue(SimulatorSetting.DECODE_STEP_PER_STREAM_MICROS),
          doubleValue(SimulatorSetting.DECODE_STEP_EXPONENT),
          longValue(SimulatorSetting.PREFILL_BASE_MICROS),
          doubleValue(SimulatorSetting.PREFILL_PER_TOKEN_MICROS),
          intValue(SimulatorSetting.MAX_PREFILL_TOKENS_PER_STEP),
          Boolean.parseBoolean(all.get(SimulatorSetting.PREFILL_BLOCKS_DECODE)),
          longValue(SimulatorSetting.REQUEST_OVERHEAD_MICROS),
          intValue(SimulatorSetting.MAX_WAITING_STEPS),
          doubleValue(SimulatorSetting.WAITING_SERVED_RATIO),
          new SchedulingPolicy(
              SchedulerKind.parse(all.get(SimulatorSetting.SCHEDULER)),
              intValue(SimulatorSetting.MAX_BATCHED_TOKENS),
              Boolean.parseBoolean(all.get(SimulatorSetting.PREFIX_CACHE)),
              intValue(SimulatorSetting.BLOCK_SIZE)),
          doubleValue(SimulatorSetting.ATTENTION_PER_TOKEN_PAIR_NANOS),
          longValue(SimulatorSetting.IDLE_START_MICROS));
    } catch (dev.gatlingllm.logging.UserError e) {
      throw e; // a bound's refusal names its property already
    } catch (IllegalArgumentException e) {
      throw new dev.gatlingllm.logging.UserError("sim." + e.getMessage());
    }
  }

  // Every number goes through its stated bound (SettingBounds): NaN, infinities, 2^63 and
  // 100,000 threads are refused here in one line naming the property.
  private int intValue(SimulatorSetting setting) {
    return SettingBounds.of(setting).readInt(setting.propertyName(), raw.get(setting));
  }

  private long longValue(SimulatorSetting setting) {
    return SettingBounds.of(setting).readLong(setting.propertyName(), raw.get(setting));
  }

  private double doubleValue(SimulatorSetting setting) {
    return SettingBounds.of(setting).readDouble(setting.propertyName(), raw.get(setting));
  }

  /** All values as given or defaulted, by setting. */
  public Map<SimulatorSetting, String> values() {
    return raw;
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  public int ioThreads() {
    return ioThreads;
  }

  public int idleTimeoutSeconds() {
    return idleTimeoutSeconds;
  }

  public String transport() {
    return transport;
  }

  public String model() {
    return model;
  }

  public int defaultMaxTokens() {
    return defaultMaxTokens;
  }

  public double eosProbability() {
    return eosProbability;
  }

  public long seed() {
    return seed;
  }

  /** The embeddings and rerank engine's batch costs and default vector length. */
  PoolingModel pooling() {
    return pooling;
  }

  public CapacityModel capacity() {
    return capacity;
  }

  public FaultSpec globalFault() {
    return globalFault;
  }

  public FixedTiming globalTiming() {
    return globalTiming;
  }

  public boolean groundTruth() {
    return groundTruth;
  }

  public int groundTruthMaxRecords() {
    return groundTruthMaxRecords;
  }

  public Path groundTruthFile() {
    return groundTruthFile;
  }
}
