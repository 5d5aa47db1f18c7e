package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.AudioFigures;
import dev.gatlingllm.metrics.request.Verdict;
import org.junit.jupiter.api.Test;

/**
 * Audio clips, bytes and seconds per request, by hand: means over the successful requests (one
 * without audio counts as 0, a failed one not at all), on the page's levels table only when a
 * request carried a clip.
 */
class AudioFiguresSummaryTest {
  @Test
  void theMeansOverTheSuccessfulRequestsByHand() {
    RunRecorder recorder = new RunRecorder(SampleRun.config());
    long start = SampleRun.T0 + 5_000; // in level 0's window
    recorder.record("chat", start, SampleRun.okChat().audio(2, 64_088, 2_000).build());
    recorder.record("chat", start + 1, SampleRun.okChat().build());
    recorder.record("chat", start + 2, SampleRun.okChat().audio(1, 32_044, 1_000).build());
    Verdict busy = Verdict.ko(503, "busy");
    recorder.record(
        "chat", start + 3, SampleRun.okChat().outcome(busy).audio(5, 999_999, 60_000).build());
    RunSummary summary = recorder.finish(SampleRun.end());
    AudioFigures audio = summary.run().audio();
    assertEquals(3, audio.requests());
    assertEquals(1.0, audio.clipsPerRequest(), 1e-9); // (2 + 0 + 1) / 3
    assertEquals(32_044.0, audio.bytesPerRequest(), 1e-9); // (64,088 + 0 + 32,044) / 3
    assertEquals(1.0, audio.secondsPerRequest(), 1e-9); // (2 + 0 + 1) s / 3
    JsonNode level = SummaryJson.of(summary).get("levels").get(0);
    assertEquals(1.0, level.get("audio_seconds_per_request").asDouble(), 1e-9);
    assertTrue(HtmlPage.render(summary, "../index.html").contains("<th>audio s / request</th>"));
  }

  @Test
  void aRunWithoutAudioShowsNoAudioFigure() {
    RunRecorder recorder = new RunRecorder(SampleRun.config());
    recorder.record("chat", SampleRun.T0 + 5_000, SampleRun.okChat().build());
    RunSummary summary = recorder.finish(SampleRun.end());
    assertFalse(SummaryJson.of(summary).has("audio_clips_per_request"));
    assertFalse(ConsoleSummary.format(summary).contains("Audio"));
    assertFalse(HtmlPage.render(summary, "../index.html").contains("audio s / request"));
  }
}
