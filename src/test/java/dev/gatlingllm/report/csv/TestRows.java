package dev.gatlingllm.report.csv;

import dev.gatlingllm.metrics.request.RowBuilder;
import dev.gatlingllm.metrics.request.TokenCountSource;

/** Rows for the CSV tests: a successful request whose figures are all different small numbers. */
final class TestRows {
  private TestRows() {}

  /**
   * Every duration and count a different number (1 to 14), so that a column written in the wrong
   * place shows.
   */
  static RowBuilder numbered(String name) {
    return RowBuilder.row()
        .startEpochMillis(1_700_000_000_000L)
        .level(0)
        .inWindow(true)
        .requestName(name)
        .ok(true)
        .httpStatus(200)
        .good(true)
        .ttftMicros(1)
        .ttfbMicros(2)
        .ttfoMicros(3)
        .tpotMicros(4)
        .e2elMicros(5)
        .itlMeanMicros(6)
        .itlP50Micros(7)
        .itlMaxMicros(8)
        .tokenEvents(9)
        .inputTokens(10)
        .inputTokenSource(TokenCountSource.TOKENIZER)
        .outputTokens(11)
        .outputTokenSource(TokenCountSource.EVENT_COUNT)
        .clientOutputTokens(12)
        .sendLatenessMicros(0)
        .ttftFromScheduledMicros(13)
        .durationMicros(14);
  }
}
