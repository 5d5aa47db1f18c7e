package dev.gatlingllm.run;

import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

/** What the load engine running the simulation offers a run's reporter (Gatling's, through its adapter). */
public interface RunHost {
  /** Wall-clock milliseconds as the engine's own records use them. */
  long nowMillis();

  /** The event loops on which every virtual user runs and every response is read. */
  List<ScheduledExecutorService> eventLoops();

  /** Runs {@code task} once when the engine's run ends, before the JVM exits. */
  void onRunEnd(Runnable task);
}
