package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.bounds.Bound;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.properties.PropertyBounds;
import java.util.Map;

/**
 * A fixed input:output token workload, e.g. {@code 1024:1024} (the default), the prefill-heavy
 * {@code 4000:50} or the decode-heavy {@code 200:2000}.
 */
public record InputOutputRatio(int inputTokens, int outputTokens) {
  public static final InputOutputRatio BALANCED = new InputOutputRatio(1024, 1024);
  public static final InputOutputRatio PREFILL_HEAVY = new InputOutputRatio(4000, 50);
  public static final InputOutputRatio DECODE_HEAVY = new InputOutputRatio(200, 2000);

  /** Named presets besides the plain {@code <input>:<output>} form. */
  private static final Map<String, InputOutputRatio> PRESETS =
      Map.of("balanced", BALANCED, "prefill-heavy", PREFILL_HEAVY, "decode-heavy", DECODE_HEAVY);

  public InputOutputRatio {
    if (inputTokens < 1 || outputTokens < 1) {
      throw new UserError(
          "input and output tokens must be >= 1, were " + inputTokens + ":" + outputTokens);
    }
  }

  /**
   * Parses the value of a setting, naming the setting when the value is wrong.
   *
   * @param setting the setting's name, e.g. {@code llm.ratio}
   * @param value {@code <input>:<output>} or a preset name
   * @return the ratio
   */
  public static InputOutputRatio fromSetting(String setting, String value) {
    try {
      return parse(value);
    } catch (IllegalArgumentException e) {
      throw new UserError(setting + ": " + e.getMessage());
    }
  }

  /**
   * {@code <input>:<output>} (e.g. {@code 4000:50}) or a preset name (balanced, prefill-heavy,
   * decode-heavy).
   */
  public static InputOutputRatio parse(String value) {
    InputOutputRatio preset = PRESETS.get(value.trim().toLowerCase(java.util.Locale.ROOT));
    if (preset != null) {
      return preset;
    }
    String[] parts = value.split(":");
    if (parts.length == 2) {
      // each side through the bound of llm.ratio (docs/running.md): 2e9 tokens is refused here
      Bound tokens = PropertyBounds.of("llm.ratio");
      return new InputOutputRatio(
          tokens.readInt("the ratio's input tokens", parts[0]),
          tokens.readInt("the ratio's output tokens", parts[1]));
    }
    throw new UserError(
        "the ratio must be <input>:<output> tokens such as 1024:1024, or one of "
            + "balanced, prefill-heavy, decode-heavy; was '"
            + dev.gatlingllm.secrets.Redactor.setting(value)
            + "'");
  }

  @Override
  public String toString() {
    return inputTokens + ":" + outputTokens;
  }
}
