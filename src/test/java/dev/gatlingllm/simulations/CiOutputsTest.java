package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * What a CI server gets from a run of a ready simulation against the embedded simulator: {@code
 * llm/junit.xml} with one test case per LLM check and per Gatling assertion (one failed check is
 * one failed test case), {@code llm/summary.md}, their paths at the end of the console, and one
 * progress line per level.
 */
class CiOutputsTest {
  @TempDir Path results;

  @Test
  void oneFailedCheckIsOneFailedTestCaseBesideTheSummaryAndTheProgressLines() throws Exception {
    // 60 requests a level: the failed check's KO record is then less than 1 % of the run's records,
    // and the simulation's own assertion (under 1 % failed) holds, as it does in any run of some
    // size.
    InProcessGatling.Run run =
        InProcessGatling.run(
            ConcurrencySweepSimulation.class,
            results,
            Map.of(
                "llm.warmupSeconds",
                "0",
                "llm.warmupRequests",
                "0",
                "llm.levels",
                "1,2",
                "llm.requestsPerLevel",
                "60",
                "llm.inputTokens",
                "16",
                "llm.outputTokens",
                "4",
                // one check no run can meet, one every run meets
                "llm.assert.outputThroughput",
                "1000000",
                "llm.assert.goodFraction",
                "0"));
    assertEquals(2, run.exitCode(), run.tail());
    Path llm = llmDir();

    Document junit =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(llm.resolve("junit.xml").toFile());
    Element root = junit.getDocumentElement();
    assertEquals("testsuites", root.getTagName());
    List<Element> cases = new ArrayList<>();
    int suitesTests = 0;
    int suitesFailures = 0;
    NodeList suites = root.getElementsByTagName("testsuite");
    for (int s = 0; s < suites.getLength(); s++) {
      Element suite = (Element) suites.item(s);
      NodeList inSuite = suite.getElementsByTagName("testcase");
      int failed = 0;
      for (int c = 0; c < inSuite.getLength(); c++) {
        Element testCase = (Element) inSuite.item(c);
        cases.add(testCase);
        failed += testCase.getElementsByTagName("failure").getLength();
      }
      assertEquals(
          inSuite.getLength(),
          Integer.parseInt(suite.getAttribute("tests")),
          "tests of " + suite.getAttribute("name"));
      assertEquals(
          failed,
          Integer.parseInt(suite.getAttribute("failures")),
          "failures of " + suite.getAttribute("name"));
      suitesTests += inSuite.getLength();
      suitesFailures += failed;
    }
    assertEquals(suitesTests, Integer.parseInt(root.getAttribute("tests")));
    assertEquals(suitesFailures, Integer.parseInt(root.getAttribute("failures")));

    List<String> names = cases.stream().map(c -> c.getAttribute("name")).toList();
    assertTrue(names.contains("output_throughput >= 1000000 tok/s"), names.toString());
    assertTrue(names.contains("good_fraction >= 0"), names.toString());
    // The simulation's own assertion on failed requests, judged as Gatling judges it.
    assertTrue(names.stream().anyMatch(n -> n.startsWith("Global: ")), names.toString());
    List<Element> failed =
        cases.stream().filter(c -> c.getElementsByTagName("failure").getLength() > 0).toList();
    assertEquals(
        1,
        failed.size(),
        "one failed check, one failed test case: "
            + failed.stream().map(c -> c.getAttribute("name")).toList());
    Element failure = (Element) failed.get(0).getElementsByTagName("failure").item(0);
    assertEquals("output_throughput >= 1000000 tok/s", failed.get(0).getAttribute("name"));
    assertTrue(
        failure.getAttribute("message").startsWith("output_throughput "),
        failure.getAttribute("message"));
    assertTrue(
        failure.getAttribute("message").endsWith(", expected >= 1000000 tok/s"),
        failure.getAttribute("message"));

    String markdown = Files.readString(llm.resolve("summary.md"));
    assertTrue(markdown.contains("| 1 stream |") && markdown.contains("| 2 streams |"), markdown);
    assertTrue(markdown.contains("## Capacity"), markdown);
    assertTrue(
        markdown.contains("- llm checks: output_throughput >= 1000000 tok/s: output_throughput "),
        markdown);

    String console = run.console();
    assertTrue(
        console.contains("JUnit XML: " + llm.resolve("junit.xml").toAbsolutePath().normalize()),
        run.tail());
    assertTrue(
        console.contains(
            "Markdown summary: " + llm.resolve("summary.md").toAbsolutePath().normalize()),
        run.tail());
    // The closing line of each level; together they count the 120 requests of the two levels.
    List<String> closing = console.lines().filter(l -> l.contains(" ended after ")).toList();
    assertEquals(2, closing.size(), console);
    assertTrue(
        closing.get(0).startsWith("gatling-llm: level 1/2 (1 stream) ended after "),
        closing.get(0));
    assertTrue(
        closing.get(1).startsWith("gatling-llm: level 2/2 (2 streams) ended after "),
        closing.get(1));
    int done = 0;
    for (String line : closing) {
      // done/total: each level runs its planned requests, all of them done when it ends
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile(", requests done: (\\d+)/(\\d+)[ ,]").matcher(line);
      assertTrue(m.find(), line);
      assertEquals(m.group(2), m.group(1), line);
      done += Integer.parseInt(m.group(1));
    }
    assertEquals(120, done, closing.toString());
  }

  private Path llmDir() throws Exception {
    return InProcessGatling.llmDir(results);
  }
}
