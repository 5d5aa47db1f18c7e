package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.ImageFigures;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.metrics.request.Verdict;
import org.junit.jupiter.api.Test;

/**
 * Images and image bytes per request, by hand: the means over the successful requests (one without
 * images counts as 0, a failed one not at all), shown in summary.json, the console and the page
 * only when a request carried images.
 */
class ImageFiguresSummaryTest {

  private static RequestResult ok(int images, long bytes) {
    return SampleRun.okChat().images(images, bytes).build();
  }

  private static RunSummary run(boolean withImages) {
    RunRecorder recorder = new RunRecorder(SampleRun.config());
    long start = SampleRun.T0 + 5_000; // in level 0's window
    recorder.record("chat", start, ok(withImages ? 2 : 0, withImages ? 1_000 : 0));
    recorder.record("chat", start + 1, ok(0, 0));
    recorder.record("chat", start + 2, ok(withImages ? 1 : 0, withImages ? 500 : 0));
    recorder.record(
        "chat",
        start + 3,
        ResultBuilder.result()
            .outcome(Verdict.ko(503, "busy"))
            .durationNanos(1_000_000)
            .images(withImages ? 4 : 0, withImages ? 9_999 : 0)
            .build());
    return recorder.finish(SampleRun.end());
  }

  @Test
  void theMeansOverTheSuccessfulRequestsByHand() {
    ImageFigures images = run(true).run().images();
    assertEquals(3, images.requests());
    assertEquals(1.0, images.imagesPerRequest(), 1e-9); // (2 + 0 + 1) / 3
    assertEquals(500.0, images.bytesPerRequest(), 1e-9); // (1000 + 0 + 500) / 3
    ImageFigures level = run(true).levels().get(0).figures().images();
    assertEquals(1.0, level.imagesPerRequest(), 1e-9);
  }

  @Test
  void summaryJsonConsoleAndPageShowThemWhenARequestCarriedImages() {
    RunSummary summary = run(true);
    JsonNode json = SummaryJson.of(summary);
    assertEquals(1.0, json.get("images_per_request").asDouble(), 1e-9);
    assertEquals(500.0, json.get("image_bytes_per_request").asDouble(), 1e-9);
    assertEquals(1.0, json.get("levels").get(0).get("images_per_request").asDouble(), 1e-9);
    String console = ConsoleSummary.format(summary);
    assertTrue(console.contains("Images per request:"), console);
    assertTrue(console.contains("Image bytes per request:"), console);
    assertTrue(HtmlPage.render(summary, "../index.html").contains("<th>images / request</th>"));
  }

  @Test
  void aTextOnlyRunShowsNoImageFigure() {
    RunSummary summary = run(false);
    JsonNode json = SummaryJson.of(summary);
    assertFalse(json.has("images_per_request"));
    assertFalse(json.get("levels").get(0).has("image_bytes_per_request"));
    assertFalse(ConsoleSummary.format(summary).contains("Images per request"));
    assertFalse(HtmlPage.render(summary, "../index.html").contains("images / request"));
  }
}
