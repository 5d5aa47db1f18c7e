package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.simulator.SimpleTokenizer;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ready image simulation against the embedded simulator: each request's input tokens, from the
 * server's usage, are its text's plus one per 14 x 14 patch of each image, and requests.csv holds
 * its images and their bytes.
 */
class ImageChatSweepSimulationTest {
  @TempDir Path results;

  private static Map<String, String> properties(String... pairs) {
    Map<String, String> properties = new HashMap<>();
    properties.put("llm.levels", "1");
    properties.put("llm.requestsPerLevel", "3");
    properties.put("llm.warmupSeconds", "0");
    properties.put("llm.warmupRequests", "0");
    properties.put("llm.outputTokens", "4");
    for (int i = 0; i + 1 < pairs.length; i += 2) {
      properties.put(pairs[i], pairs[i + 1]);
    }
    return properties;
  }

  @Test
  void twoSyntheticImagesOf336Add1152InputTokensEach() throws Exception {
    InProcessGatling.Run run =
        InProcessGatling.run(
            ImageChatSweepSimulation.class,
            results,
            properties("llm.images.count", "2", "llm.images.format", "png"));
    assertEquals(0, run.exitCode(), run.tail());
    List<RequestRow> rows = InProcessGatling.requests(results);
    assertEquals(3, rows.size());
    for (RequestRow row : rows) {
      assertTrue(row.status().ok(), row.status().error());
      assertEquals(2, row.tokens().images());
      // Random pixels do not compress: a 336 x 336 RGB PNG holds about 336 x 336 x 3 bytes.
      assertTrue(
          row.tokens().imageBytes() > 2 * 336 * 336 * 3 * 0.9, "" + row.tokens().imageBytes());
      assertEquals(TokenCountSource.SERVER_USAGE, row.tokens().inputTokenSource());
      long text = row.tokens().inputTokens() - 2 * 24 * 24;
      // 64 prompt tokens of the client's tokenizer are about as many of the simulator's.
      assertTrue(text > 16 && text < 256, "text tokens " + text);
    }
    assertTrue(run.console().contains("Images per request:"), run.tail());
    assertEquals(2.0, InProcessGatling.summary(results).get("images_per_request").asDouble(), 1e-9);
  }

  @Test
  void twoClipsOfOneSecondAdd50InputTokensAndTheirBytes() throws Exception {
    InProcessGatling.Run run =
        InProcessGatling.run(
            ImageChatSweepSimulation.class,
            results,
            properties("llm.images.count", "0", "llm.audio.count", "2", "llm.audio.seconds", "1"));
    assertEquals(0, run.exitCode(), run.tail());
    List<RequestRow> rows = InProcessGatling.requests(results);
    assertEquals(3, rows.size());
    for (RequestRow row : rows) {
      assertTrue(row.status().ok(), row.status().error());
      assertEquals(0, row.tokens().images());
      assertEquals(2, row.tokens().audioClips());
      assertEquals(2 * (44 + 16_000 * 2), row.tokens().audioBytes()); // by hand: 1 s at 16 kHz
      long text = row.tokens().inputTokens() - 2 * 25;
      assertTrue(text > 16 && text < 256, "text tokens " + text);
    }
    assertTrue(run.console().contains("Audio clips per request:"), run.tail());
  }

  @Test
  void aDatasetsPromptsAndImagesCountByHand() throws Exception {
    InProcessGatling.Run run =
        InProcessGatling.run(
            ImageChatSweepSimulation.class,
            results,
            properties("llm.images.dataset", "image-dataset.jsonl"));
    assertEquals(0, run.exitCode(), run.tail());
    List<RequestRow> rows = InProcessGatling.requests(results);
    assertEquals(3, rows.size());
    Map<String, Long> inputByRecord = new HashMap<>();
    for (RequestRow row : rows) {
      String record =
          row.tokens().images() == 2 ? "two" : row.tokens().imageBytes() > 0 ? "small" : "url";
      inputByRecord.put(record, row.tokens().inputTokens());
    }
    assertEquals(
        Map.of(
            // 28 x 14: 2 x 1 patches
            "small", SimpleTokenizer.count("Describe this picture.") + 2L,
            // 30 x 20 and 42 x 28: 3 x 2 patches each
            "two", SimpleTokenizer.count("Compare these two pictures.") + 12L,
            // by URL, not fetched: a 336 x 336 image
            "url", SimpleTokenizer.count("What is on this page?") + 576L),
        inputByRecord);
  }
}
