package dev.gatlingllm.metrics.level;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.RequestTimeline;

/**
 * How many requests of a level the client did not take as the server gave them, so that a report
 * reader knows how far to trust the figures: a token count the server sent and that was not
 * believed (negative or above {@link RequestTimeline#MAX_PLAUSIBLE_TOKENS}; the client's count or
 * the event count was used), a stream with more gaps than {@link RequestTimeline#MAX_KEPT_GAPS}
 * (only the first ones are in the ITL figures), an output cut at {@code maxOutputBytes} (KO,
 * connection closed). Each is read from the request's row, so a merge of several runs' {@code
 * requests.csv} counts them as the live run did.
 *
 * @param usageIgnored requests whose server output count was implausible and ignored
 * @param itlCapped requests whose inter-token gaps were capped
 * @param outputCut requests cut at maxOutputBytes
 */
public record UntrustedStreams(long usageIgnored, long itlCapped, long outputCut) {
  /**
   * The end of the KO message of a stream cut at maxOutputBytes: stable, since messages group
   * requests (StreamExchangeTest pins the whole message).
   */
  public static final String OUTPUT_CUT_MARK = "(maxOutputBytes)";

  public static boolean usageIgnored(RequestRow row) {
    return row.tokens().serverOutputTokens() == RequestTimeline.UNTRUSTED_COUNT;
  }

  public static boolean itlCapped(RequestRow row) {
    return row.tokens().tokenEvents() - 1L > RequestTimeline.MAX_KEPT_GAPS;
  }

  public static boolean outputCut(RequestRow row) {
    return !row.status().ok()
        && row.status().error() != null
        && row.status().error().endsWith(OUTPUT_CUT_MARK);
  }

  public long total() {
    return usageIgnored + itlCapped + outputCut;
  }
}
