package dev.gatlingllm.dsl;

import dev.gatlingllm.gatling.action.StartLevelAction;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.Session;
import java.util.Objects;
import java.util.function.Function;

/** DSL steps the load models use to place virtual users in load levels. */
public final class LoadLevels {
  private LoadLevels() {}

  /**
   * Puts the virtual user in level {@code index}: its requests count for that level, and the level's window in
   * the LLM report opens with its first user.
   *
   * @param index the 0-based level, a constant
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder startLevel(int index) {
    if (index < 0) {
      throw new IllegalArgumentException("a level index is 0 or more, was " + index + " (warm-up: LoadLevels.warmup())");
    }
    return () -> StartLevelAction.builder(index, null, 0);
  }

  /**
   * The same, for a level that runs a known number of requests: the console's progress lines show how many of them
   * are done ({@code 37/80}).
   *
   * @param index the 0-based level, a constant
   * @param plannedRequests the requests the level runs in all, a constant (0: not known)
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder startLevel(int index, long plannedRequests) {
    startLevel(index);
    if (plannedRequests < 0) {
      throw new IllegalArgumentException("planned requests must be >= 0, was " + plannedRequests);
    }
    return () -> StartLevelAction.builder(index, null, plannedRequests);
  }

  /**
   * The same, for a level whose concurrency is chosen when it starts (a capacity search's next level): the
   * level's window in the LLM report opens with the concurrency {@code streams} gives for the user that opens
   * it, instead of the one planned in {@code llm().levels(...)}.
   *
   * @param index the 0-based level, a constant
   * @param streams the level's concurrency, at least 1, from the session
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder startLevel(int index, Function<Session, Integer> streams) {
    startLevel(index);
    Objects.requireNonNull(streams, "streams");
    return () -> StartLevelAction.builder(index, streams, 0);
  }

  /**
   * Puts the virtual user outside every level, in the warm-up: its requests count in no level's figures.
   *
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder warmup() {
    return () -> StartLevelAction.builder(StartLevelAction.WARMUP, null, 0);
  }
}
