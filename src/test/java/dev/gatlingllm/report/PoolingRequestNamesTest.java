package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.aggregate.NamedFigures;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.PooledInputs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "By request name" of a run whose names differ in kind: a name of embeddings requests alone reads
 * in requests/s, inputs/s, input tok/s and E2EL p50 / p99 (its own table, in summary.md, the
 * console and the page), a chat name as before.
 */
class PoolingRequestNamesTest {
  private static RunSummary chatAndEmbeddings() {
    RunRecorder recorder = new RunRecorder(SampleRun.config());
    long start = SampleRun.T0 + 5_000; // in level 0's window
    for (int i = 0; i < 4; i++) {
      recorder.record("chat", start + i, SampleRun.okChat().build());
      recorder.record("embed", start + 10 + i, SampleRun.okEmbeddings(20 + 10 * i));
    }
    return recorder.finish(SampleRun.end());
  }

  private static NamedFigures named(RunSummary summary, String name) {
    return summary.byRequestName().stream()
        .filter(n -> n.requestName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  /** The name's row as its table gives it: its pooling requests' own figures, by hand. */
  private static List<String> expectedEmbedCells(PooledInputs embed) {
    return List.of(
        "4 / 0",
        Numbers.fixed(embed.requestThroughput(), 2),
        Numbers.fixed(embed.inputsPerSecond(), 2),
        Numbers.fixed(embed.inputTokensPerSecond(), 1),
        Numbers.fixed(embed.e2el().p50(), 1),
        Numbers.fixed(embed.e2el().p99(), 1));
  }

  @Test
  void aNameOfEmbeddingsAloneReadsInInputsAndE2el() {
    RunSummary summary = chatAndEmbeddings();
    NamedFigures embed = named(summary, "embed");
    assertTrue(embed.poolingOnly());
    assertFalse(named(summary, "chat").poolingOnly());
    PooledInputs pooled = embed.figures().pooled();
    assertEquals(32, pooled.inputs(), "4 batches of 8 texts");
    assertEquals(
        32 / summary.run().windowSeconds(),
        pooled.inputsPerSecond(),
        1e-9,
        "over the run's window");
    List<String> cells = expectedEmbedCells(pooled);

    String markdown = MarkdownSummary.render(summary, List.of());
    assertTrue(
        markdown.contains(
            "## By request name: embeddings and rerank\n\n| request name | OK / KO | requests/s"
                + " | inputs/s | input tok/s | E2EL p50 (ms) | E2EL p99 (ms) |\n"),
        markdown);
    assertTrue(markdown.contains("| embed | " + String.join(" | ", cells) + " |"), markdown);
    String chatTable = markdown.substring(markdown.indexOf("## By request name\n"));
    chatTable = chatTable.substring(0, chatTable.indexOf("\n\n", chatTable.indexOf('|')));
    assertTrue(chatTable.contains("| chat | 4 / 0 |"), chatTable);
    assertFalse(chatTable.contains("| embed |"), "not among the chat names: " + chatTable);

    String console = ConsoleSummary.format(summary);
    assertTrue(console.matches("(?s).*\\nrequest name +OK/KO +req/s +inputs/s +input t/s .*"));
    assertTrue(
        console.matches(
            "(?s).*\\nembed +4/0 +"
                + String.join(" +", cells.subList(1, cells.size())).replace(".", "\\.")
                + "\\n.*"),
        console);

    String page = HtmlPage.render(summary, null);
    assertTrue(page.contains("<table id=\"request-names-pooling\">"), "its own table");
    assertTrue(
        page.contains("<tr><td>embed</td><td>" + String.join("</td><td>", cells) + "</td></tr>"));

    JsonNode names = SummaryJson.of(summary).get("request_names");
    assertTrue(names.get(1).get("pooling_only").asBoolean(), names.toString());
    assertEquals(pooled.inputsPerSecond(), names.get(1).get("inputs_per_second").asDouble(), 1e-9);
  }
}
