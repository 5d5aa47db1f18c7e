package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.InProcessGatling.Run;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code chat ITL} records in Gatling's own stats, through Gatling's assertions against the
 * simulator's fixed timing (a token event every 20 ms): with {@code .tokenRecords()} there is one
 * record per token event after the first and a p99 bound above 20 ms passes while one below it
 * fails, the protocol's switch does the same for every request, and without either there is no such
 * record. Exit code 0 is every assertion passing, 2 is one failing.
 */
class TokenRecordsEndToEndTest {
  private static final int ITL_MS = 20;
  private static final long RECORDS =
      (long) TokenRecordsSimulation.USERS
          * TokenRecordsSimulation.REQUESTS
          * (TokenRecordsSimulation.TOKENS - 1);

  private static LlmSimulator simulator;
  @TempDir Path results;

  @BeforeAll
  static void startSimulator() {
    simulator = LlmSimulator.builder().timing("ttft=50;itl=" + ITL_MS).build().start();
  }

  @AfterAll
  static void stopSimulator() {
    simulator.close();
  }

  @Test
  void oneRecordPerTokenEventAfterTheFirstAndAnItlBoundAboveTheGapPasses() {
    // A generous bound: the machine may be busy, the gap itself is 20 ms.
    assertEquals(
        0, run("request", 200, RECORDS).exitCode(), "p99 < 200 ms and " + RECORDS + " records");
  }

  @Test
  void anItlBoundBelowTheGapFails() {
    Run run = run("request", 5, RECORDS);
    assertEquals(2, run.exitCode(), "p99 < 5 ms must fail against 20 ms gaps");
    // Failing for the bound, not for missing records: the count still holds.
    assertTrue(
        run.console()
            .contains("chat ITL: 99th percentile of response time is less than 5.0 : false"),
        run.tail());
    assertTrue(
        run.console().contains("chat ITL: count of all events is " + RECORDS + ".0 : true"),
        run.tail());
  }

  @Test
  void theProtocolSwitchTurnsTheRecordsOnForEveryRequest() {
    assertEquals(
        0,
        run("protocol", 200, RECORDS).exitCode(),
        "llm().tokenRecords(true) without .tokenRecords()");
  }

  @Test
  void aWrongRecordCountFails() {
    // The count assertion can fail: one record fewer than (token events - 1) per request is not
    // accepted.
    assertEquals(2, run("request", 200, RECORDS - 1).exitCode());
  }

  @Test
  void withoutTokenRecordsThereIsNoItlRecord() {
    Run run = run("off", 200, RECORDS);
    assertEquals(2, run.exitCode());
    assertTrue(
        run.console().contains("Could not find stats matching"),
        "Gatling says there is no 'chat ITL' record: " + run.tail());
  }

  @Test
  void aTokenListenerOnTheRequestSeesEveryTokenAndEveryEnd() {
    TokenRecordsSimulation.TOKENS_SEEN.set(0);
    TokenRecordsSimulation.ENDS_SEEN.set(0);
    System.setProperty("test.listener", "true");
    try {
      assertEquals(0, run("request", 200, RECORDS).exitCode());
    } finally {
      System.clearProperty("test.listener");
    }
    int requests = TokenRecordsSimulation.USERS * TokenRecordsSimulation.REQUESTS;
    // The simulator sends one token per event.
    assertEquals(
        requests * TokenRecordsSimulation.TOKENS, TokenRecordsSimulation.TOKENS_SEEN.get());
    assertEquals(requests, TokenRecordsSimulation.ENDS_SEEN.get());
  }

  /**
   * @param tokenRecords {@code request} ({@code .tokenRecords()}), {@code protocol} or {@code off}
   */
  private Run run(String tokenRecords, int p99BelowMs, long records) {
    System.setProperty("test.baseUrl", simulator.baseUri().toString());
    System.setProperty("test.tokenRecords", tokenRecords);
    System.setProperty("test.itlP99Below", Integer.toString(p99BelowMs));
    System.setProperty("test.itlRecords", Long.toString(records));
    try {
      return InProcessGatling.run(TokenRecordsSimulation.class, results);
    } finally {
      for (String key :
          new String[] {
            "test.baseUrl", "test.tokenRecords", "test.itlP99Below", "test.itlRecords"
          }) {
        System.clearProperty(key);
      }
    }
  }
}
