package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.dsl.prompts.SyntheticAudio;
import dev.gatlingllm.values.PromptAudio;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;

/**
 * A user's simulation of chat requests with audio: each asks about {@link #CLIPS} WAV clips of
 * {@link #CLIP_MILLIS} ms, generated before the load, against {@code -Dtest.baseUrl} in the dialect
 * {@code -Dtest.dialect} (default {@code openai-chat}).
 */
public class AudioChatSimulation extends Simulation {
  static final int REQUESTS = 3;
  static final int CLIPS = 2;
  static final long CLIP_MILLIS = 1000;
  static final String QUESTION = "What is said in these recordings?";

  private final List<PromptAudio> clips =
      SyntheticAudio.generate(CLIPS, Duration.ofMillis(CLIP_MILLIS), 5);

  private final ScenarioBuilder chats =
      scenario("audio")
          .repeat(REQUESTS)
          .on(
              io.gatling.javaapi.core.CoreDsl.exec(
                  chat("chat").user(QUESTION).audio(clips).maxTokens(4).ignoreEos(true)));

  {
    setUp(chats.injectOpen(atOnceUsers(1)))
        .protocols(
            http.baseUrl(System.getProperty("test.baseUrl")),
            llm().model("m").dialect(System.getProperty("test.dialect", "openai-chat")))
        .maxDuration(Duration.ofSeconds(60));
  }
}
