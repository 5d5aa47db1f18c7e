package dev.gatlingllm.twin;

import dev.gatlingllm.simulator.CapacityModel;
import dev.gatlingllm.simulator.CapacitySweep;
import dev.gatlingllm.simulator.SimulatorSetting;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A fitted twin: the simulator's costs, how the twin meets each measured level on the virtual
 * clock, and what the fit could not tell. {@link #profile} writes it as a {@code sim.*} file.
 */
public record FittedTwin(CapacityModel model, List<Check> checks, List<String> notes) {

  /** One measured level beside the twin's run of the same workload. */
  public record Check(LevelObservation measured, CapacitySweep.Level twin) {
    public double tpotError() {
      return twin.tpotP50Millis() / measured.tpotP50Millis() - 1;
    }

    public double throughputError() {
      return twin.outputTokensPerSecond() / measured.outputTokensPerSecond() - 1;
    }

    public double ttftError() {
      return twin.ttftP50Millis() / measured.ttftP50Millis() - 1;
    }
  }

  /** The settings, in the simulator's own names and order, as a file's lines. */
  public List<String> settings(String modelName) {
    List<String> lines = new ArrayList<>();
    lines.add(line(SimulatorSetting.SCHEDULER, model.scheduling().scheduler().settingValue()));
    lines.add(line(SimulatorSetting.MAX_BATCHED_TOKENS, model.scheduling().maxBatchedTokens()));
    lines.add(line(SimulatorSetting.SLOTS, model.slots()));
    lines.add(line(SimulatorSetting.KV_CACHE_TOKENS, model.kvCacheTokens()));
    lines.add(line(SimulatorSetting.DECODE_STEP_BASE_MICROS, model.decodeStepBaseMicros()));
    lines.add(
        line(SimulatorSetting.DECODE_STEP_PER_STREAM_MICROS, model.decodeStepPerStreamMicros()));
    lines.add(line(SimulatorSetting.DECODE_STEP_EXPONENT, model.decodeStepExponent()));
    lines.add(line(SimulatorSetting.PREFILL_BASE_MICROS, model.prefillBaseMicros()));
    lines.add(line(SimulatorSetting.PREFILL_PER_TOKEN_MICROS, model.prefillPerTokenMicros()));
    lines.add(
        line(SimulatorSetting.ATTENTION_PER_TOKEN_PAIR_NANOS, model.attentionPerTokenPairNanos()));
    lines.add(line(SimulatorSetting.REQUEST_OVERHEAD_MICROS, model.requestOverheadMicros()));
    lines.add(line(SimulatorSetting.IDLE_START_MICROS, model.idleStartMicros()));
    if (modelName != null && !modelName.isBlank()) {
      lines.add(line(SimulatorSetting.MODEL, modelName));
    }
    return lines;
  }

  /** The whole file: what it was fitted from, the fit's check level by level, the settings. */
  public String profile(List<String> sources, String modelName) {
    StringBuilder sb = new StringBuilder();
    sb.append("# A twin of a real server, fitted by dev.gatlingllm.twin.TwinFitMain from:\n");
    for (String source : sources) {
      sb.append("#   ").append(source).append('\n');
    }
    sb.append(
        "# Start the simulator from it with -Dsim.profile=<this file> (ready simulations:"
            + " -Dllm.simulator.profile=<this file>).\n");
    sb.append("# The twin on the virtual clock against each measured level (medians):\n");
    sb.append("#   streams  input  output  TPOT ms real/twin  TTFT ms real/twin\n");
    for (Check check : checks) {
      LevelObservation m = check.measured();
      sb.append(
          String.format(
              Locale.ROOT,
              "#   %7d  %5.0f  %6.0f  %8.2f / %-8.2f  %8.1f / %-8.1f%n",
              m.concurrency(),
              m.inputTokens(),
              m.outputTokens(),
              m.tpotP50Millis(),
              check.twin().tpotP50Millis(),
              m.ttftP50Millis(),
              check.twin().ttftP50Millis()));
    }
    for (String note : notes) {
      sb.append("# Note: ").append(note).append('\n');
    }
    for (String line : settings(modelName)) {
      sb.append(line).append('\n');
    }
    return sb.toString();
  }

  private static String line(SimulatorSetting setting, Object value) {
    return setting.propertyName() + "=" + value;
  }
}
