package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One figure, one number: a level's closing progress line gives the output tok/s of the report's
 * Levels table and summary.json for that level, not a rate over the level's wall time.
 */
class ProgressLineFiguresTest {
  @TempDir Path results;

  @Test
  void eachLevelsClosingLineGivesTheReportsOutputThroughput() throws Exception {
    InProcessGatling.Run run =
        InProcessGatling.run(
            ConcurrencySweepSimulation.class,
            results,
            Map.of(
                "llm.levels", "1,3",
                "llm.requestsPerLevel", "6",
                "llm.inputTokens", "16",
                "llm.outputTokens", "24",
                "llm.warmupSeconds", "0",
                "llm.probe", "false"));
    assertEquals(0, run.exitCode(), run.tail());

    Matcher ended =
        Pattern.compile(
                "gatling-llm: level (\\d)/2 \\([^)]+\\) ended after \\d+ s, requests done: 6/6,"
                    + " ([\\d.]+) output tok/s\\R")
            .matcher(run.console());
    List<String> lines = new ArrayList<>();
    while (ended.find()) {
      lines.add(ended.group(1) + ": " + ended.group(2));
    }
    JsonNode levels = InProcessGatling.summary(results).path("levels");
    assertEquals(2, levels.size());
    List<String> table = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      double reported = levels.get(i).path("output_throughput").asDouble();
      assertTrue(reported > 0, "level " + i + " has a figure");
      table.add((i + 1) + ": " + String.format(Locale.ROOT, "%.1f", reported));
    }
    assertEquals(table, lines, "closing lines vs summary.json: " + run.tail());
    for (String line : lines) {
      assertTrue(
          run.console().matches("(?s).*\\n" + levelRow(line) + ".*"),
          "the console's Levels table has the same number: " + line);
    }
  }

  /** The console Levels table's row of a level ({@code "1 stream 97.1 87.4 ..."}). */
  private static String levelRow(String line) {
    int level = Integer.parseInt(line.substring(0, 1));
    String label = level == 1 ? "1 stream" : "3 streams";
    return Pattern.quote(label) + " +[\\d.]+ +" + Pattern.quote(line.substring(3)) + " .*";
  }
}
