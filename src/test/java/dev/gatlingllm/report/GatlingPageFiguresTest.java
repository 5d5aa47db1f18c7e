package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gatling's own page gets the run's LLM figures above its assertions, the same numbers the console
 * and summary.json give, with a link to the LLM report; twice is once, and a page without the
 * expected place is left as it is.
 */
class GatlingPageFiguresTest {
  /** The part of Gatling 3.15.1's index.html the block goes into. */
  private static final String GATLING_PAGE =
      "<html><body><div class=\"article\">\n<div class=\"schema-container\"></div>\n"
          + "<div class=\"statistics extensible-geant collapsed\">\n    <div class=\"title\">\n"
          + "        Assertions\n    </div>\n</div>\n</body></html>\n";

  @TempDir Path run;
  private RunSummary summary;

  @BeforeEach
  void aRun() throws Exception {
    Path llm = run.resolve("llm");
    Files.createDirectories(llm);
    RunRecorder recorder = SampleRun.recorder(llm);
    SampleRun.record(recorder, n -> true);
    summary = recorder.finish(SampleRun.end());
  }

  @Test
  void theFiguresGoAboveGatlingsAssertionsWithTheReportsNumbers() throws Exception {
    Files.writeString(run.resolve("index.html"), GATLING_PAGE);
    String verdict = "1 regression, 0 improved, against /runs/then/llm";
    assertTrue(GatlingPageFigures.addTo(run, summary, verdict));
    String page = Files.readString(run.resolve("index.html"));
    assertTrue(page.contains("Against the baseline</td>"), page);
    assertTrue(page.contains(verdict), page);
    assertTrue(page.contains("<table id=\"llm-levels\""), page);
    for (var level : summary.levels()) {
      String perLevel =
          String.format(
              Locale.ROOT,
              "<td class=\"total\">%s</td><td class=\"value total\">%.1f</td>",
              level.level().label(),
              level.figures().throughput().outputThroughput());
      assertTrue(page.contains(perLevel), perLevel + " in " + page);
    }
    int figures = page.indexOf("LLM figures");
    assertTrue(figures > 0 && figures < page.indexOf("Assertions"), page);
    assertTrue(
        page.contains("<span>LLM figures</span><a href=\"llm/index.html\">the LLM report</a>"),
        page);
    String output =
        String.format(Locale.ROOT, "%.1f", summary.run().throughput().outputThroughput());
    assertTrue(
        page.contains(
            "Output tokens per second (output only)</td>\n  <td class=\"error-col-2 value total\" style=\"white-space:nowrap\">"
                + output
                + "</td>"),
        page);
    String ttft =
        String.format(
            Locale.ROOT,
            "%.1f / %.1f",
            summary.run().latency().ttft().p50(),
            summary.run().latency().ttft().p99());
    assertTrue(page.contains(ttft), ttft + " in " + page);
    assertTrue(
        page.contains(
            "Sustainable capacity</td>\n  <td class=\"error-col-2 value total\" style=\"white-space:nowrap\">4 streams"),
        page);

    assertTrue(GatlingPageFigures.addTo(run, summary, verdict), "again");
    String twice = Files.readString(run.resolve("index.html"));
    assertEquals(page, twice, "the block replaced, not added twice");
  }

  @Test
  void aPageWithoutItsPlaceOrNoPageIsLeftAsItIs() throws Exception {
    assertFalse(GatlingPageFigures.addTo(run, summary), "no page");
    Files.writeString(run.resolve("index.html"), "<html>another page</html>");
    assertFalse(GatlingPageFigures.addTo(run, summary));
    assertEquals("<html>another page</html>", Files.readString(run.resolve("index.html")));
  }

  /**
   * A mixed run's block gives its embeddings in their own terms beside the generations': 30
   * embeddings of 40 ms and 30 of 60 ms (p50 40, p99 60) among the sample's chats.
   */
  @Test
  void aMixedRunShowsItsEmbeddingsApart(@TempDir Path mixed) throws Exception {
    Path llm = Files.createDirectories(mixed.resolve("llm"));
    RunRecorder recorder = SampleRun.recorder(llm);
    SampleRun.record(recorder, n -> true);
    SampleRun.recordEmbeddingsSweep(recorder, new int[] {30, 30}, new long[] {40, 60});
    RunSummary withEmbeddings = recorder.finish(SampleRun.end());
    Files.writeString(mixed.resolve("index.html"), GATLING_PAGE);
    assertTrue(GatlingPageFigures.addTo(mixed, withEmbeddings, null));
    String page = Files.readString(mixed.resolve("index.html"));
    assertTrue(page.contains("Output tokens per second (output only)"), page);
    assertTrue(
        page.contains(
            "Embeddings and rerank E2EL p50 / p99 (ms)</td>\n  <td class=\"error-col-2 value total\" style=\"white-space:nowrap\">40.0 / 60.0</td>"),
        page);
    assertTrue(
        page.contains("Embeddings and rerank inputs per second"), "8 texts a request: " + page);
  }
}
