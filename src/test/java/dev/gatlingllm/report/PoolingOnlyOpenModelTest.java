package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.values.LevelWindow;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An open-model (request rate) run of embeddings requests alone: its levels table, on the page and
 * in the console, shows the E2EL from each request's arrival where a chat run shows the TTFT from
 * arrival, which such a run has none of; and the levels note bounds what the client's event loops
 * added to its E2EL, not to a TTFT or ITL. A chat run keeps its TTFT.
 */
class PoolingOnlyOpenModelTest {
  private static final long T0 = SampleRun.T0;

  /** Two rate levels, of 2 and 4 req/s, 20 s each. */
  private static RunConfig openModel() {
    return RunConfig.startingAt(T0)
        .withLevels(
            List.of(
                new LevelWindow(0, 0, 2.0, T0, T0 + 2_000, T0 + 20_000),
                new LevelWindow(1, 0, 4.0, T0 + 20_000, T0 + 22_000, T0 + 40_000)));
  }

  /**
   * Embeddings requests of 20 ms, each sent 100 ms after it arrived at level 0 and 300 ms at level
   * 1: their E2EL from arrival is 120 and 320 ms.
   */
  private static RunSummary embeddingsAtRates() {
    RunRecorder recorder = new RunRecorder(openModel());
    long[] lateMillis = {100, 300};
    for (int level = 0; level < 2; level++) {
      long start = T0 + level * 20_000L + 5_000;
      for (int i = 0; i < 20; i++) {
        recorder.record("embed", start + i * 250L, lateEmbeddings(20, lateMillis[level]));
      }
    }
    return recorder.finish(T0 + 40_000);
  }

  private static RequestResult lateEmbeddings(long e2elMillis, long lateMillis) {
    return ResultBuilder.result()
        .sendLatenessNanos(lateMillis * 1_000_000)
        .e2elNanos(e2elMillis * 1_000_000)
        .durationNanos(e2elMillis * 1_000_000)
        .inputs(8)
        .inputTokens(64, TokenCountSource.SERVER_USAGE)
        .build();
  }

  private static RunSummary chatAtRates() {
    RunRecorder recorder = new RunRecorder(openModel());
    for (int level = 0; level < 2; level++) {
      long start = T0 + level * 20_000L + 5_000;
      for (int i = 0; i < 20; i++) {
        recorder.record("chat", start + i * 250L, SampleRun.okChat().build());
      }
    }
    return recorder.finish(T0 + 40_000);
  }

  private static String sweepTable(String html) {
    int table = html.indexOf("<table id=\"sweep\">");
    return html.substring(table, html.indexOf("</table>", table));
  }

  private static String levelsNote(String html) {
    int table = html.indexOf("<table id=\"sweep\">");
    int note = html.indexOf("<p class=\"note\">", table);
    return html.substring(note, html.indexOf("</p>", note));
  }

  @Test
  void theFigureIsTheE2elFromArrival() {
    RunSummary summary = embeddingsAtRates();
    assertTrue(PooledInputsSection.poolingOnly(summary));
    assertEquals(120.0, summary.levels().get(0).figures().latency().e2elFromScheduled().p99(), 1.0);
    assertEquals(120.0, FromArrival.latency(summary.levels().get(0).figures(), true).p99(), 1.0);
    assertEquals(320.0, FromArrival.latency(summary.levels().get(1).figures(), true).p99(), 1.0);
  }

  @Test
  void thePageShowsTheE2elFromArrival() {
    RunSummary summary = embeddingsAtRates();
    String table = sweepTable(HtmlPage.render(summary, null));
    assertTrue(table.contains("<th>E2EL p99 ms from arrival</th>"), table);
    assertFalse(table.contains("TTFT"), table);
    for (int level = 0; level < 2; level++) {
      String expected =
          "<td class=\"num\">"
              + Numbers.number(
                  summary.levels().get(level).figures().latency().e2elFromScheduled().p99(), 1)
              + "</td></tr>";
      assertTrue(table.contains(expected), expected + " in " + table);
    }
  }

  @Test
  void theConsoleShowsTheE2elFromArrival() {
    String console = ConsoleSummary.format(embeddingsAtRates());
    assertTrue(console.contains("E2EL p99*"), console);
    assertFalse(console.contains("TTFT p99*"), console);
  }

  @Test
  void theLevelsNoteNamesTheE2el() {
    String note = levelsNote(HtmlPage.render(embeddingsAtRates(), null));
    assertTrue(note.contains("the client itself added to its E2EL."), note);
    assertTrue(note.contains("judge their SLOs on E2EL from each request's arrival"), note);
    assertFalse(note.contains("TTFT and"), note);
  }

  @Test
  void aChatRunKeepsItsTtft() {
    RunSummary summary = chatAtRates();
    String html = HtmlPage.render(summary, null);
    assertTrue(sweepTable(html).contains("<th>TTFT p99 ms from arrival</th>"));
    assertTrue(levelsNote(html).contains("the client itself added to its TTFT and ITL."));
    assertTrue(ConsoleSummary.format(summary).contains("TTFT p99*"));
  }
}
