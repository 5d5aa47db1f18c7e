package dev.gatlingllm.dsl;

import dev.gatlingllm.simulator.LlmSimulator;

/**
 * The one embedded simulator a user's simulation asks for ({@link
 * LlmDsl#baseUrlOrEmbeddedSimulator}): started at the first request for it, shared by every later
 * one in the JVM, stopped by a shutdown hook, since a user's simulation has no place to close it
 * (Gatling's launcher ends its JVM when the run is over).
 */
final class EmbeddedSimulator {
  private static LlmSimulator running;

  private EmbeddedSimulator() {}

  static synchronized String baseUrl() {
    if (running == null) {
      LlmSimulator simulator =
          LlmSimulator.builder().fromSystemProperties().host("127.0.0.1").port(0).build().start();
      Runtime.getRuntime()
          .addShutdownHook(new Thread(simulator::close, "gatling-llm-simulator-stop"));
      running = simulator;
      System.out.println(
          "gatling-llm: no base URL given: the embedded LLM simulator serves "
              + simulator.baseUri()
              + " for this run");
    }
    return running.baseUri().toString();
  }
}
