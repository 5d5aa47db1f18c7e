package dev.gatlingllm.bench.soak;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.rampConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The soak's client: {@code soak.streams} concurrent users (closed model, reached in a 30-s ramp,
 * then held for {@code soak.minutes}), each sending one streamed chat request. The closed model
 * lets the requests in flight at the end finish, so that every request sent ends OK or KO. Counts
 * the requests sent and writes the count to {@code soak.sentFile} when the run ends.
 */
public class SoakSimulation extends Simulation {
  private static final AtomicLong SENT = new AtomicLong();
  private final int streams = Integer.getInteger("soak.streams", 1000);
  private final int minutes = Integer.getInteger("soak.minutes", 30);
  private final int tokens = Integer.getInteger("soak.tokens", 128);

  {
    var soak =
        scenario("soak")
            .exec(
                session -> {
                  SENT.incrementAndGet();
                  return session;
                })
            .exec(
                chat("chat")
                    .user("Tell me a long story about a cat.")
                    .maxTokens(tokens)
                    .ignoreEos(true));
    setUp(
            soak.injectClosed(
                rampConcurrentUsers(0).to(streams).during(Duration.ofSeconds(30)),
                constantConcurrentUsers(streams).during(Duration.ofMinutes(minutes))))
        .protocols(http.baseUrl(System.getProperty("soak.baseUrl")), llm().model("sim-llm"));
  }

  @Override
  public void after() {
    try {
      Files.writeString(Path.of(System.getProperty("soak.sentFile")), String.valueOf(SENT.get()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
