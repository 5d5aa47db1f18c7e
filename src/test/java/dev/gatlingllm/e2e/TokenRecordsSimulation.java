package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.check.Answer;
import dev.gatlingllm.dsl.LlmRequestActionBuilder;
import dev.gatlingllm.dsl.TokenListener;
import dev.gatlingllm.values.TokenEvent;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link #USERS} users, {@link #REQUESTS} requests each of {@link #TOKENS} output tokens against
 * the simulator at {@code test.baseUrl}, with {@code .tokenRecords()} when {@code
 * test.tokenRecords} is {@code request}, the protocol's {@code tokenRecords(true)} when it is
 * {@code protocol}, and assertions on {@code chat ITL}: p99 below {@code test.itlP99Below} ms and
 * {@code test.itlRecords} records in all; with a counting {@code .onToken(..)} listener when {@code
 * test.listener} is true.
 */
public class TokenRecordsSimulation extends Simulation {
  static final int USERS = 2;
  static final int REQUESTS = 3;
  static final int TOKENS = 6;

  /** Counts what a {@code .onToken(..)} listener saw when {@code test.listener} is true. */
  static final AtomicInteger TOKENS_SEEN = new AtomicInteger();

  static final AtomicInteger ENDS_SEEN = new AtomicInteger();

  {
    LlmRequestActionBuilder request = chat("chat").user("hi").maxTokens(TOKENS).ignoreEos(true);
    String tokenRecords = System.getProperty("test.tokenRecords", "off");
    if (tokenRecords.equals("request")) {
      request = request.tokenRecords();
    }
    if (Boolean.getBoolean("test.listener")) {
      request =
          request.onToken(
              new TokenListener() {
                @Override
                public void onToken(TokenEvent event) {
                  TOKENS_SEEN.incrementAndGet();
                }

                @Override
                public void onEnd(Answer answer) {
                  ENDS_SEEN.incrementAndGet();
                }
              });
    }
    setUp(scenario("token records").repeat(REQUESTS).on(request).injectOpen(atOnceUsers(USERS)))
        .protocols(
            http.baseUrl(System.getProperty("test.baseUrl")),
            llm().model("m").noReport().tokenRecords(tokenRecords.equals("protocol")))
        .assertions(
            details("chat ITL")
                .responseTime()
                .percentile(99.0)
                .lt(Integer.getInteger("test.itlP99Below")),
            details("chat ITL").allRequests().count().is(Long.getLong("test.itlRecords")))
        .maxDuration(Duration.ofSeconds(60));
  }
}
