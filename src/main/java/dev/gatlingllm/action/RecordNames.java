package dev.gatlingllm.action;

/** The names of the Gatling records the plugin logs, one place so docs and code agree. */
public final class RecordNames {
  private RecordNames() {}

  /** {@code <name> TTFT}: from sent to the first token event. */
  public static String ttft(String name) {
    return name + " TTFT";
  }
}
