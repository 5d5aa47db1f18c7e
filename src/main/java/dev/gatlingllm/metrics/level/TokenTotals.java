package dev.gatlingllm.metrics.level;

import dev.gatlingllm.metrics.request.TokenCountSource;
import java.util.Map;

/**
 * The tokens of the successful requests of a window, and where their counts came from (metrics.md,
 * "Per-request figures"): requests count by their start time, output tokens in the window by their
 * arrival time.
 *
 * @param totalInputTokens input tokens (unknown counts add nothing)
 * @param totalOutputTokens output tokens N
 * @param outputTokensInWindow output tokens that arrived in the window
 * @param outputTokenSources successful requests by where their output count came from
 * @param mismatch how far the server's and the client's output counts differ, where both exist
 */
public record TokenTotals(
    long totalInputTokens,
    long totalOutputTokens,
    long outputTokensInWindow,
    Map<TokenCountSource, Long> outputTokenSources,
    TokenMismatch mismatch) {
  public TokenTotals {
    outputTokenSources = Map.copyOf(outputTokenSources);
  }

  /**
   * Where the successful generations' output counts came from, in words: the one source ("server
   * usage"), or each with its requests, most first ("server usage (40 requests), event count (10
   * requests)"); null when no generation succeeded (embeddings and rerank answers have no output
   * tokens to count).
   */
  public String describeSources() {
    if (outputTokenSources.isEmpty()) {
      return null;
    }
    if (outputTokenSources.size() == 1) {
      return mainOutputTokenSource().label();
    }
    StringBuilder text = new StringBuilder();
    outputTokenSources.entrySet().stream()
        .sorted(
            Map.Entry.<TokenCountSource, Long>comparingByValue()
                .reversed()
                .thenComparing(Map.Entry.comparingByKey()))
        .forEach(
            entry ->
                text.append(text.length() == 0 ? "" : ", ")
                    .append(entry.getKey().label())
                    .append(" (")
                    .append(entry.getValue())
                    .append(entry.getValue() == 1 ? " request)" : " requests)"));
    return text.toString();
  }

  /** The source most successful requests' output counts came from ("unknown" with none). */
  public TokenCountSource mainOutputTokenSource() {
    return outputTokenSources.entrySet().stream()
        .max(Map.Entry.comparingByValue())
        .map(Map.Entry::getKey)
        .orElse(TokenCountSource.UNKNOWN);
  }
}
