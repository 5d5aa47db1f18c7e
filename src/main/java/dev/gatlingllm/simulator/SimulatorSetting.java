package dev.gatlingllm.simulator;

import java.util.Map;
import java.util.TreeMap;

/**
 * Every setting of the simulator: its key (the system property is {@code sim.<key>}), default and
 * meaning. One table serves the builder, the system properties and the documentation.
 */
public enum SimulatorSetting {
  HOST("host", "127.0.0.1", "address to bind; loopback by default"),
  PORT("port", "0", "TCP port; 0 picks a free ephemeral port"),
  IO_THREADS("ioThreads", "2", "Netty event-loop threads"),
  IDLE_TIMEOUT_SECONDS(
      "idleTimeoutSeconds",
      "60",
      "a connection on which nothing was read nor written for this long is closed (a half-sent request, an idle"
          + " keep-alive connection); 0 = never"),
  TRANSPORT(
      "transport",
      "auto",
      "auto (epoll if available, else nio), epoll, io_uring or nio; the NIO selector's timers are whole milliseconds"),
  MODEL("model", "sim-llm", "model id listed by /v1/models and echoed when a request names none"),
  DEFAULT_MAX_TOKENS("defaultMaxTokens", "128", "max_tokens when a request gives none"),
  EOS_PROBABILITY(
      "eosProbability",
      "0.01",
      "per-token probability of an early stop when ignore_eos is false (seeded, so deterministic)"),
  SEED("seed", "42", "seed of the generated text and of the early-stop points"),
  SLOTS(
      "slots",
      String.valueOf(CapacityModel.DEFAULT.slots()),
      "decode slots: max sequences decoding together"),
  KV_CACHE_TOKENS(
      "kvCacheTokens",
      String.valueOf(CapacityModel.DEFAULT.kvCacheTokens()),
      "KV-cache budget; an admitted request reserves prompt + max_tokens"),
  DECODE_STEP_BASE_MICROS(
      "decodeStepBaseMicros",
      String.valueOf(CapacityModel.DEFAULT.decodeStepBaseMicros()),
      "a in step = a + b * active^c"),
  DECODE_STEP_PER_STREAM_MICROS(
      "decodeStepPerStreamMicros",
      String.valueOf(CapacityModel.DEFAULT.decodeStepPerStreamMicros()),
      "b in step = a + b * active^c"),
  DECODE_STEP_EXPONENT(
      "decodeStepExponent",
      String.valueOf(CapacityModel.DEFAULT.decodeStepExponent()),
      "c in step = a + b * active^c"),
  PREFILL_BASE_MICROS(
      "prefillBaseMicros",
      String.valueOf(CapacityModel.DEFAULT.prefillBaseMicros()),
      "fixed prefill cost of one request"),
  PREFILL_PER_TOKEN_MICROS(
      "prefillPerTokenMicros",
      String.valueOf(CapacityModel.DEFAULT.prefillPerTokenMicros()),
      "prefill cost per prompt token"),
  ATTENTION_PER_TOKEN_PAIR_NANOS(
      "attentionPerTokenPairNanos",
      "0",
      "cost of one token attending to one earlier token: a decode step adds it x its sequences' context"
          + " tokens, a prompt of n tokens x n(n+1)/2 (a small model on a CPU; near 0 on a GPU)"),
  IDLE_START_MICROS(
      "idleStartMicros",
      "0",
      "how long an idle engine takes to start its first pass after a request reaches it; requests"
          + " arriving meanwhile join that pass (llama.cpp's server loop: about a millisecond)"),
  MAX_PREFILL_TOKENS_PER_STEP(
      "maxPrefillTokensPerStep",
      String.valueOf(CapacityModel.DEFAULT.maxPrefillTokensPerStep()),
      "prompt tokens admitted per iteration; 0 = no limit"),
  PREFILL_BLOCKS_DECODE(
      "prefillBlocksDecode",
      String.valueOf(CapacityModel.DEFAULT.prefillBlocksDecode()),
      "true: an iteration lasts decode step + prefills; false: max of the two"),
  REQUEST_OVERHEAD_MICROS(
      "requestOverheadMicros",
      String.valueOf(CapacityModel.DEFAULT.requestOverheadMicros()),
      "API-server time (parsing, tokenizing) before a request reaches the engine queue"),
  MAX_WAITING_STEPS(
      "maxWaitingSteps",
      String.valueOf(CapacityModel.DEFAULT.maxWaitingSteps()),
      "admit waiting requests at most every N decode steps while a batch runs (TGI max_waiting_tokens); 0 = every step"),
  WAITING_SERVED_RATIO(
      "waitingServedRatio",
      String.valueOf(CapacityModel.DEFAULT.waitingServedRatio()),
      "also admit when waiting >= ratio * running (TGI waiting_served_ratio); 0 disables"),
  SCHEDULER(
      "scheduler",
      SchedulingPolicy.CHUNKED.scheduler().settingValue(),
      "tgi: admitted prompts are prefilled whole while the batch waits (the rules above); chunked: vLLM V1's"
          + " token budget per iteration, decodes first, then prompt chunks, with preemption when KV runs out"),
  MAX_BATCHED_TOKENS(
      "maxBatchedTokens",
      String.valueOf(SchedulingPolicy.CHUNKED.maxBatchedTokens()),
      "chunked: tokens computed per iteration, decodes and prompt chunks together (vLLM max_num_batched_tokens)"),
  PREFIX_CACHE(
      "prefixCache",
      String.valueOf(SchedulingPolicy.CHUNKED.prefixCache()),
      "keep computed prompt blocks in the KV budget (LRU) so a prompt with a cached prefix prefills only the"
          + " rest; reports usage.prompt_tokens_details.cached_tokens"),
  BLOCK_SIZE(
      "blockSize",
      String.valueOf(SchedulingPolicy.CHUNKED.blockTokens()),
      "tokens per KV block, the prefix cache's unit (vLLM block_size)"),
  POOLING_BATCH_MICROS(
      "poolingBatchMicros",
      String.valueOf(PoolingModel.DEFAULT.batchMicros()),
      "embeddings and rerank: fixed cost of one batch (one forward pass)"),
  POOLING_TOKEN_MICROS(
      "poolingTokenMicros",
      String.valueOf(PoolingModel.DEFAULT.tokenMicros()),
      "embeddings and rerank: cost per input token of a batch"),
  POOLING_MAX_BATCH_TOKENS(
      "poolingMaxBatchTokens",
      String.valueOf(PoolingModel.DEFAULT.maxBatchTokens()),
      "embeddings and rerank: most input tokens in one batch (a larger request runs alone)"),
  EMBED_DIMENSIONS(
      "embedDimensions",
      String.valueOf(PoolingModel.DEFAULT.dimensions()),
      "length of the vectors when a request names no dimensions"),
  FAULT("fault", "", "fault applied to every request, same syntax as the x-sim-fault header"),
  TIMING("timing", "", "fixed timing for every request, same syntax as the x-sim-timing header"),
  GROUND_TRUTH("groundTruth", "false", "record server-side write times per request"),
  GROUND_TRUTH_MAX_RECORDS("groundTruthMaxRecords", "100000", "most recent records kept in memory"),
  GROUND_TRUTH_FILE("groundTruthFile", "", "also append each record as one JSON line to this file"),
  PROFILE(
      "profile",
      "",
      "a properties file of sim.* settings (a fitted twin: see Twin of a real server) applied first; the"
          + " settings given beside it win");

  public static final String PROPERTY_PREFIX = "sim.";

  private final String key;
  private final String defaultValue;
  private final String description;

  SimulatorSetting(String key, String defaultValue, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  public String key() {
    return key;
  }

  public String propertyName() {
    return PROPERTY_PREFIX + key;
  }

  public String defaultValue() {
    return defaultValue;
  }

  public String description() {
    return description;
  }

  /** The {@code sim.*} system properties that name a known setting, by key. */
  public static Map<String, String> fromSystemProperties() {
    Map<String, String> values = new TreeMap<>();
    for (SimulatorSetting setting : values()) {
      String value = System.getProperty(setting.propertyName());
      if (value != null) {
        values.put(setting.key, value.trim());
      }
    }
    return values;
  }

  /** A markdown table of all settings (used to write docs/simulator.md). */
  public static String markdownTable() {
    StringBuilder sb = new StringBuilder("| property | default | meaning |\n|---|---|---|\n");
    for (SimulatorSetting s : values()) {
      sb.append("| `")
          .append(s.propertyName())
          .append("` | `")
          .append(s.defaultValue)
          .append("` | ")
          .append(s.description)
          .append(" |\n");
    }
    return sb.toString();
  }
}
