package dev.gatlingllm.metrics.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {
  static String fixture(String name) throws IOException {
    try (InputStream in = PrometheusTextTest.class.getResourceAsStream("/server-metrics/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void readsNamesLabelsValuesAndSkipsComments() throws IOException {
    List<PrometheusText.Sample> samples = PrometheusText.parse(fixture("vllm.txt"));
    assertEquals(
        27, samples.size(), "16 gauge and counter series, 2 histograms of 5 lines, 1 other");
    PrometheusText.Sample first = samples.get(0);
    assertEquals("vllm:num_requests_running", first.name());
    assertEquals(
        Map.of("engine", "0", "model_name", "meta-llama/Llama-3.1-8B-Instruct"), first.labels());
    assertEquals(12.0, first.value());
    assertEquals(
        12000.0,
        samples.stream()
            .filter(s -> s.name().equals("vllm:generation_tokens_total"))
            .findFirst()
            .orElseThrow()
            .value(),
        "1.2e+04");
  }

  @Test
  void readsEscapesSpecialValuesTimestampsAndCrlf() {
    List<PrometheusText.Sample> samples =
        PrometheusText.parse(
            "a{path=\"C:\\\\x\",msg=\"say \\\"hi\\\"\\nbye\"} NaN\r\nb +Inf 1700000000000\nc{} -Inf\n  \nd -1.5e-3");
    assertEquals(4, samples.size());
    assertEquals("C:\\x", samples.get(0).label("path"));
    assertEquals("say \"hi\"\nbye", samples.get(0).label("msg"));
    assertTrue(Double.isNaN(samples.get(0).value()));
    assertEquals(Double.POSITIVE_INFINITY, samples.get(1).value());
    assertEquals(Double.NEGATIVE_INFINITY, samples.get(2).value());
    assertEquals(-0.0015, samples.get(3).value());
  }

  @Test
  void rejectsWhatIsNotTheFormatWithTheLineNumber() {
    for (String bad :
        List.of(
            "ok 1\nmetric{le=\"1\" 2",
            "ok 1\nmetric 12abc",
            "ok 1\n9metric 1",
            "ok 1\nmetric{l=\"\\q\"} 1",
            "ok 1\nmetric 1 2 3",
            "ok 1\nmetric Infinity",
            "ok 1\nmetric{l=\"x} 1")) {
      PrometheusText.FormatException e =
          assertThrows(PrometheusText.FormatException.class, () -> PrometheusText.parse(bad), bad);
      assertTrue(e.getMessage().startsWith("metrics page line 2: "), e.getMessage());
    }
  }

  @Test
  void mapsVllmNamesToNeutralFiguresSummingEnginesAndTakingTheHighestKvUsage() throws IOException {
    List<PrometheusText.Sample> page = PrometheusText.parse(fixture("vllm.txt"));
    assertEquals(ServerEngine.VLLM, ServerEngine.detect(page));
    ServerSample s = ServerEngine.VLLM.read(5, page);
    assertEquals(16, s.running());
    assertEquals(3, s.waiting());
    assertEquals(0.625, s.kvCacheUsage());
    assertEquals(8, s.preemptions());
    assertEquals(18000, s.generatedTokens());
    assertEquals(76800, s.promptTokens());
    assertEquals(76800, s.prefixCacheQueries(), "summed over the two engines");
    assertEquals(46000, s.prefixCacheHits());
    assertEquals(100, s.ttft().count());
    assertEquals(30, s.ttft().sum());
    // rank 50 of 100 lies in (0.1, 0.5] holding 80 observations after 10: 0.1 + 0.4 * 40 / 80
    assertEquals(0.3, s.ttft().quantile(0.5), 1e-12);
    // rank 99 lies in the +Inf bucket: the highest finite bound, as histogram_quantile says
    assertEquals(0.5, s.ttft().quantile(0.99), 1e-12);
  }

  @Test
  void mapsLlamaCppSglangAndTgi() throws IOException {
    List<PrometheusText.Sample> llama = PrometheusText.parse(fixture("llamacpp.txt"));
    assertEquals(ServerEngine.LLAMA_CPP, ServerEngine.detect(llama));
    ServerSample l = ServerEngine.LLAMA_CPP.read(0, llama);
    assertEquals(2, l.running());
    assertEquals(1, l.waiting());
    assertEquals(0.125, l.kvCacheUsage());
    assertEquals(780, l.generatedTokens());
    assertEquals(3300, l.promptTokens());
    assertTrue(Double.isNaN(l.preemptions()));
    assertNull(l.ttft());

    List<PrometheusText.Sample> sglang = PrometheusText.parse(fixture("sglang.txt"));
    assertEquals(ServerEngine.SGLANG, ServerEngine.detect(sglang));
    ServerSample g = ServerEngine.SGLANG.read(0, sglang);
    assertEquals(5, g.running());
    assertEquals(2, g.waiting());
    assertEquals(0.28, g.kvCacheUsage());
    assertEquals(7557572, g.generatedTokens());
    assertEquals(17, g.preemptions(), "retractions: the counter, not the last batch's gauge");

    List<PrometheusText.Sample> tgi = PrometheusText.parse(fixture("tgi.txt"));
    assertEquals(ServerEngine.TGI, ServerEngine.detect(tgi));
    ServerSample t = ServerEngine.TGI.read(0, tgi);
    assertEquals(32, t.running());
    assertEquals(6, t.waiting());
    assertEquals(5120, t.generatedTokens(), "the generated-tokens histogram's sum");
    assertEquals(10240, t.promptTokens());
    assertTrue(Double.isNaN(t.kvCacheUsage()));
  }

  @Test
  void aPageOfNoKnownEngineIsAFailedScrapeNotASample() {
    ServerMetricsSeries series = new ServerMetricsSeries("http://127.0.0.1:1/metrics");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> series.addPage(1, "process_cpu_seconds_total 1.5\n"));
    assertTrue(e.getMessage().contains("none of the metric names"), e.getMessage());
    assertEquals(0, series.snapshot().samples().size());
  }
}
