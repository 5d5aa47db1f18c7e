package dev.gatlingllm.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The progress lines, on a clock the test moves: what each says, and over which span its live rate
 * is.
 */
class ProgressLinesTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream console = new PrintStream(bytes, true, StandardCharsets.UTF_8);
  private final AtomicLong now = new AtomicLong(1_000_000);

  private List<String> lines() {
    return bytes.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void eachLineCountsItsLevelAndRatesTheTokensSinceTheLineBefore() {
    // The report has a figure for the first level only: its closing line says it.
    ProgressLines progress =
        new ProgressLines(3, console, now::get, index -> index == 0 ? 61.25 : Double.NaN);
    progress.requestEnded(true, 999); // before the first level: the warm-up, in no line
    progress.levelStarted(0, "4 streams");
    progress.levelStarted(0, "4 streams"); // every user of the level says so; the first counts
    now.addAndGet(10_000);
    progress.requestEnded(true, 500);
    progress.requestEnded(false, 0);
    progress.tick();
    now.addAndGet(5_000);
    progress.requestEnded(true, 250);
    progress.tick();
    now.addAndGet(5_000);
    progress.levelStarted(1, "8 streams", 16); // a level of a known number of requests
    now.addAndGet(2_000);
    progress.requestEnded(true, 100);
    progress.close();
    progress.close();

    assertEquals(
        List.of(
            // 500 tokens over the first 10 s
            "gatling-llm: level 1/3 (4 streams) running for 10 s, requests done: 2 (1 failed), 50.0 output tok/s live",
            // 250 more over the 5 s since
            "gatling-llm: level 1/3 (4 streams) running for 15 s, requests done: 3 (1 failed), 50.0 output tok/s live",
            // the report's figure for the level, over its busy span
            "gatling-llm: level 1/3 (4 streams) ended after 20 s, requests done: 3 (1 failed), 61.3 output tok/s",
            // none: its 100 tokens over its 2 s, said to be over its wall time
            "gatling-llm: level 2/3 (8 streams) ended after 2 s, requests done: 1/16, 50.0 output tok/s over its wall time"),
        lines());
  }

  @Test
  void aLevelWithNoTimeYetHasNoRate() {
    ProgressLines progress = new ProgressLines(1, console, now::get, index -> Double.NaN);
    progress.levelStarted(0, "whole run");
    progress.tick();
    assertEquals(
        List.of(
            "gatling-llm: level 1/1 (whole run) running for 0 s, requests done: 0, n/a output tok/s live"),
        lines());
  }
}
