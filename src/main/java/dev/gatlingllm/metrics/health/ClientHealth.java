package dev.gatlingllm.metrics.health;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.stats.Distribution;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the client's own figures can be trusted: a level whose event loops ran late
 * (docs/metrics.md, "Client health") measured every token event that late, so its TTFT and ITL
 * include the client's delay.
 */
public final class ClientHealth {
  /** The p99 event-loop delay above which a level's latencies are flagged (ms). */
  public static final double MAX_P99_DELAY_MS = 5.0;

  private ClientHealth() {}

  /**
   * One line per level whose p99 event-loop delay exceeds {@link #MAX_P99_DELAY_MS}; empty when all
   * are fine.
   */
  public static List<String> warnings(RunSummary summary) {
    List<String> warnings = new ArrayList<>();
    // A run of embeddings and rerank requests has no token to time late: its one latency is E2EL.
    String figures =
        summary.run().pooled().coversAll(summary.run().counts())
            ? "E2EL figures"
            : "TTFT and ITL figures";
    for (LevelFigures level : summary.levels()) {
      Distribution delay = level.figures().eventLoopDelay();
      if (delay.count() > 0 && delay.p99() > MAX_P99_DELAY_MS) {
        warnings.add(
            String.format(
                Locale.ROOT,
                "%s: the client's event loops ran late (delay p99 %.1f ms, max %.1f ms, bound %.0f ms): its %s"
                    + " include up to that much of the client's own delay",
                level.level().label(),
                delay.p99(),
                delay.max(),
                MAX_P99_DELAY_MS,
                figures));
      }
    }
    return warnings;
  }
}
