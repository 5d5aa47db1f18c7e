package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.dsl.LlmRequestActionBuilder;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.Tokenizer;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Requests that fail inside the plugin rather than on the wire: a body field Jackson cannot write,
 * a null message, a message function that throws, a tokenizer that throws while counting the prompt
 * or the answer. Each must end as one KO record and send its user on to the next action, which
 * saves what it got.
 */
public class NoUserLostSimulation extends Simulation {
  /**
   * Case name -> the session map the request saved, put by the action after it (so: the user went
   * on).
   */
  public static final Map<String, Map<String, Object>> RESULTS = new ConcurrentHashMap<>();

  static final List<String> CASES =
      List.of(
          "unserialisable-body-field",
          "null-message",
          "throwing-messages",
          "prompt-tokenizer",
          "answer-tokenizer",
          "stack-overflow-prompt",
          "stack-overflow-check",
          "self-referential-schema");

  /** The cases whose request reaches the server (the others fail before a byte is sent). */
  static final List<String> SENT = List.of("answer-tokenizer", "stack-overflow-check");

  /** Counts like a word splitter, and throws on the word given: a broken custom tokenizer. */
  record ThrowingTokenizer(String trigger) implements Tokenizer {
    @Override
    public String name() {
      return "throwing";
    }

    @Override
    public int[] encode(String text) {
      if (text.contains(trigger)) {
        throw new IllegalStateException("tokenizer broke on '" + trigger + "'");
      }
      return new int[text.split(" ").length];
    }

    @Override
    public String decode(int[] ids) {
      return "";
    }
  }

  private static PopulationBuilder one(
      String name, LlmRequestActionBuilder request, Tokenizer tokenizer) {
    var llm = llm().model("test-model");
    return scenario(name)
        .exec(request)
        .exec(
            session -> {
              RESULTS.put(name, session.getMap("llm"));
              return session;
            })
        .injectOpen(atOnceUsers(1))
        .protocols(
            http.baseUrl(System.getProperty("test.baseUrl")),
            tokenizer == null ? llm : llm.tokenizer(tokenizer));
  }

  {
    setUp(
            one(
                CASES.get(0),
                chat(CASES.get(0)).user("hello").bodyField("bad", new Object()),
                null),
            one(
                CASES.get(1),
                chat(CASES.get(1)).messages(s -> Arrays.asList(ChatMessage.user("a"), null)),
                null),
            one(
                CASES.get(2),
                chat(CASES.get(2)).messages(s -> List.of(new ChatMessage("user", null))),
                null),
            one(CASES.get(3), chat(CASES.get(3)).user("boom"), new ThrowingTokenizer("boom")),
            // The scripted answer holds the trigger, the prompt does not: it breaks in the
            // completion.
            one(CASES.get(4), chat(CASES.get(4)).user("hello"), new ThrowingTokenizer("answer")),
            // Errors, not exceptions, on the event loop: each still ends its own request.
            one(
                CASES.get(5),
                chat(CASES.get(5))
                    .user(
                        s -> {
                          throw new StackOverflowError();
                        }),
                null),
            one(
                CASES.get(6),
                chat(CASES.get(6))
                    .user("hello")
                    .check(
                        answer -> {
                          throw new StackOverflowError();
                        }),
                null),
            // A schema computed per request is compiled per request: its reference loop is
            // refused before the request is sent, not found by the validator's overflow.
            one(
                CASES.get(7),
                chat(CASES.get(7)).user("hello").responseFormat(s -> "{\"$ref\":\"#\"}"),
                null))
        .assertions(
            global().allRequests().count().is(2L * CASES.size()),
            details(CASES.get(0)).failedRequests().count().is(1L),
            details(CASES.get(1)).failedRequests().count().is(1L),
            details(CASES.get(2)).failedRequests().count().is(1L),
            details(CASES.get(3)).failedRequests().count().is(1L),
            details(CASES.get(4)).failedRequests().count().is(1L),
            details(CASES.get(5)).failedRequests().count().is(1L),
            details(CASES.get(6)).failedRequests().count().is(1L),
            details(CASES.get(7)).failedRequests().count().is(1L))
        .maxDuration(Duration.ofSeconds(20));
  }
}
