package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.stats.Distribution;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportPageTest {
  @TempDir static Path dir;
  static Path llm;
  static RunSummary summary;
  static Path page;
  static String html;

  @BeforeAll
  static void writeReport() throws Exception {
    llm = dir.resolve("run-1/llm");
    RunRecorder recorder = SampleRun.recorder(llm);
    SampleRun.record(recorder, n -> true);
    summary = recorder.finish(SampleRun.end());
    page = LlmReportWriter.write(summary, llm, dir.resolve("run-1/index.html"));
    html = Files.readString(page);
  }

  @Test
  void writesTheFourFiles() {
    for (String name : List.of("summary.json", "run.json", "requests.csv", "index.html")) {
      assertTrue(Files.isRegularFile(llm.resolve(name)), name);
    }
    assertEquals(llm.resolve("index.html"), page);
  }

  @Test
  void textFromTheServerAndTheModelIsEscaped() {
    assertFalse(html.contains("<script>alert"), "a server message must not become markup");
    assertFalse(html.contains("<img src=x"), "a model name must not become markup");
    assertTrue(
        html.contains(
            "HTTP 503: &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;overloaded&quot;"));
    assertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;"));
    // Exactly three scripts: the data, the library and the charts; nothing closes one early.
    assertEquals(3, count(html, "<script"));
    assertEquals(3, count(html, "</script>"));
  }

  @Test
  void bundlesTheChartLibraryAndTheData() throws Exception {
    assertTrue(html.contains("Chart.js v4.5.1"), "the library is inlined");
    assertTrue(html.contains("Permission is hereby granted"), "with its licence");
    assertFalse(html.contains("sourceMappingURL"));
    assertFalse(
        Pattern.compile("(src|href)=\"(https?:)?//").matcher(html).find(),
        "nothing is fetched from the network");
    Matcher data =
        Pattern.compile(
                "<script type=\"application/json\" id=\"llm-data\">(.*?)</script>", Pattern.DOTALL)
            .matcher(html);
    assertTrue(data.find());
    JsonNode json = new ObjectMapper().readTree(data.group(1));
    assertEquals(3, json.get("levels").size());
    assertEquals("4 streams", json.get("levels").get(1).get("label").asText());
    assertEquals(
        summary.levels().get(1).figures().throughput().outputThroughput(),
        json.get("levels").get(1).get("outputThroughput").asDouble(),
        1e-9);
    assertEquals(700.0, json.get("targetTtftMs").asDouble());
    assertTrue(
        json.get("timeline").get("outputTokens").size() >= 60,
        "60 s, and the seconds of the last streams");
    assertEquals(40, json.get("distributions").get("ttft").size());
    long binned = 0;
    for (JsonNode bin : json.get("distributions").get("ttft")) {
      binned += bin.get(2).asLong();
    }
    assertEquals(summary.run().latency().ttft().count(), binned, "every TTFT is in a bar");
  }

  @Test
  void percentileCurvesShowTheTailOfEachLatency() throws Exception {
    Matcher data =
        Pattern.compile(
                "<script type=\"application/json\" id=\"llm-data\">(.*?)</script>", Pattern.DOTALL)
            .matcher(html);
    assertTrue(data.find());
    JsonNode curves = new ObjectMapper().readTree(data.group(1)).get("percentiles");
    for (String name : List.of("ttft", "tpot", "itl")) {
      JsonNode curve = curves.get(name);
      assertEquals(12, curve.size(), name + ": min, p50 ... p99.999, max");
      for (int i = 1; i < curve.size(); i++) {
        assertTrue(
            curve.get(i).get(1).asDouble() >= curve.get(i - 1).get(1).asDouble(),
            name + " never falls: " + curve);
      }
    }
    JsonNode itl = curves.get("itl");
    Distribution run = summary.run().latency().itl();
    assertEquals(0.0, itl.get(0).get(0).asDouble());
    assertEquals(run.min(), itl.get(0).get(1).asDouble(), 1e-9, "the exact minimum");
    assertEquals(50.0, itl.get(1).get(0).asDouble());
    assertEquals(run.p50(), itl.get(1).get(1).asDouble(), 1e-9, "the same p50 as the tables");
    assertEquals(99.0, itl.get(5).get(0).asDouble());
    assertEquals(run.p99(), itl.get(5).get(1).asDouble(), 1e-9, "the same p99 as the tables");
    assertEquals(100.0, itl.get(11).get(0).asDouble());
    assertEquals(
        run.max(),
        itl.get(11).get(1).asDouble(),
        1e-9,
        "the exact maximum: the tail is on the chart");
    assertTrue(html.contains("<canvas id=\"chart-percentiles\">"));
  }

  @Test
  void sweepTableMarksCapacityAndLinksToGatling() {
    assertEquals(1, count(html, "<tr class=\"capacity\">"));
    String label = summary.capacity().label();
    assertEquals("4 streams", label);
    assertTrue(
        html.contains(
            "<tr class=\"capacity\"><td>" + label + " <span class=\"tag\">&#9733; capacity</span>"),
        label);
    assertTrue(html.contains("<a id=\"gatling-link\" href=\"../index.html\">"));
    for (String header :
        List.of("per-stream tok/s", "output tok/s", "TTFT p50 ms", "TTFT p99 ms")) {
      assertTrue(html.contains("<th>" + header + "</th>"), header);
    }
    String output =
        Numbers.number(summary.levels().get(0).figures().throughput().outputThroughput(), 1);
    assertTrue(html.contains("<td class=\"num\">" + output + "</td>"), output);
  }

  @Test
  void noApiKeyInAnyFile() throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        String text = Files.readString(file);
        assertFalse(text.contains("sk-test-0123456789abcdef"), file.toString());
        assertFalse(text.contains("api_key=sk"), file.toString());
      }
    }
    assertEquals("***", summary.config().metadata().get("api_key"));
  }

  @Test
  void theTradeOffHasAPointPerLevelInSummaryJsonAndATableOnThePage() throws Exception {
    JsonNode points =
        new ObjectMapper().readTree(llm.resolve("summary.json").toFile()).path("tradeoff");
    assertEquals(summary.levels().size(), points.size());
    int capacities = 0;
    for (JsonNode point : points) {
      int index = point.path("level_index").asInt();
      var level = summary.levels().get(index);
      assertEquals(level.level().label(), point.path("level").asText());
      assertEquals(
          level.figures().throughput().outputThroughput(),
          point.path("output_throughput").asDouble(),
          1e-6);
      assertEquals(
          level.figures().throughput().perStreamTokensPerSecond(),
          point.path("per_stream_output_throughput").asDouble(),
          1e-6);
      assertEquals(level.meetsTarget(), point.path("meets_target").asBoolean());
      capacities += point.path("capacity").asBoolean() ? 1 : 0;
      if (point.path("capacity").asBoolean()) {
        assertEquals(summary.capacity().levelIndex(), index);
      }
    }
    assertEquals(summary.capacity() == null ? 0 : 1, capacities);
    assertTrue(html.contains("<table id=\"tradeoff\">"), "the points, for people who read");
    // The sample's prices, $4.47/h against $0.65/M, break even at 1,910 output tok/s: a line on
    // the chart.
    Matcher data =
        Pattern.compile(
                "<script type=\"application/json\" id=\"llm-data\">(.*?)</script>", Pattern.DOTALL)
            .matcher(html);
    assertTrue(data.find());
    assertEquals(
        4.47 / 0.65 * 1e6 / 3600,
        new ObjectMapper().readTree(data.group(1)).path("breakEvenTokensPerSecond").asDouble(),
        1e-9);
    assertTrue(html.contains("<canvas id=\"chart-tradeoff\">"));
  }

  @Test
  void consoleSummaryEndsWithThePage() {
    String text = ConsoleSummary.format(summary, page);
    assertTrue(
        text.contains(
            String.format(
                java.util.Locale.ROOT,
                "%-40s%20d%n",
                "Successful requests:",
                summary.run().counts().completed())));
    assertTrue(
        text.contains(
            String.format(
                java.util.Locale.ROOT,
                "%-40s%20.2f%n",
                "Output token throughput (tok/s):",
                summary.run().throughput().outputThroughput())));
    assertTrue(text.contains(summary.capacity().label() + "  "), text);
    long stalled =
        summary
            .run()
            .counts()
            .errors()
            .getOrDefault("stream stalled: no data for 30000 ms (idle timeout)", 0L);
    assertTrue(stalled > 0, "the sample has stalls");
    assertTrue(
        text.contains(
            "NOTE "
                + stalled
                + " requests stalled (no data within llm.idleTimeoutSeconds): a server still"
                + " prefilling a long prompt"),
        text);
    assertTrue(text.endsWith("LLM report: " + page.toAbsolutePath().normalize() + "\n"), text);
  }

  @Test
  void aLongRunWithoutLevelsGetsALightTimeChartAndNoSweepCharts() throws Exception {
    long start = SampleRun.T0;
    RunRecorder recorder =
        new RunRecorder(dev.gatlingllm.metrics.aggregate.RunConfig.startingAt(start));
    for (int s = 0; s < 5_000; s += 10) {
      recorder.record(
          "r",
          start + s * 1000L,
          dev.gatlingllm.metrics.aggregate.SyntheticResults.ok(
              50_000_000L, 10, 10_000_000L, 10, 5));
    }
    Path other = dir.resolve("long/llm");
    String text =
        Files.readString(LlmReportWriter.write(recorder.finish(start + 5_000_000L), other, null));
    assertFalse(text.contains("<canvas id=\"chart-throughput\""));
    assertFalse(text.contains("<a id=\"gatling-link\""));
    assertTrue(text.contains("<td>whole run"));
    Matcher data = Pattern.compile("id=\"llm-data\">(.*?)</script>", Pattern.DOTALL).matcher(text);
    assertTrue(data.find());
    JsonNode timeline = new ObjectMapper().readTree(data.group(1)).get("timeline");
    assertEquals(3, timeline.get("stepSeconds").asInt());
    assertEquals(1667, timeline.get("outputTokens").size());
    assertEquals(
        10 / 3.0,
        timeline.get("outputTokens").get(0).asDouble(),
        1e-3,
        "10 tokens in the first 3 s");
  }

  @Test
  void theServersOwnTimesGetColumnsOnlyWhenAServerGaveThem() throws Exception {
    assertFalse(
        html.contains("<th>server decode tok/s</th>"), "the sample run's server gave no times");
    assertFalse(html.contains("<th>server prefill mean ms</th>"));
    long start = SampleRun.T0;
    RunRecorder recorder =
        new RunRecorder(dev.gatlingllm.metrics.aggregate.RunConfig.startingAt(start));
    for (int n = 0; n < 4; n++) {
      // 10 tokens decoded in 200 ms by the server's clock (50 tok/s), after a prompt of 30 or 50
      // ms.
      recorder.record(
          "r",
          start + n * 1000L,
          withServerTimes(
              dev.gatlingllm.metrics.aggregate.SyntheticResults.ok(
                  80_000_000L, 10, 20_000_000L, 10, 5),
              200_000_000L,
              (n % 2 == 0 ? 30 : 50) * 1_000_000L));
    }
    RunSummary timed = recorder.finish(start + 10_000L);
    Path timedPage = LlmReportWriter.write(timed, dir.resolve("timed/llm"), null);
    String text = Files.readString(timedPage);
    assertTrue(
        text.contains("<th>server decode tok/s</th><th>server prefill mean ms</th>"),
        "both columns");
    assertTrue(
        text.contains("<td class=\"num\">50.0</td><td class=\"num\">40.0</td>"), "their means");
    String console = ConsoleSummary.format(timed, timedPage);
    assertTrue(
        console.contains(
            String.format(
                java.util.Locale.ROOT, "%-40s%20s%n", "Server decode speed (tok/s):", "50.00")),
        console);
    assertTrue(
        console.contains(
            String.format(
                java.util.Locale.ROOT, "%-40s%20s%n", "Server prefill, mean (ms):", "40.00")),
        console);
    assertFalse(
        ConsoleSummary.format(summary, page).contains("Server decode"),
        "not for a server without them");
  }

  private static dev.gatlingllm.metrics.request.RequestResult withServerTimes(
      dev.gatlingllm.metrics.request.RequestResult r, long decodeNanos, long prefillNanos) {
    return dev.gatlingllm.metrics.request.ResultBuilder.from(r)
        .serverDecodeNanos(decodeNanos)
        .serverPrefillNanos(prefillNanos)
        .build();
  }

  private static int count(String text, String part) {
    int count = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      count++;
    }
    return count;
  }
}
