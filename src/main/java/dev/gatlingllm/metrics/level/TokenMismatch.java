package dev.gatlingllm.metrics.level;

/**
 * How far the server's output token counts and the client tokenizer's disagree, over the requests
 * that have both (metrics.md: "the report says ... the mismatch (count and %)"), and where: which
 * requests differ, by how much each, and what they carried, the likely cause of a gap.
 *
 * @param requests requests with both counts
 * @param serverTokens the server's total over them
 * @param clientTokens the client's total over them
 * @param absoluteDifference the sum of |server - client| per request
 * @param percent absoluteDifference as a percentage of serverTokens (0 when there are none)
 * @param causes the requests whose two counts differ, by what they carried, and the spread of their
 *     differences
 */
public record TokenMismatch(
    long requests,
    long serverTokens,
    long clientTokens,
    long absoluteDifference,
    double percent,
    Differing causes) {

  /**
   * The requests whose two counts differ. Each is put under one likely cause, the first that
   * applies: it ended in a tool call (the call's name and the chat template's tool-call markers
   * count on the server, the client never sees them); it carried reasoning (the server counted
   * reasoning tokens, or events that held no answer text); else text only (special tokens or a chat
   * template the server counts, the same few per request, or a client tokenizer that is not the
   * model's).
   *
   * @param requests requests whose server and client counts differ
   * @param toolCalls those that ended in a tool call
   * @param reasoning those, without a tool call, that carried reasoning
   * @param textOnly the others
   * @param minDifference the smallest server - client of them (0 when none)
   * @param maxDifference the largest server - client of them (0 when none)
   */
  public record Differing(
      long requests,
      long toolCalls,
      long reasoning,
      long textOnly,
      long minDifference,
      long maxDifference) {
    public static final Differing NONE = new Differing(0, 0, 0, 0, 0, 0);

    /** True when every differing request differs by the same amount: a fixed per-request cost. */
    public boolean constant() {
      return requests > 0 && minDifference == maxDifference;
    }
  }

  /** Requests whose two counts are equal. */
  public long agreeing() {
    return requests - causes.requests();
  }
}
