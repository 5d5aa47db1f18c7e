package dev.gatlingllm.run;

import dev.gatlingllm.check.CheckVerdict;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What the load engine running the simulation offers a run's reporter (Gatling's, through its
 * adapter).
 */
public interface RunHost {
  /** Wall-clock milliseconds as the engine's own records use them. */
  long nowMillis();

  /** The event loops on which every virtual user runs and every response is read. */
  List<ScheduledExecutorService> eventLoops();

  /** Runs {@code task} once when the engine's run ends, before the JVM exits. */
  void onRunEnd(Runnable task);

  /**
   * The verdicts of the engine's own assertions of the run, once its records are closed (at the
   * run's end).
   *
   * @param runFolder the run's results folder
   * @return one verdict per assertion; none when the engine has none or cannot say
   */
  default List<CheckVerdict> judgeAssertions(Path runFolder) {
    return List.of();
  }
}
