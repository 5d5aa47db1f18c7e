package dev.gatlingllm.stream;

import static dev.gatlingllm.stream.StreamExchangeTest.DONE;
import static dev.gatlingllm.stream.StreamExchangeTest.FINISH;
import static dev.gatlingllm.stream.StreamExchangeTest.ROLE;
import static dev.gatlingllm.stream.StreamExchangeTest.bytes;
import static dev.gatlingllm.stream.StreamExchangeTest.content;
import static dev.gatlingllm.stream.StreamExchangeTest.usage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.OutputKind;
import dev.gatlingllm.values.TokenEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link OutputListener} of one exchange fed at chosen nanosecond times: it sees every piece of
 * output in order with its kind, text, token event index and arrival time, nothing else, and the
 * end once; a listener that throws ends the request as KO, once, naming it.
 */
class TokenListenerTest {
  private static final long MS = 1_000_000L;
  private final long t0 = System.nanoTime();
  private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
  private final List<FinishedStream> outcomes = new ArrayList<>();
  private final List<TokenEvent> tokens = new ArrayList<>();
  private final List<FinishedStream> ends = new ArrayList<>();
  private int aborts;

  @AfterEach
  void stop() {
    timers.shutdownNow();
  }

  /** Records what it sees; throws on the token event {@code failAt} (-1: never) or at the end. */
  private final class Recorder implements OutputListener {
    private final int failAt;
    private final boolean failAtEnd;

    Recorder(int failAt, boolean failAtEnd) {
      this.failAt = failAt;
      this.failAtEnd = failAtEnd;
    }

    @Override
    public void onToken(TokenEvent event) {
      tokens.add(event);
      if (event.index() == failAt) {
        throw new IllegalStateException("listener broke");
      }
    }

    @Override
    public void onEnd(FinishedStream outcome) {
      ends.add(outcome);
      if (failAtEnd) {
        throw new IllegalStateException("end broke");
      }
    }
  }

  private StreamExchange exchange(OutputListener listener) {
    StreamExchange exchange =
        new StreamExchange(
            new OpenAiChatDialect(),
            StreamSettings.DEFAULTS,
            t0,
            timers,
            outcomes::add,
            null,
            RequestSize.UNKNOWN,
            Redactor.NONE,
            listener);
    exchange.start(() -> aborts++);
    exchange.onRequestWritten(t0);
    exchange.onResponseHeaders(200, "text/event-stream", null, t0 + MS);
    return exchange;
  }

  private static String delta(String fields) {
    return "data: {\"choices\":[{\"index\":0,\"delta\":{"
        + fields
        + "},\"finish_reason\":null}]}\n\n";
  }

  /**
   * A role-only delta, reasoning, two answer events in one chunk, a tool call's name and arguments
   * in one event.
   */
  private void playStream(StreamExchange ex) {
    ex.onBodyChunk(bytes(ROLE), false, t0 + 10 * MS);
    ex.onBodyChunk(bytes(delta("\"reasoning_content\":\"think\"")), false, t0 + 30 * MS);
    ex.onBodyChunk(bytes(content("Hel") + content("lo")), false, t0 + 50 * MS);
    ex.onBodyChunk(
        bytes(
            delta(
                "\"tool_calls\":[{\"index\":0,\"id\":\"c1\",\"type\":\"function\","
                    + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"{}\"}}]")),
        false,
        t0 + 70 * MS);
    ex.onBodyChunk(bytes(FINISH + usage(5, 4)), false, t0 + 80 * MS);
    ex.onBodyChunk(bytes(DONE), true, t0 + 81 * MS);
  }

  /**
   * A chunk with a delta and the cumulative usage so far, as vLLM's continuous_usage_stats sends
   * it.
   */
  private static String withUsage(String fields, int completionTokens) {
    return "data: {\"choices\":[{\"index\":0,\"delta\":{"
        + fields
        + "},\"finish_reason\":null}],"
        + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":"
        + completionTokens
        + "}}\n\n";
  }

  @Test
  void eachEventSaysHowManyTokensItHoldsFromTheServersRunningCountElseOne() {
    StreamExchange ex = exchange(new Recorder(-1, false));
    ex.onBodyChunk(
        bytes(withUsage("\"role\":\"assistant\",\"content\":\"\"", 0)), false, t0 + 10 * MS);
    ex.onBodyChunk(bytes(withUsage("\"content\":\"a\"", 1)), false, t0 + 20 * MS);
    // a speculative-decoding step: three tokens in one event
    ex.onBodyChunk(bytes(withUsage("\"content\":\" bc d\"", 4)), false, t0 + 30 * MS);
    ex.onBodyChunk(bytes(withUsage("\"content\":\"e\"", 6)), false, t0 + 40 * MS);
    // no usage in this event: one token, as the figures count token events
    ex.onBodyChunk(bytes(content("f")), false, t0 + 50 * MS);
    ex.onBodyChunk(bytes(FINISH + usage(5, 7) + DONE), true, t0 + 60 * MS);

    assertEquals(
        List.of(
            new TokenEvent(OutputKind.CONTENT, "a", 0, t0 + 20 * MS, 1),
            new TokenEvent(OutputKind.CONTENT, " bc d", 1, t0 + 30 * MS, 3),
            new TokenEvent(OutputKind.CONTENT, "e", 2, t0 + 40 * MS, 2),
            new TokenEvent(OutputKind.CONTENT, "f", 3, t0 + 50 * MS, 1)),
        tokens);
    assertEquals(7, outcomes.get(0).result().tokens().outputTokens(), "the server's last count");
  }

  @Test
  void seesEveryTokenEventInOrderAndNotRoleDeltasNorUsage() {
    playStream(exchange(new Recorder(-1, false)));

    assertEquals(
        List.of(
            new TokenEvent(OutputKind.REASONING, "think", 0, t0 + 30 * MS),
            new TokenEvent(OutputKind.CONTENT, "Hel", 1, t0 + 50 * MS),
            new TokenEvent(OutputKind.CONTENT, "lo", 2, t0 + 50 * MS),
            new TokenEvent(OutputKind.TOOL_CALL_NAME, "get_weather", 3, t0 + 70 * MS),
            new TokenEvent(OutputKind.TOOL_CALL, "{}", 3, t0 + 70 * MS)),
        tokens);
    assertEquals(1, outcomes.size());
    FinishedStream outcome = outcomes.get(0);
    assertTrue(outcome.result().ok(), outcome.result().verdict().message());
    assertEquals(4, outcome.result().tokens().tokenEvents(), "one index per token event");
    assertEquals(List.of(outcome), ends, "the end once, with the outcome the action gets");
    assertSame(outcome, ends.get(0));
  }

  @Test
  void theTimesAreTheOnesTheFiguresUse() {
    playStream(exchange(new Recorder(-1, false)));
    FinishedStream outcome = outcomes.get(0);
    assertEquals(tokens.get(0).nanoTime() - t0, outcome.result().timing().ttftNanos());
    assertEquals(
        tokens.get(tokens.size() - 1).nanoTime() - t0, outcome.result().timing().e2elNanos());
  }

  @Test
  void aListenerThatThrowsEndsTheRequestAsKoOnce() {
    StreamExchange ex = exchange(new Recorder(1, false));
    playStream(ex);

    assertEquals(1, outcomes.size(), "exactly one completion");
    FinishedStream outcome = outcomes.get(0);
    assertEquals(
        "token listener failed: IllegalStateException: listener broke",
        outcome.result().verdict().message());
    assertEquals(2, tokens.size(), "nothing after the failure: " + tokens);
    assertEquals(List.of(outcome), ends, "the end is still told, once");
    assertEquals(1, aborts, "the failed stream's connection is not reused");
  }

  @Test
  void aListenerThatThrowsAtTheEndMakesTheRequestKo() {
    playStream(exchange(new Recorder(-1, true)));

    assertEquals(1, outcomes.size());
    assertEquals(
        "token listener failed: IllegalStateException: end broke",
        outcomes.get(0).result().verdict().message());
    assertEquals(1, ends.size());
    assertEquals(1, aborts);
  }

  @Test
  void withoutAListenerTheStreamIsMeasuredTheSame() {
    playStream(exchange(null));
    assertEquals(1, outcomes.size());
    assertTrue(outcomes.get(0).result().ok());
    assertEquals(4, outcomes.get(0).result().tokens().tokenEvents());
  }
}
