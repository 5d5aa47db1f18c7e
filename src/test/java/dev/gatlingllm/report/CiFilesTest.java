package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.check.CheckVerdict;
import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** junit.xml and summary.md of the seeded three-level sample run. */
class CiFilesTest {
  private static final String NASTY = "HTTP 500: \"<oops>\" & 'more'\u0001\u001b[0m";

  private static RunSummary sample() {
    RunRecorder recorder = new RunRecorder(SampleRun.config());
    SampleRun.record(recorder, n -> true);
    return recorder.finish(SampleRun.end());
  }

  private static Document parse(String xml) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void junitXmlHasOneSuitePerKindOneCasePerCheckAndConsistentCounts() throws Exception {
    List<CheckVerdict> verdicts =
        List.of(
            CheckVerdict.of(
                LlmDsl.outputThroughputAtLeast(1000),
                "output_throughput 812 tok/s, expected >= 1000 tok/s"),
            CheckVerdict.of(LlmDsl.ttftP99AtMost(Duration.ofMillis(500)), null),
            new CheckVerdict(
                CheckVerdict.GATLING_ASSERTIONS,
                "Global: count of failed events is 0",
                false,
                NASTY),
            new CheckVerdict(
                CheckVerdict.GATLING_ASSERTIONS,
                "Global: max of response time is less than 800",
                true,
                "actual value: 640"));
    Document xml = parse(JunitXml.render(verdicts, SampleRun.end()));

    Element root = xml.getDocumentElement();
    assertEquals("testsuites", root.getTagName());
    assertEquals("4", root.getAttribute("tests"));
    assertEquals("2", root.getAttribute("failures"));
    NodeList suites = root.getElementsByTagName("testsuite");
    assertEquals(2, suites.getLength());
    Element llm = (Element) suites.item(0);
    assertEquals("llm checks", llm.getAttribute("name"));
    assertEquals("2", llm.getAttribute("tests"));
    assertEquals("1", llm.getAttribute("failures"));
    assertEquals("2025-06-15T15:07:40", llm.getAttribute("timestamp"), "the run's end, UTC");
    NodeList cases = llm.getElementsByTagName("testcase");
    Element failed = (Element) cases.item(0);
    assertEquals("output_throughput >= 1000 tok/s", failed.getAttribute("name"));
    assertEquals("llm checks", failed.getAttribute("classname"));
    assertEquals(
        "output_throughput 812 tok/s, expected >= 1000 tok/s",
        ((Element) failed.getElementsByTagName("failure").item(0)).getAttribute("message"));
    assertEquals("p99_ttft_ms <= 500 ms", ((Element) cases.item(1)).getAttribute("name"));
    assertEquals(0, ((Element) cases.item(1)).getElementsByTagName("failure").getLength());

    Element gatling = (Element) suites.item(1);
    assertEquals("gatling assertions", gatling.getAttribute("name"));
    assertEquals("1", gatling.getAttribute("failures"));
    Element failure = (Element) gatling.getElementsByTagName("failure").item(0);
    // Quotes, brackets and ampersands survive; control characters XML cannot hold are replaced, not
    // fatal.
    assertEquals("HTTP 500: \"<oops>\" & 'more'\uFFFD\uFFFD[0m", failure.getAttribute("message"));
    assertEquals(failure.getAttribute("message"), failure.getTextContent());
  }

  @Test
  void aRunWithoutChecksIsAnEmptyButValidReport() throws Exception {
    Element root = parse(JunitXml.render(List.of(), SampleRun.end())).getDocumentElement();
    assertEquals("0", root.getAttribute("tests"));
    assertEquals(0, root.getElementsByTagName("testsuite").getLength());
  }

  @Test
  void summaryMdHasTheLevelsByLoadTheCapacityAndItsStoryAndTheFailedChecks() {
    RunSummary summary = sample();
    String md =
        MarkdownSummary.render(
            summary,
            List.of(
                CheckVerdict.of(LlmDsl.capacityAtLeast(8), "capacity 4, expected >= 8"),
                CheckVerdict.of(LlmDsl.goodFractionAtLeast(0.5), null)));

    List<String> rows = md.lines().filter(l -> l.matches("\\| \\d+ streams \\|.*")).toList();
    assertEquals(3, rows.size(), md);
    assertTrue(rows.get(0).startsWith("| 2 streams |"), rows.get(0));
    assertTrue(
        rows.get(1).startsWith("| 4 streams |") && rows.get(1).endsWith("| capacity |"),
        rows.get(1));
    assertTrue(
        rows.get(2).startsWith("| 8 streams |") && rows.get(2).endsWith("| misses the target |"),
        rows.get(2));
    // Each row holds the level's own figures: the 4-stream level's requests and output tok/s.
    var four = summary.levels().get(1).figures();
    assertTrue(
        rows.get(1)
            .startsWith(
                "| 4 streams | "
                    + four.counts().completed()
                    + " / "
                    + four.counts().failed()
                    + " | "
                    + String.format(
                        java.util.Locale.ROOT, "%.1f", four.throughput().outputThroughput())
                    + " |"),
        rows.get(1));

    assertTrue(md.contains("Sustainable capacity: **4 streams**"), md);
    assertTrue(md.contains(CapacityStory.explain(summary)), "the capacity story: " + md);
    assertTrue(md.contains("1 of 2 passed."), md);
    assertTrue(md.contains("- llm checks: capacity >= 8: capacity 4, expected >= 8"), md);
    assertFalse(md.contains("good_fraction >= 0.500"), "a passed check is not listed: " + md);
    // The sample's model name is HTML: text, not markup, once rendered.
    assertTrue(md.startsWith("# LLM load test: &lt;img src=x onerror=alert(1)>\n"), md);
    assertFalse(md.contains("sk-test-0123456789abcdef"), "no secret from the endpoint: " + md);
  }
}
