package dev.gatlingllm.simulator;

import java.util.Locale;

/** Which rule decides the work of each engine iteration; {@code sim.scheduler}. */
public enum SchedulerKind {
  /**
   * Hugging Face TGI's router: waiting requests join in groups, and their whole prefills run in the
   * iteration that admits them, holding up every running stream's next token.
   */
  TGI,

  /**
   * vLLM V1's scheduler: one token budget per iteration, spent on the running streams' decodes
   * first and then on prompt chunks, so a long prompt is prefilled over several iterations while
   * the others keep decoding.
   */
  CHUNKED;

  /** {@code tgi} or {@code chunked}, as the setting is written. */
  public static SchedulerKind parse(String value) {
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("sim.scheduler must be tgi or chunked: " + value, e);
    }
  }

  public String settingValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
