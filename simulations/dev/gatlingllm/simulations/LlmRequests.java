package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.feed;

import dev.gatlingllm.api.ChatMessage;
import dev.gatlingllm.workload.PromptFeeders;
import io.gatling.javaapi.core.ChainBuilder;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** The request the ready simulations share: one streamed chat with the fed messages. */
final class LlmRequests {
  private LlmRequests() {}

  /**
   * Feeds one record and sends it as a chat request of at most {@code outputTokens} (the record's own
   * {@code maxTokens} wins); with {@code ignoreEos} the request asks for {@code ignore_eos}, so that the output
   * length is the one asked for, and without it leaves the field out (see {@code LlmTarget#ignoreEos}).
   */
  static ChainBuilder chatFrom(Iterator<Map<String, Object>> feeder, int outputTokens, boolean ignoreEos) {
    return feed(feeder)
        .exec(
            chat("chat")
                .messages(session -> session.<ChatMessage>getList(PromptFeeders.MESSAGES))
                .maxTokens(session -> session.contains(PromptFeeders.MAX_TOKENS)
                    ? session.getInt(PromptFeeders.MAX_TOKENS)
                    : outputTokens)
                .ignoreEos(ignoreEos));
  }

  /** Cycles through a fixed list of records, forever. */
  static Iterator<Map<String, Object>> circular(List<Map<String, Object>> records) {
    return new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return true;
      }

      @Override
      public synchronized Map<String, Object> next() {
        Map<String, Object> record = records.get(next);
        next = (next + 1) % records.size();
        return record;
      }
    };
  }
}
