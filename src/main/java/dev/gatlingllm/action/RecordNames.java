package dev.gatlingllm.action;

/** The names of the Gatling records the plugin logs, one place so docs and code agree. */
public final class RecordNames {
  private RecordNames() {}

  /** {@code <name> TTFT}: from sent to the first token event. */
  public static String ttft(String name) {
    return name + " TTFT";
  }

  /** {@code <name> SLO}: OK when the request is good (succeeded and met every SLO), logged when SLOs are set. */
  public static String slo(String name) {
    return name + " SLO";
  }
}
