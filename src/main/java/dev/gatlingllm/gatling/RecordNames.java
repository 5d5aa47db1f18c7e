package dev.gatlingllm.gatling;

import dev.gatlingllm.values.SloRecords;

/** The names of the Gatling records the plugin logs, one place so docs and code agree. */
public final class RecordNames {
  private RecordNames() {}

  /** {@code <name> TTFT}: from sent to the first token event. */
  public static String ttft(String name) {
    return name + " TTFT";
  }

  /**
   * {@code <name> ITL}: one record per token event after the first, from the previous token event
   * to this one, logged only with token records on.
   */
  public static String itl(String name) {
    return name + " ITL";
  }

  /**
   * {@code <name> SLO}: OK when the request is good (succeeded and met every SLO), KO naming the
   * SLO it missed; logged with {@link SloRecords#VERDICTS}.
   */
  public static String slo(String name) {
    return name + " SLO";
  }

  /**
   * {@code <name> SLO miss}: an OK record per request that succeeded but missed an SLO ({@link
   * SloRecords#MISSES}).
   */
  public static String sloMiss(String name) {
    return name + " SLO miss";
  }
}
