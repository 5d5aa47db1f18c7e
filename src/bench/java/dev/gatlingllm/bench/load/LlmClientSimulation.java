package dev.gatlingllm.bench.load;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.simulator.LlmSimulator;
import io.gatling.javaapi.core.Simulation;
import java.util.Map;

/**
 * The plugin's client under the harness's load: {@code streams} users, each streaming chat requests
 * back to back on its keep-alive connection until Gatling's maxDuration ends the run. Each request
 * keeps its inter-token gaps ({@code saveItl()}) so that the harness can join them with the
 * server's, gap by gap.
 */
public class LlmClientSimulation extends Simulation {
  private final LoadPlan plan = LoadPlan.fromSystemProperties();

  {
    var streaming =
        scenario("llm")
            .forever()
            .on(
                exec(session -> {
                      int key = ClientProbe.nextKey();
                      int row = ClientProbe.startRow(key);
                      return session
                          .set("prompt", LoadPlan.prompt(key))
                          .set("row", row)
                          .set("requestId", LoadPlan.requestId(row));
                    })
                    .exec(
                        chat("chat")
                            .header(LlmSimulator.CLIENT_REQUEST_ID_HEADER, "#{requestId}")
                            .user("#{prompt}")
                            .maxTokens(plan.tokens())
                            .ignoreEos(true)
                            .saveItl())
                    .exec(
                        session -> {
                          Map<String, Object> llm = session.getMap("llm");
                          double ttftMs = ((Number) llm.get("ttftMs")).doubleValue();
                          int row = session.getInt("row");
                          ClientProbe.finishRow(
                              row,
                              ttftMs < 0 ? -1 : Math.round(ttftMs * 1_000),
                              ((Number) llm.get("tokenEvents")).intValue());
                          ClientProbe.saveGaps(row, (double[]) llm.get("itlMs"));
                          return session.markAsSucceeded();
                        }));
    setUp(streaming.injectOpen(rampUsers(plan.streams()).during(plan.rampSeconds())))
        .protocols(http.baseUrl(plan.baseUrl()), llm().model("sim-llm"))
        .maxDuration(plan.maxDuration());
  }

  @Override
  public void before() {
    ClientProbe.startPhases(plan);
  }
}
