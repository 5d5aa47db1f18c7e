package dev.gatlingllm.simulator;

/**
 * A simulator whose prefill and overhead take no time and whose decode steps are 100 us: the tests
 * of what a prompt counts need its usage, not its timing.
 */
final class InstantPrefill {
  private InstantPrefill() {}

  static LlmSimulator.Builder builder() {
    return LlmSimulator.builder()
        .decodeStepBaseMicros(100)
        .decodeStepPerStreamMicros(0)
        .prefillBaseMicros(0)
        .prefillPerTokenMicros(0)
        .requestOverheadMicros(0);
  }
}
