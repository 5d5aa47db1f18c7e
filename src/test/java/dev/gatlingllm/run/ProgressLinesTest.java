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

  /** A level of embeddings requests reads in requests per second: it made no output tokens. */
  @Test
  void aPoolingLevelRatesItsRequests() {
    ProgressLines progress = new ProgressLines(1, console, now::get, index -> 0.0);
    progress.levelStarted(0, "4 streams", 40);
    now.addAndGet(10_000);
    for (int i = 0; i < 30; i++) {
      progress.requestEnded(true, 0, true, 0);
    }
    progress.tick();
    now.addAndGet(10_000);
    for (int i = 0; i < 10; i++) {
      progress.requestEnded(true, 0, true, 0);
    }
    progress.close();
    assertEquals(
        List.of(
            "gatling-llm: level 1/1 (4 streams) running for 10 s, requests done: 30/40, 3.0 embed/rerank req/s live",
            "gatling-llm: level 1/1 (4 streams) ended after 20 s, requests done: 40/40, 2.0 embed/rerank req/s over its wall time"),
        lines());
  }

  /**
   * An agent level plans sessions: 2 sessions of 3 turns are 2 of 2 sessions and 6 requests, not 6
   * of 2 requests.
   */
  @Test
  void anAgentLevelCountsItsSessions() {
    ProgressLines progress = new ProgressLines(1, console, now::get, index -> 12.5);
    progress.levelStarted(0, "2 streams", 2);
    now.addAndGet(4_000);
    for (int turn = 1; turn <= 3; turn++) {
      progress.requestEnded(true, 10, false, turn);
      progress.requestEnded(true, 10, false, turn);
    }
    progress.close();
    assertEquals(
        List.of(
            "gatling-llm: level 1/1 (2 streams) ended after 4 s, sessions started: 2/2, requests done: 6, 12.5 output tok/s"),
        lines());
  }
}
