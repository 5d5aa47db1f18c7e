package dev.gatlingllm.bench.load;

import java.time.Duration;

/**
 * One run of the client load harness: which client, how many concurrent streams, how long each
 * request streams, and the phases. Passed from the harness to the client JVM as {@code bench.*}
 * system properties, because Gatling instantiates the simulation class itself.
 *
 * @param client {@code llm} (this plugin's {@code chat} action) or {@code sse} (Gatling's built-in
 *     SSE)
 * @param baseUrl the simulator, on loopback
 * @param streams concurrent virtual users, each streaming requests back to back (closed model)
 * @param tokens tokens per request ({@code max_tokens} with {@code ignore_eos})
 * @param rampSeconds users started evenly over this time
 * @param warmupSeconds after the ramp, before the window (then a short settle)
 * @param windowSeconds the measured window for CPU and event rates
 * @param tailSeconds after the window, so that the requests started in it can finish (their TTFT is
 *     saved at the end of the request)
 */
public record LoadPlan(
    String client,
    String baseUrl,
    int streams,
    int tokens,
    int rampSeconds,
    int warmupSeconds,
    int windowSeconds,
    int tailSeconds) {

  /**
   * Each request names itself {@code row-<n>}, its row in the client's rows file, in the
   * simulator's {@code x-request-id} header: the ground truth keeps it as the request's id, so the
   * analysis joins client and server request by request.
   */
  static String requestId(int row) {
    return "row-" + row;
  }

  /** Between the warm-up and the window: the last connections of the ramp settle. */
  public static final int SETTLE_SECONDS = 2;

  public Duration hold() {
    return Duration.ofSeconds(warmupSeconds + SETTLE_SECONDS + windowSeconds + (long) tailSeconds);
  }

  /**
   * Gatling's maxDuration: the run stops then even with requests in flight, so it stays bounded.
   */
  public Duration maxDuration() {
    return Duration.ofSeconds(rampSeconds).plus(hold());
  }

  public String[] asProperties() {
    return new String[] {
      "-Dbench.client=" + client, "-Dbench.baseUrl=" + baseUrl, "-Dbench.streams=" + streams,
      "-Dbench.tokens=" + tokens, "-Dbench.rampSeconds=" + rampSeconds,
          "-Dbench.warmupSeconds=" + warmupSeconds,
      "-Dbench.windowSeconds=" + windowSeconds, "-Dbench.tailSeconds=" + tailSeconds
    };
  }

  public static LoadPlan fromSystemProperties() {
    return new LoadPlan(
        System.getProperty("bench.client", "llm"),
        System.getProperty("bench.baseUrl"),
        Integer.getInteger("bench.streams", 100),
        Integer.getInteger("bench.tokens", 200),
        Integer.getInteger("bench.rampSeconds", 5),
        Integer.getInteger("bench.warmupSeconds", 5),
        Integer.getInteger("bench.windowSeconds", 15),
        Integer.getInteger("bench.tailSeconds", 2));
  }

  /**
   * A prompt of exactly {@code n} tokens for the simulator's tokenizer ("a" then " a"...). Prompt
   * lengths vary per request, as in a real workload, and as in the harness's earlier runs, so that
   * runs stay comparable (requests are joined on {@link #requestId}, not on the prompt).
   */
  public static String prompt(int n) {
    StringBuilder sb = new StringBuilder(n * 2);
    sb.append('a');
    for (int i = 1; i < n; i++) {
      sb.append(" a");
    }
    return sb.toString();
  }

  /** Prompt lengths cycle through 1..KEYS tokens. */
  public static final int KEYS = 2_000;
}
