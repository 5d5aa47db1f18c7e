package dev.gatlingllm.stream;

import static dev.gatlingllm.stream.StreamExchangeTest.bytes;
import static dev.gatlingllm.stream.StreamExchangeTest.content;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.metrics.request.RequestResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A stopped run's requests in flight: each one sent ends once, as aborted, with the timings it
 * reached, on its own executor (here a single thread standing for the event loop); one never
 * written leaves no outcome.
 */
class InFlightExchangesTest {
  private static final long MS = 1_000_000L;
  private final long t0 = System.nanoTime();
  private final ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor();
  private final List<FinishedStream> outcomes = new CopyOnWriteArrayList<>();
  private final AtomicInteger connectionsClosed = new AtomicInteger();
  private final InFlightExchanges inFlight = new InFlightExchanges();

  @AfterEach
  void stop() {
    loop.shutdownNow();
  }

  private StreamExchange entered() {
    StreamExchange exchange =
        new StreamExchange(
            new OpenAiChatDialect(), StreamSettings.DEFAULTS, t0, loop, outcomes::add);
    assertTrue(exchange.enter(inFlight));
    exchange.start(connectionsClosed::incrementAndGet);
    return exchange;
  }

  @Test
  void aStreamInFlightEndsAsAbortedWithItsPartialTimings() throws Exception {
    StreamExchange exchange = entered();
    exchange.onRequestWritten(t0 + 2 * MS);
    exchange.onResponseHeaders(200, "text/event-stream", null, t0 + 7 * MS);
    exchange.onBodyChunk(bytes(content("a")), false, t0 + 202 * MS);
    exchange.onBodyChunk(bytes(content("b")), false, t0 + 232 * MS);

    assertEquals(0, inFlight.stopAll(Duration.ofSeconds(10)));

    assertEquals(1, outcomes.size(), "exactly one end");
    RequestResult result = outcomes.get(0).result();
    assertFalse(result.ok());
    assertEquals("aborted: run interrupted", result.verdict().message());
    assertEquals(200, result.verdict().httpStatus());
    assertEquals(200 * MS, result.timing().ttftNanos(), "the first token came: its TTFT is kept");
    assertEquals(230 * MS, result.timing().e2elNanos(), "to the last token so far");
    assertEquals(2, result.tokens().tokenEvents());
    assertEquals("ab", outcomes.get(0).content());
    assertEquals(1, connectionsClosed.get(), "its connection is closed");
    assertEquals(0, inFlight.size());
  }

  @Test
  void aRequestNeverWrittenLeavesWithoutAnOutcome() throws Exception {
    entered();
    assertEquals(0, inFlight.stopAll(Duration.ofSeconds(10)));
    assertTrue(outcomes.isEmpty(), "the server never received it: it is in no count");
    assertEquals(0, inFlight.size());
  }

  @Test
  void anEndedRequestLeavesAndNothingIsAdmittedAfterTheStop() throws Exception {
    StreamExchange exchange = entered();
    exchange.onRequestWritten(t0 + 2 * MS);
    exchange.onResponseHeaders(200, "text/event-stream", null, t0 + 7 * MS);
    exchange.onBodyChunk(
        bytes(content("a") + StreamExchangeTest.FINISH + StreamExchangeTest.DONE),
        true,
        t0 + 202 * MS);
    assertEquals(0, inFlight.size(), "left at its end");

    assertEquals(0, inFlight.stopAll(Duration.ofSeconds(10)));
    assertEquals(1, outcomes.size());
    assertTrue(outcomes.get(0).result().ok(), "an ended request keeps its outcome");
    StreamExchange late =
        new StreamExchange(
            new OpenAiChatDialect(), StreamSettings.DEFAULTS, t0, loop, outcomes::add);
    assertFalse(late.enter(inFlight), "a stopping run sends nothing more");
  }
}
