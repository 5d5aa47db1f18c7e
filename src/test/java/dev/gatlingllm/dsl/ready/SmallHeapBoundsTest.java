package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.bounds.BoundedText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inputs that once exhausted the heap (issue 45, item 4, and a baseline level of {@code
 * duration} 1e12), each read in a child JVM of {@code -Xmx256m} through the reader the run uses
 * ({@link SmallHeapInputs}): each child ends with one {@code gatling-llm:} line naming the bound,
 * status 1 (4 for the baseline, CompareRuns' status of an unreadable report), no {@code
 * OutOfMemoryError} and no stack. A child takes about a second; the test about 10 s.
 */
class SmallHeapBoundsTest {
  @TempDir static Path dir;

  /** Runs one child; its whole output (stdout and stderr) and its exit status. */
  private static String[] child(List<String> properties, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx256m");
    command.addAll(properties);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(SmallHeapInputs.class.getName());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] output = process.getInputStream().readAllBytes();
    assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the child ended: " + args[0]);
    return new String[] {
      new String(output, StandardCharsets.UTF_8), Integer.toString(process.exitValue())
    };
  }

  /** The child's output is one line, {@code gatling-llm: <expected>}, and its status non-zero. */
  private static void refusedInOneLine(
      int status, String expected, List<String> properties, String... args) throws Exception {
    String[] result = child(properties, args);
    String output = result[0].strip();
    assertFalse(output.contains("OutOfMemoryError"), output);
    assertFalse(output.contains("\tat "), "no stack: " + output);
    assertEquals(1, output.lines().count(), "one line: " + output);
    assertTrue(output.startsWith("gatling-llm: "), output);
    assertTrue(output.contains(expected), "names the bound '" + expected + "': " + output);
    assertNotEquals(0, Integer.parseInt(result[1]), output);
    assertEquals(status, Integer.parseInt(result[1]), output);
  }

  @Test
  void imageCountsAndSynthesisedPixelsAreRefusedBeforeAnyImageIsMade() throws Exception {
    refusedInOneLine(
        1,
        "llm.images.count must be a whole number in [0, 64] (images per request), was '100000'",
        List.of("-Dllm.images.count=100000"),
        "images");
    refusedInOneLine(
        1,
        "must be at most 33554432 pixels (the synthetic images are generated before the load and"
            + " held), was 1 x 64 x 8192 x 8192 = 4294967296",
        List.of("-Dllm.images.width=8192", "-Dllm.images.height=8192", "-Dllm.images.distinct=64"),
        "images");
  }

  @Test
  void sessionsBatchesAndRatesAreRefusedBeforeTheyAreMade() throws Exception {
    refusedInOneLine(
        1,
        "llm.agent.sessions must be a whole number in [0, 100000]",
        List.of("-Dllm.agent.sessions=2e9"),
        "agent.sessions");
    refusedInOneLine(
        1,
        "llm.embedBatchSize must be a whole number in [1, 4096] (inputs per request), was '2e9'",
        List.of("-Dllm.embedBatchSize=2e9"),
        "embedBatchSize");
    refusedInOneLine(
        1,
        "llm.rates must be a comma-separated list such as 0.5,2,8, each a number in (0, 10000]",
        List.of("-Dllm.rates=1e9"),
        "rates");
  }

  @Test
  void anAgentTurnOfTwoBillionInputTokensIsRefusedNamingTheFileAndField() throws Exception {
    Path trace = dir.resolve("agent.jsonl");
    Files.writeString(
        trace, "{\"turns\":[{\"input_tokens\":2e9,\"output_tokens\":10,\"tool_latency_ms\":5}]}\n");
    refusedInOneLine(1, "input_tokens", List.of(), "agent-trace", trace.toString());
    assertTrue(child(List.of(), "agent-trace", trace.toString())[0].contains(trace.toString()));
  }

  @Test
  void aTraceLineOverTheLineBoundIsRefusedNamingTheFileAndLine() throws IOException, Exception {
    Path trace = dir.resolve("trace.jsonl");
    // Just over the bound (8 MiB characters), not the hostile pass's 1 GB: the bound is what stops
    // it.
    String padding = "x".repeat(BoundedText.MAX_LINE_CHARS + 1);
    Files.writeString(
        trace,
        "{\"timestamp\": 0, \"input_length\": 5, \"output_length\": 1}\n"
            + "{\"timestamp\": 1, \"input_length\": 5, \"output_length\": 1, \"pad\": \""
            + padding
            + "\"}\n");
    refusedInOneLine(
        1,
        trace
            + " line 2: longer than "
            + BoundedText.MAX_LINE_CHARS
            + " characters, the bound of one line",
        List.of(),
        "trace",
        trace.toString());
  }

  @Test
  void aBaselineLevelOfATrillionSecondsIsRefusedNamingTheFileAndField() throws Exception {
    Path llm = Files.createDirectories(dir.resolve("then").resolve("llm"));
    Files.writeString(
        llm.resolve("summary.json"), "{\"levels\":[{\"label\":\"4 streams\",\"duration\":1e12}]}");
    Files.writeString(llm.resolve("requests.csv"), ""); // the summary is read, and refused, first
    refusedInOneLine(
        4,
        "cannot compare: "
            + llm.resolve("summary.json")
            + ": levels[0].duration is 1.0E12, outside 0 to 1000000: not a readable report of a run",
        List.of(),
        "baseline",
        dir.resolve("then").toString());
  }
}
