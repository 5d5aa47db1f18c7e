package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;

/**
 * Users each given their own schema in their session, so that it is known only per request and
 * cannot be refused before the load: a schema whose {@code $ref} is itself, one whose reference
 * loops through {@code $defs}, and a recursive one that is sound (its reference is inside a
 * property, so each step reads some of the answer). Each user sends a plain chat first, then the
 * chat of its schema, against {@code -Dtest.baseUrl}.
 */
public class SchemaPerSessionSimulation extends Simulation {
  /** The schemas that loop without reading the answer, one user each. */
  static final List<String> LOOPS =
      List.of(
          "{\"$ref\":\"#\"}",
          "{\"$defs\":{\"a\":{\"$ref\":\"#/$defs/a\"}},\"$ref\":\"#/$defs/a\"}");

  /** A recursive schema that is sound: sent, its answer judged. */
  static final String SOUND = "{\"type\":\"object\",\"properties\":{\"next\":{\"$ref\":\"#\"}}}";

  static final List<String> SCHEMAS =
      List.of(LOOPS.get(0), LOOPS.get(1), SOUND, LOOPS.get(0), LOOPS.get(1), SOUND);

  {
    java.util.Iterator<java.util.Map<String, Object>> feed =
        SCHEMAS.stream()
            .map(schema -> java.util.Map.<String, Object>of("schema", schema))
            .iterator();
    setUp(
            scenario("schema per session")
                .feed(feed)
                .exec(chat("plain").user("hello").maxTokens(4))
                .exec(
                    chat("schema of the session")
                        .user("hello")
                        .maxTokens(4)
                        .responseFormat(session -> session.getString("schema")))
                .injectOpen(atOnceUsers(SCHEMAS.size())))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("m"))
        .maxDuration(Duration.ofSeconds(30));
  }
}
