package dev.gatlingllm.dsl;

import dev.gatlingllm.gatling.action.StartLevelAction;
import io.gatling.javaapi.core.ActionBuilder;

/** DSL steps the load models use to place virtual users in load levels. */
public final class LoadLevels {
  private LoadLevels() {}

  /**
   * Puts the virtual user in level {@code index} (0-based, -1 for warm-up outside every level): its requests
   * count for that level, and the level's window in the LLM report opens with its first user.
   */
  public static ActionBuilder startLevel(int index) {
    return () -> StartLevelAction.builder(index);
  }
}
