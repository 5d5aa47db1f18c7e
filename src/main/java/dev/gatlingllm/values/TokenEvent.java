package dev.gatlingllm.values;

/**
 * One piece of generated output as it arrived, for a {@link dev.gatlingllm.dsl.TokenListener}.
 *
 * @param kind answer ({@link OutputKind#CONTENT}), reasoning or a tool-call fragment (name or
 *     arguments)
 * @param text the text the server sent, never empty; not redacted (see {@link
 *     dev.gatlingllm.dsl.TokenListener})
 * @param index the token event this piece belongs to, from 0: the first token event is the TTFT's.
 *     One SSE event carrying several pieces (reasoning and an answer, or a tool call's name and
 *     arguments) gives them the same index, in the event's order
 * @param nanoTime {@link System#nanoTime()} when the chunk holding the event arrived: the time the
 *     request's TTFT and ITL figures use
 * @param tokens how many tokens the token event holds (the same for each of its pieces): the growth
 *     of the server's cumulative {@code usage.completion_tokens} when the event carries it (vLLM's
 *     {@code stream_options.continuous_usage_stats}), else 1, as the request's figures count token
 *     events
 */
public record TokenEvent(OutputKind kind, String text, int index, long nanoTime, int tokens) {
  /** A piece of a one-token event. */
  public TokenEvent(OutputKind kind, String text, int index, long nanoTime) {
    this(kind, text, index, nanoTime, 1);
  }
}
