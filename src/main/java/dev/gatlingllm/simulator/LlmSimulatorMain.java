package dev.gatlingllm.simulator;

import java.util.Map;

/**
 * Runs the simulator standalone until killed; every {@code sim.*} system property applies
 * (docs/simulator.md), {@code sim.profile} naming a file of them (a fitted twin). From the project
 * directory:
 *
 * <pre>
 *   ./mvnw -q compile exec:java -Dexec.mainClass=dev.gatlingllm.simulator.LlmSimulatorMain -Dsim.port=8080
 * </pre>
 */
public final class LlmSimulatorMain {
  private LlmSimulatorMain() {}

  public static void main(String[] args) throws InterruptedException {
    if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
      System.out.println("System properties (default):\n" + SimulatorSetting.markdownTable());
      return;
    }
    // Netty would otherwise log at DEBUG through whatever SLF4J binding the classpath has
    // (Gatling's logback)
    io.netty.util.internal.logging.InternalLoggerFactory.setDefaultFactory(
        io.netty.util.internal.logging.JdkLoggerFactory.INSTANCE);
    if (System.getProperty(SimulatorSetting.PORT.propertyName()) == null) {
      System.setProperty(SimulatorSetting.PORT.propertyName(), "8080");
    }
    LlmSimulator simulator;
    try {
      simulator = LlmSimulator.builder().fromSystemProperties().build();
    } catch (IllegalArgumentException e) {
      // a bad setting or profile is the user's to fix: one line, no stack trace
      System.err.println("gatling-llm: " + e.getMessage());
      System.exit(2);
      return;
    }
    simulator.start();
    Runtime.getRuntime().addShutdownHook(new Thread(simulator::close, "sim-shutdown"));
    System.out.println("LLM simulator listening on " + simulator.baseUri());
    for (Map.Entry<SimulatorSetting, String> e : simulator.config().values().entrySet()) {
      if (!e.getValue().equals(e.getKey().defaultValue())) {
        System.out.println("  " + e.getKey().propertyName() + "=" + e.getValue());
      }
    }
    Thread.currentThread().join();
  }
}
