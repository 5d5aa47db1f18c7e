package dev.gatlingllm.check;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * A check on a figure Gatling cannot assert on (output tok/s, goodput, capacity), judged on the
 * run's LLM figures at the end of the load. A failed check logs a KO {@code llm checks} record
 * whose message names the figure, its value and the bound.
 *
 * @param figure the figure's name as summary.json spells it
 * @param unit the unit shown in messages
 * @param value how to read the figure from the run's summary (NaN when the run has none)
 * @param atLeast true for {@code >= bound}, false for {@code <= bound}
 */
public record LlmCheck(
    String figure, String unit, ToDoubleFunction<RunSummary> value, boolean atLeast, double bound) {

  /**
   * What is checked, e.g. {@code output_throughput >= 1000 tok/s}: the name of its test case in
   * junit.xml.
   */
  public String describe() {
    return figure
        + " "
        + (atLeast ? ">=" : "<=")
        + " "
        + format(bound)
        + (unit.isEmpty() ? "" : " " + unit);
  }

  /** Null when the figure meets the bound; otherwise the message of the failed check. */
  public String failure(RunSummary summary) {
    double actual = value.applyAsDouble(summary);
    boolean met = !Double.isNaN(actual) && (atLeast ? actual >= bound : actual <= bound);
    if (met) {
      return null;
    }
    String unitText = unit.isEmpty() ? "" : " " + unit;
    return String.format(
        Locale.ROOT,
        "%s %s%s, expected %s %s%s",
        figure,
        Double.isNaN(actual) ? "unavailable" : format(actual),
        unitText,
        atLeast ? ">=" : "<=",
        format(bound),
        unitText);
  }

  private static String format(double value) {
    return String.format(
        Locale.ROOT, value == Math.rint(value) && Math.abs(value) < 1e15 ? "%.0f" : "%.3f", value);
  }
}
