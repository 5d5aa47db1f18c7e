package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.testing.ScriptedHttpServer;
import dev.gatlingllm.testing.ScriptedHttpServer.Script;
import io.gatling.app.Gatling$;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failures inside the plugin (request building, counting, completing) end the request as KO with a
 * message naming the cause, and the virtual user goes on: no user is lost to Gatling's crash path,
 * the run ends well before its 20 s limit, and requests sent = OK + KO.
 */
class NoUserLostEndToEndTest {
  private static ScriptedHttpServer server;
  private static int exitCode;
  private static long runMillis;

  @BeforeAll
  static void run(@TempDir Path results) throws Exception {
    server =
        new ScriptedHttpServer(
            request ->
                new Script()
                    .chunkedHeaders(200, "text/event-stream")
                    .chunk(ChatActionEndToEndTest.content("the answer"))
                    .chunk(ChatActionEndToEndTest.END)
                    .endChunks());
    System.setProperty("test.baseUrl", server.baseUrl());
    long start = System.nanoTime();
    exitCode =
        Gatling$.MODULE$.fromArgs(
            new String[] {
              "--simulation",
              NoUserLostSimulation.class.getName(),
              "--results-folder",
              results.toString(),
              "--no-reports"
            });
    runMillis = (System.nanoTime() - start) / 1_000_000;
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  void everyUserWentOnAndEveryRequestWasCountedOnce() {
    assertEquals(
        NoUserLostSimulation.CASES.size(),
        NoUserLostSimulation.RESULTS.size(),
        "users that reached the next action: " + NoUserLostSimulation.RESULTS.keySet());
    assertEquals(0, exitCode, "Gatling assertions (one KO record per case, sent = OK + KO) failed");
    assertTrue(
        runMillis < 15_000, "run took " + runMillis + " ms: a user was lost until maxDuration");
  }

  @Test
  void anUnserialisableBodyFieldIsAKoNamingTheField() {
    assertKo("unserialisable-body-field", "cannot build request: ", "java.lang.Object");
  }

  @Test
  void aNullMessageIsAKoNamingIt() {
    assertKo(
        "null-message",
        "cannot build request: ",
        "messages(fn) returned a null message at index 1");
  }

  @Test
  void aThrowingMessageFunctionIsAKoNamingTheException() {
    assertKo("throwing-messages", "cannot build request: ", "NullPointerException: content");
  }

  @Test
  void aTokenizerFailingOnThePromptIsAKo() {
    assertKo("prompt-tokenizer", "cannot build request: ", "tokenizer broke on 'boom'");
    assertEquals(
        0, server.received().stream().filter(r -> r.body().contains("boom")).count(), "never sent");
  }

  @Test
  void aTokenizerFailingOnTheAnswerEndsTheRequestKo() {
    assertKo("answer-tokenizer", "cannot complete request: ", "tokenizer broke on 'answer'");
    assertEquals("the answer", NoUserLostSimulation.RESULTS.get("answer-tokenizer").get("content"));
  }

  @Test
  void aStackOverflowBuildingTheRequestIsAKoNeverSent() {
    assertKo("stack-overflow-prompt", "cannot build request: ", "StackOverflowError");
  }

  @Test
  void aStackOverflowJudgingTheAnswerIsAKoOfTheRequestSent() {
    assertKo("stack-overflow-check", "check failed: ", "StackOverflowError");
  }

  @Test
  void aSelfReferentialSchemaPerRequestIsAKoNamingTheLoop() {
    assertKo(
        "self-referential-schema",
        "cannot build request: ",
        "its $ref '#' leads back to itself without reading any of the answer");
  }

  @Test
  void theServerReceivedExactlyTheRequestsThatWereSent() {
    // Each case is one KO record (the assertions above); the ones sent are what the server saw.
    assertEquals(NoUserLostSimulation.SENT.size(), server.received().size());
  }

  private static void assertKo(String name, String start, String cause) {
    Map<String, Object> r = NoUserLostSimulation.RESULTS.get(name);
    assertTrue(
        r != null, name + " lost its user; went on: " + NoUserLostSimulation.RESULTS.keySet());
    assertEquals(false, r.get("ok"), name);
    String error = (String) r.get("error");
    assertTrue(error.startsWith(start) && error.contains(cause), name + ": '" + error + "'");
  }
}
