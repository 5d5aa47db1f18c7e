package dev.gatlingllm.docs;

import io.gatling.core.scenario.SimulationParams;
import io.gatling.javaapi.core.Simulation;

/**
 * Runs a page's simulation compiled by {@link DocExamplesTest}: Gatling loads a simulation by name
 * from its own class loader, which does not see classes compiled during the tests, so this one
 * stands in for it and hands Gatling the compiled simulation's setup.
 */
public class DocExampleSimulation extends Simulation {
  /** The compiled simulation the next run plays; set before the run. */
  static volatile Class<? extends Simulation> next;

  private final Simulation example;

  public DocExampleSimulation() throws ReflectiveOperationException {
    example = next.getConstructor().newInstance();
  }

  @Override
  public SimulationParams params(String name) {
    return example.params(name);
  }
}
