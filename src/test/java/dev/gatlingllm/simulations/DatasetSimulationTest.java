package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ShareGPT file as users have it, run by the ready dataset simulation against the embedded
 * simulator: every request asks for its recorded answer's length, and the simulator, which
 * generates up to the limit, returns exactly that many tokens.
 */
class DatasetSimulationTest {
  @TempDir Path results;
  @TempDir Path data;

  @Test
  void aShareGptFileRunsWithEachRecordedAnswersLengthAsItsLimit() throws Exception {
    // cl100k_base: "hello world" = 2 tokens, "one two three four five" = 5, "Blue" = 1.
    Path shareGpt = data.resolve("sharegpt.json");
    Files.writeString(
        shareGpt,
        "[{\"conversations\": [{\"from\": \"human\", \"value\": \"Say hi\"},"
            + " {\"from\": \"gpt\", \"value\": \"hello world\"}]},"
            + " {\"conversations\": [{\"from\": \"gpt\", \"value\": \"no question\"}]},"
            + " {\"conversations\": [{\"from\": \"human\", \"value\": \"Count to five\"},"
            + " {\"from\": \"gpt\", \"value\": \"one two three four five\"}]},"
            + " {\"conversations\": [{\"from\": \"human\", \"value\": \"A colour?\"}, {\"from\": \"gpt\", \"value\": \"Blue\"}]}]");
    InProcessGatling.Run run =
        InProcessGatling.run(
            DatasetSimulation.class,
            results,
            Map.of(
                "llm.dataset",
                shareGpt.toString(),
                "llm.dataset.answerLength",
                "true",
                "llm.levels",
                "1",
                "llm.requestsPerLevel",
                "3",
                "llm.warmupSeconds",
                "0",
                "llm.warmupRequests",
                "0"));
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(run.console().contains("1 records with nothing to send skipped"), run.tail());

    List<RequestRow> rows = InProcessGatling.requests(results);
    assertEquals(3, rows.size());
    Map<Long, Long> outputByLimit = new TreeMap<>();
    for (RequestRow row : rows) {
      outputByLimit.put(row.tokens().maxTokens(), row.tokens().outputTokens());
    }
    assertEquals(
        Map.of(1L, 1L, 2L, 2L, 5L, 5L),
        outputByLimit,
        "each record's limit, and as many tokens back");
  }
}
