package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.LevelFigures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each level's cost against the API's price in words, from a hand computation of its cost: the
 * hourly price over an hour of the level's output tok/s.
 */
class CostByLevelTest {
  @TempDir Path llm;

  @Test
  void cheaperInPercentDearerInPercentThenInTimes() {
    assertEquals("38 % cheaper", CostByLevel.compared(0.40, 0.65));
    assertEquals("20 % dearer", CostByLevel.compared(0.78, 0.65));
    assertEquals("7.2 times dearer", CostByLevel.compared(4.68, 0.65));
    assertEquals("as dear", CostByLevel.compared(0.65, 0.65));
  }

  @Test
  void everyLevelIsSaidByHandComputationInTheConsoleThePageAndSummaryMd() throws Exception {
    Files.createDirectories(llm);
    RunRecorder recorder = SampleRun.recorder(llm);
    SampleRun.record(recorder, n -> true);
    RunSummary summary = recorder.finish(SampleRun.end());
    String sentence = CostByLevel.sentence(summary);
    assertTrue(
        sentence.startsWith("Against the API's 0.65 USD per million output tokens: "), sentence);
    for (LevelFigures level : summary.levels()) {
      double tokensPerSecond = level.figures().throughput().outputThroughput();
      double byHand = 4.47 / (tokensPerSecond * 3600) * 1e6; // SampleRun: 4.47/h
      assertTrue(
          sentence.contains(level.level().label() + " " + CostByLevel.compared(byHand, 0.65)),
          level.level().label() + " at " + byHand + ": " + sentence);
    }
    assertTrue(ConsoleSummary.format(summary).contains(sentence));
    assertTrue(HtmlPage.render(summary, "../index.html").contains(Html.escape(sentence)));
    assertTrue(MarkdownSummary.render(summary, java.util.List.of()).contains(sentence));
  }

  @Test
  void theCurrencyFollowsEveryAmount() {
    RunRecorder recorder =
        new RunRecorder(
            SampleRun.config()
                .withPricing(new dev.gatlingllm.metrics.sweep.Pricing(4.47, 0.65, "eur")));
    SampleRun.record(recorder, n -> true);
    RunSummary summary = recorder.finish(SampleRun.end());
    assertTrue(CostByLevel.sentence(summary).startsWith("Against the API's 0.65 EUR per million"));
    assertTrue(
        ConsoleSummary.format(summary)
            .matches("(?s).*Cost per M output at capacity: +[0-9.]+ EUR\n.*"));
    String page = HtmlPage.render(summary, "../index.html");
    assertTrue(
        page.contains("Cost: at 4.47 EUR/h against 0.65 EUR per million output tokens"), page);
    assertTrue(page.contains("<th>cost / M output, EUR</th>"), page);
    assertTrue(SummaryJson.of(summary).path("cost").path("currency").asText().equals("EUR"));
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class,
        () -> new dev.gatlingllm.metrics.sweep.Pricing(4.47, 0.65, "euros"));
  }

  @Test
  void noSentenceWithoutAnApiPrice() {
    assertNull(CostByLevel.sentence(SummaryWithoutCost.summary()));
  }

  /** A run without prices. */
  private static final class SummaryWithoutCost {
    static RunSummary summary() {
      RunRecorder recorder = new RunRecorder(SampleRun.config().withPricing(null));
      SampleRun.record(recorder, n -> true);
      return recorder.finish(SampleRun.end());
    }
  }
}
