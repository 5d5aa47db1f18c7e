package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.answerJsonPath;
import static dev.gatlingllm.dsl.LlmDsl.answerRegex;
import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static dev.gatlingllm.dsl.LlmDsl.toolCallArguments;
import static dev.gatlingllm.dsl.LlmDsl.toolCallName;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One user against a server at {@code test.baseUrl} that answers {@code /json} with a JSON answer
 * and {@code /tool} with a tool call: checks that find values pass and save them, checks that miss
 * fail with their message, and the saved values are used by the next request's EL.
 */
public class ValueChecksSimulation extends Simulation {
  /** Case name -> the session map the request saved. */
  public static final Map<String, Map<String, Object>> RESULTS = new ConcurrentHashMap<>();

  /** Session attributes after the run's last request: the values the checks saved. */
  public static final Map<String, Object> SESSION = new ConcurrentHashMap<>();

  private static final String[] SAVED = {
    "name", "city", "toolName", "toolCity", "word", "never", "echoed"
  };

  {
    setUp(
            scenario("value checks")
                .exec(
                    chat("json")
                        .endpoint("/json")
                        .user("who?")
                        .saveAs("json")
                        .check(
                            answerJsonPath("$.name").is("x"),
                            answerJsonPath("$.address['city']").saveAs("city"),
                            answerJsonPath("$.tags[1]").is("b").saveAs("name")))
                .exec(
                    chat("tool")
                        .endpoint("/tool")
                        .user("weather?")
                        .saveAs("tool")
                        .check(
                            toolCallName().is("get_weather").saveAs("toolName"),
                            toolCallArguments("$.city").saveAs("toolCity")))
                .exec(
                    chat("regex")
                        .endpoint("/json")
                        .user("who?")
                        .saveAs("regex")
                        .check(answerRegex("\"name\":\"(\\w+)\"").saveAs("word")))
                .exec(
                    chat("wrong value")
                        .endpoint("/json")
                        .user("who?")
                        .saveAs("wrongValue")
                        .check(answerJsonPath("$.name").is("y").saveAs("never")))
                .exec(
                    chat("missing path")
                        .endpoint("/json")
                        .user("who?")
                        .saveAs("missingPath")
                        .check(answerJsonPath("$.address.zip").saveAs("never")))
                .exec(
                    chat("not json")
                        .endpoint("/tool")
                        .user("who?")
                        .saveAs("notJson")
                        .check(answerJsonPath("$.name")))
                .exec(
                    chat("no tool call")
                        .endpoint("/json")
                        .user("who?")
                        .saveAs("noToolCall")
                        .check(toolCallName()))
                .exec(
                    chat("wrong tool")
                        .endpoint("/tool")
                        .user("who?")
                        .saveAs("wrongTool")
                        .check(
                            toolCallName().is("get_time"),
                            toolCallArguments("$.city").saveAs("never")))
                .exec(
                    chat("echo")
                        .endpoint("/json")
                        .user("#{toolCity} #{word}")
                        .saveAs("echo")
                        .check(answerJsonPath("$.name").saveAs("echoed")))
                .exec(
                    session -> {
                      for (String key :
                          new String[] {
                            "json",
                            "tool",
                            "regex",
                            "wrongValue",
                            "missingPath",
                            "notJson",
                            "noToolCall",
                            "wrongTool",
                            "echo"
                          }) {
                        if (session.contains(key)) {
                          RESULTS.put(key, new HashMap<>(session.getMap(key)));
                        }
                      }
                      for (String key : SAVED) {
                        if (session.contains(key)) {
                          SESSION.put(key, session.get(key));
                        }
                      }
                      return session;
                    })
                .injectOpen(atOnceUsers(1)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("m").noReport())
        .maxDuration(Duration.ofSeconds(30));
  }
}
