package dev.gatlingllm.dsl;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.values.ChatMessage;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;

/**
 * One request per form of value (EL string, function of the session, constant), so that {@link
 * DslValuesTest} can read each as the server received it.
 */
public class DslValuesSimulation extends Simulation {
  private final ScenarioBuilder user =
      scenario("values")
          .exec(
              session ->
                  session
                      .set("user", "u-7")
                      .set("temp", 0.25)
                      .set("eos", true)
                      .set("history", List.of(new ChatMessage("system", "from the session"))))
          .exec(
              chat("el")
                  .user("hi #{user}")
                  .bodyField("user", "#{user}")
                  .header("x-el", "h-#{user}")
                  .temperature("#{temp}")
                  .ignoreEos("#{eos}")
                  .messages("#{history}")
                  .maxTokens(2))
          .exec(
              chat("function")
                  .user(s -> "hi " + s.getString("user"))
                  .bodyField("meta", s -> java.util.Map.of("who", s.getString("user")))
                  .header("x-fn", s -> "f-" + s.getString("user"))
                  .temperature(s -> s.getDouble("temp") * 2)
                  .ignoreEos(s -> !s.getBoolean("eos"))
                  .messages(s -> List.of(new ChatMessage("system", "computed")))
                  .maxTokens(2))
          .exec(
              chat("constant")
                  .user("hi")
                  .bodyField("min_tokens", 2)
                  .bodyField("flag", true)
                  .temperature(0.5)
                  .ignoreEos(true)
                  .messages(List.of(new ChatMessage("system", "fixed")))
                  .maxTokens(2));

  {
    setUp(user.injectOpen(atOnceUsers(1)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("m").noReport())
        .maxDuration(Duration.ofSeconds(30));
  }
}
