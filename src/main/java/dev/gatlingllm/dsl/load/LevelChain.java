package dev.gatlingllm.dsl.load;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;

/** Chains populations so each starts when the previous one has ended ({@code andThen}). */
final class LevelChain {
  private LevelChain() {}

  static PopulationBuilder sequential(List<PopulationBuilder> populations) {
    PopulationBuilder tail = populations.get(populations.size() - 1);
    for (int i = populations.size() - 2; i >= 0; i--) {
      tail = populations.get(i).andThen(tail);
    }
    return tail;
  }
}
