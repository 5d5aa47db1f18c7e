package dev.gatlingllm.bench.load;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.regex;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.sse;

import dev.gatlingllm.simulator.LlmSimulator;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * The same load through Gatling's built-in SSE support, written the way Gatling's LLM guide does
 * (POST with {@code sse(..)}, read messages until {@code [DONE]}, close), with two fixes it needs
 * on 3.15.1:
 *
 * <ul>
 *   <li>the end check: {@code data: [DONE]} is not JSON, so 3.15 hands it to checks as {@code
 *       {"data":[DONE]}}; the guide's {@code {"data":"[DONE]"}} never matches and its loop never
 *       ends;
 *   <li>no busy loop: the guide spins on {@code processUnmatchedMessages}; here each turn awaits
 *       one message with a check, then looks at the messages that arrived in the same read (kept as
 *       unmatched).
 * </ul>
 */
public class GatlingSseSimulation extends Simulation {
  private final LoadPlan plan = LoadPlan.fromSystemProperties();
  private static final String DONE_IN_MESSAGE = "\"data\":[DONE]";

  {
    var streaming =
        scenario("sse")
            .forever()
            .on(
                exec(
                    session -> {
                      int key = ClientProbe.nextKey();
                      String body =
                          "{\"model\":\"sim-llm\",\"stream\":true,\"stream_options\":{\"include_usage\":true},"
                              + "\"max_tokens\":"
                              + plan.tokens()
                              + ",\"ignore_eos\":true,"
                              + "\"messages\":[{\"role\":\"user\",\"content\":\""
                              + LoadPlan.prompt(key)
                              + "\"}]}";
                      int row = ClientProbe.startRow(key);
                      return session
                          .markAsSucceeded()
                          .set("body", body)
                          .set("sseDone", 0)
                          .set("row", row)
                          .set("requestId", LoadPlan.requestId(row));
                    }),
                sse("connect")
                    .post("/v1/chat/completions")
                    .header(LlmSimulator.CLIENT_REQUEST_ID_HEADER, "#{requestId}")
                    .body(StringBody("#{body}"))
                    .asJson(),
                asLongAs(session -> session.getInt("sseDone") == 0 && !session.isFailed())
                    .on(
                        sse("await")
                            .setCheck()
                            .await(Duration.ofSeconds(30))
                            .on(
                                sse.checkMessage("token")
                                    .check(regex("\"data\":\\[DONE\\]").count().saveAs("sseDone"))),
                        sse.processUnmatchedMessages(
                            (messages, session) ->
                                messages.stream()
                                        .anyMatch(m -> m.message().contains(DONE_IN_MESSAGE))
                                    ? session.set("sseDone", 1)
                                    : session)),
                sse("close").close(),
                exec(
                    session -> {
                      ClientProbe.finishRow(
                          session.getInt("row"), -1, 0); // Gatling SSE has no TTFT to give
                      return session;
                    }));
    setUp(streaming.injectOpen(rampUsers(plan.streams()).during(plan.rampSeconds())))
        .protocols(http.baseUrl(plan.baseUrl()).sseUnmatchedInboundMessageBufferSize(100))
        .maxDuration(plan.maxDuration());
  }

  @Override
  public void before() {
    ClientProbe.startPhases(plan);
  }
}
