package dev.gatlingllm.api;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The skeleton of a dialect named by its id: its default endpoint, a fresh interpreter for each
 * stream, the id as its text. Each dialect adds its body, errors and what its API differs in.
 */
public abstract class AbstractDialect implements LlmDialect {
  private final String id;
  private final String defaultEndpoint;
  private final Supplier<StreamInterpreter> interpreters;

  protected AbstractDialect(
      String id, String defaultEndpoint, Supplier<StreamInterpreter> interpreters) {
    this.id = Objects.requireNonNull(id, "id");
    this.defaultEndpoint = Objects.requireNonNull(defaultEndpoint, "defaultEndpoint");
    this.interpreters = Objects.requireNonNull(interpreters, "interpreters");
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final String defaultEndpoint() {
    return defaultEndpoint;
  }

  @Override
  public final StreamInterpreter newInterpreter() {
    return interpreters.get();
  }

  @Override
  public final String toString() {
    return id;
  }
}
