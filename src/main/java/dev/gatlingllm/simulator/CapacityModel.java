package dev.gatlingllm.simulator;

/**
 * The timing rules of the simulated inference engine, in the spirit of continuous batching (vLLM,
 * SGLang, TGI): a fixed number of decode slots, a KV-cache token budget, and iterations ("steps")
 * whose duration grows with the number of sequences decoding together.
 *
 * <pre>
 *   decode step      = decodeStepBaseMicros + decodeStepPerStreamMicros * active ^ decodeStepExponent
 *                      + attentionPerTokenPairNanos * (sum of the decoding sequences' context tokens)
 *   prefill          = prefillBaseMicros + prefillPerTokenMicros * promptTokens
 *                      + attentionPerTokenPairNanos * promptTokens * (promptTokens + 1) / 2
 *   iteration        = decode step(active, including newly admitted) + sum of prefills admitted in it
 *                      (prefillBlocksDecode = false: max(decode step, sum of prefills) instead)
 * </pre>
 *
 * <p>Admission follows Hugging Face TGI's router: waiting requests join the batch at the start of
 * an iteration when nothing is running, or when {@code maxWaitingSteps} decode steps have run since
 * the last admission, or when waiting >= {@code waitingServedRatio} * running (0 disables a rule).
 * Batching prefills this way is what makes TTFT grow with load long before the slots run out: a
 * request waits up to {@code maxWaitingSteps} steps, and each step gets slower as the batch grows.
 *
 * <p>Every active sequence receives one token at the end of each iteration; a newly admitted
 * sequence receives its first token at the end of the iteration that ran its prefill, as in real
 * engines. A request reserves {@code promptTokens + maxTokens} of the KV budget while admitted.
 *
 * <p>The attention term is what makes a long context cost more than its length alone: each new
 * token attends to every token before it, so a decode step grows with the contexts it extends and a
 * prompt's prefill with the square of its length (a chunk of {@code k} tokens after {@code s}
 * computed ones: {@code k * s + k * (k + 1) / 2} pairs). One price per pair serves both, which is
 * how a small model on a CPU behaves (llama.cpp: prompt time quadratic, decode step linear in the
 * context); a large model on a GPU, whose weights dominate, has it near 0 (the default).
 *
 * <p>That is the TGI-like scheduler ({@code sim.scheduler=tgi}). {@link #scheduling()} selects vLLM
 * V1's chunked prefill instead ({@link ChunkedPrefillScheduler}: the admission rules and {@code
 * prefillBlocksDecode} do not apply there) and the prefix cache ({@link KvCache}). Pure value: no
 * clock, no threads, so it is testable on its own.
 */
public record CapacityModel(
    int slots,
    long kvCacheTokens,
    long decodeStepBaseMicros,
    double decodeStepPerStreamMicros,
    double decodeStepExponent,
    long prefillBaseMicros,
    double prefillPerTokenMicros,
    int maxPrefillTokensPerStep,
    boolean prefillBlocksDecode,
    long requestOverheadMicros,
    int maxWaitingSteps,
    double waitingServedRatio,
    SchedulingPolicy scheduling,
    double attentionPerTokenPairNanos,
    long idleStartMicros) {

  /**
   * Defaults tuned so that a 256-token prompt / 128-token answer sweep resembles
   * docs/simulator.md's table. The decode step grows almost with the square of the batch (exponent
   * 1.9): up to a few dozen sequences a step costs little more than one sequence's (memory-bound,
   * batching is nearly free), beyond 64 the batch's attention work dominates (compute-bound), so
   * that more streams buy no more output tok/s, only longer waits: the knee a real server shows,
   * which the default sweep must show too.
   */
  public static final CapacityModel DEFAULT =
      new CapacityModel(
          112,
          131_072,
          10_300,
          3.55,
          1.9,
          24_000,
          15.4,
          0,
          true,
          23_000,
          33,
          2.0,
          SchedulingPolicy.CHUNKED,
          0,
          0);

  /**
   * The TGI-like scheduler without prefix cache ({@link SchedulingPolicy#TGI}) and no attention
   * cost; {@link #withScheduling} and {@link #withAttentionPerTokenPairNanos} change either.
   */
  public CapacityModel(
      int slots,
      long kvCacheTokens,
      long decodeStepBaseMicros,
      double decodeStepPerStreamMicros,
      double decodeStepExponent,
      long prefillBaseMicros,
      double prefillPerTokenMicros,
      int maxPrefillTokensPerStep,
      boolean prefillBlocksDecode,
      long requestOverheadMicros,
      int maxWaitingSteps,
      double waitingServedRatio) {
    this(
        slots,
        kvCacheTokens,
        decodeStepBaseMicros,
        decodeStepPerStreamMicros,
        decodeStepExponent,
        prefillBaseMicros,
        prefillPerTokenMicros,
        maxPrefillTokensPerStep,
        prefillBlocksDecode,
        requestOverheadMicros,
        maxWaitingSteps,
        waitingServedRatio,
        SchedulingPolicy.TGI,
        0,
        0);
  }

  public CapacityModel {
    if (scheduling == null) throw new IllegalArgumentException("scheduling is required");
    if (slots < 1) throw new IllegalArgumentException("slots must be >= 1: " + slots);
    if (kvCacheTokens < 1) throw new IllegalArgumentException("kvCacheTokens must be >= 1");
    // Each cost a finite number within what any engine takes: NaN passes a "< 0" check, and an
    // infinite or 2^63-1 us step makes every request a KO "stream stalled" rather than a refusal.
    checkCost("decodeStepBaseMicros", decodeStepBaseMicros, MAX_STEP_MICROS);
    checkCost("decodeStepPerStreamMicros", decodeStepPerStreamMicros, MAX_STEP_MICROS);
    checkCost("decodeStepExponent", decodeStepExponent, MAX_EXPONENT);
    checkCost("prefillBaseMicros", prefillBaseMicros, MAX_STEP_MICROS);
    checkCost("prefillPerTokenMicros", prefillPerTokenMicros, MAX_PER_TOKEN_MICROS);
    checkCost("requestOverheadMicros", requestOverheadMicros, MAX_STEP_MICROS);
    if (maxPrefillTokensPerStep < 0)
      throw new IllegalArgumentException("maxPrefillTokensPerStep must be >= 0");
    if (maxWaitingSteps < 0) throw new IllegalArgumentException("maxWaitingSteps must be >= 0");
    checkCost("waitingServedRatio", waitingServedRatio, MAX_RATIO);
    checkCost("attentionPerTokenPairNanos", attentionPerTokenPairNanos, MAX_PER_TOKEN_MICROS);
    checkCost("idleStartMicros", idleStartMicros, MAX_STEP_MICROS);
  }

  /** A step, a prefill, an overhead or an idle start: at most a minute (60,000,000 us). */
  public static final double MAX_STEP_MICROS = 60_000_000;

  /** A cost per token (prefill) or per token pair (attention): at most a second. */
  public static final double MAX_PER_TOKEN_MICROS = 1_000_000;

  /** The decode step's exponent over the streams: 1 is linear, beyond 4 no engine. */
  public static final double MAX_EXPONENT = 4;

  /** The share of waiting requests served per step. */
  public static final double MAX_RATIO = 1_000;

  /** Refuses a cost that is not a finite number in [0, max], in one line naming it. */
  static void checkCost(String name, double value, double max) {
    if (!(value >= 0 && value <= max)) {
      throw new IllegalArgumentException(
          name
              + " must be a number from 0 to "
              + new java.math.BigDecimal(max).toPlainString()
              + ", was "
              + value);
    }
  }

  /** The same costs under another scheduling policy. */
  public CapacityModel withScheduling(SchedulingPolicy policy) {
    return copy(policy, attentionPerTokenPairNanos, idleStartMicros);
  }

  /** The same costs with another price per attended token pair. */
  public CapacityModel withAttentionPerTokenPairNanos(double nanos) {
    return copy(scheduling, nanos, idleStartMicros);
  }

  /** The same costs, an idle engine starting its first pass {@code micros} after a request. */
  public CapacityModel withIdleStartMicros(long micros) {
    return copy(scheduling, attentionPerTokenPairNanos, micros);
  }

  /**
   * How long an idle engine takes to start its first pass after a request reaches it; requests
   * arriving meanwhile join that pass.
   */
  public long idleStartNanos() {
    return idleStartMicros * 1_000L;
  }

  private CapacityModel copy(SchedulingPolicy policy, double attentionNanos, long idleMicros) {
    return new CapacityModel(
        slots,
        kvCacheTokens,
        decodeStepBaseMicros,
        decodeStepPerStreamMicros,
        decodeStepExponent,
        prefillBaseMicros,
        prefillPerTokenMicros,
        maxPrefillTokensPerStep,
        prefillBlocksDecode,
        requestOverheadMicros,
        maxWaitingSteps,
        waitingServedRatio,
        policy,
        attentionNanos,
        idleMicros);
  }

  /** Duration of one decode step with {@code active} sequences in the batch. */
  public long decodeStepNanos(int active) {
    if (active <= 0) return 0;
    double micros =
        decodeStepBaseMicros + decodeStepPerStreamMicros * Math.pow(active, decodeStepExponent);
    return Math.round(micros * 1_000.0);
  }

  /** Duration of the prefill of one prompt. */
  public long prefillNanos(int promptTokens) {
    return prefillNanos(0, promptTokens);
  }

  /**
   * Duration of the prefill of {@code tokens} prompt tokens after {@code computedTokens} whose KV
   * is already there (cached blocks, an earlier chunk): those cost nothing but are attended to.
   */
  public long prefillNanos(long computedTokens, int tokens) {
    int n = Math.max(0, tokens);
    return Math.round((prefillBaseMicros + prefillPerTokenMicros * n) * 1_000.0)
        + attentionNanos(chunkPairs(computedTokens, n));
  }

  /** The attention cost of {@code pairs} (query token, attended token) pairs. */
  public long attentionNanos(long pairs) {
    return attentionPerTokenPairNanos == 0 ? 0 : Math.round(attentionPerTokenPairNanos * pairs);
  }

  /**
   * Token pairs a chunk of {@code tokens} prompt tokens after {@code computedTokens} attends: each
   * token to the ones before it and itself.
   */
  public static long chunkPairs(long computedTokens, long tokens) {
    return tokens * computedTokens + tokens * (tokens + 1) / 2;
  }

  /**
   * Duration of one iteration, given the batch size after admission and the summed prefill time in
   * it.
   */
  public long iterationNanos(int active, long prefillNanos) {
    long decode = decodeStepNanos(active);
    return prefillBlocksDecode ? decode + prefillNanos : Math.max(decode, prefillNanos);
  }

  public long requestOverheadNanos() {
    return requestOverheadMicros * 1_000L;
  }

  /** KV-cache tokens a request holds while admitted. */
  public static long kvReservation(int promptTokens, int maxTokens) {
    return (long) promptTokens + maxTokens;
  }
}
