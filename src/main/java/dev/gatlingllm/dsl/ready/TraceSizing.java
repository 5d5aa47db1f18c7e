package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.dsl.load.TraceReplay;
import dev.gatlingllm.simulator.CapacityModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the target can serve a replayed trace as recorded, judged before the load from the
 * trace's lengths and pace (docs/running.md, "Traces too large for the target").
 *
 * <p>The embedded simulator is sized: its KV budget is raised to twice the trace's longest request
 * (prompt + output), unless {@code sim.kvCacheTokens} is set. A budget below the longest request is
 * a server that could not have served the trace at all (vLLM refuses to start when its KV cache
 * cannot hold one request of the model's context length); one just above it admits that request
 * only once the whole batch has drained, and TGI's FIFO keeps every request behind it waiting.
 * Nothing else is changed: the speed of the simulated GPU is what the run measures against.
 *
 * <p>Everything else is a warning, one line each, naming the property to change: the longest
 * request's time to its first token and its whole duration, alone on the target, against {@code
 * llm.idleTimeoutSeconds} and {@code llm.timeoutSeconds} (a real server's speed is unknown: the
 * simulator's default model stands for it, one mid-range GPU, so the warning says "could"); and, on
 * the embedded simulator, the share of its engine time the trace asks for at its pace.
 */
final class TraceSizing {
  /** The KV budget the sizing gives as a multiple of the longest request. */
  static final int KV_PER_LONGEST_REQUEST = 2;

  private TraceSizing() {}

  /** The longest request's KV need (prompt + output), in tokens. */
  static long longestRequestTokens(List<TraceReplay.Entry> entries) {
    return entries.stream()
        .mapToLong(e -> CapacityModel.kvReservation(e.inputTokens(), e.outputTokens()))
        .max()
        .orElse(0);
  }

  /**
   * The embedded simulator's KV budget for the trace: the default's, or twice the longest request
   * when that is more.
   */
  static long embeddedKvCacheTokens(List<TraceReplay.Entry> entries) {
    return Math.max(
        CapacityModel.DEFAULT.kvCacheTokens(),
        KV_PER_LONGEST_REQUEST * longestRequestTokens(entries));
  }

  /**
   * The warnings for the replay on this target, one line each; empty when it fits.
   *
   * @param replay the trace, at its speed
   * @param model the embedded simulator's model, or for a real server the simulator's default
   * @param embedded whether the target is the embedded simulator
   * @param idleTimeout the client's {@code llm.idleTimeoutSeconds}
   * @param overallTimeout the client's {@code llm.timeoutSeconds}
   */
  static List<String> warnings(
      TraceReplay replay,
      CapacityModel model,
      boolean embedded,
      Duration idleTimeout,
      Duration overallTimeout) {
    List<TraceReplay.Entry> entries = replay.entries();
    List<String> lines = new ArrayList<>();
    String where = embedded ? "on the embedded simulator" : "on a server as fast as the simulator";
    String could = embedded ? "takes" : "could take";
    long longest = longestRequestTokens(entries);
    if (embedded && KV_PER_LONGEST_REQUEST * longest > model.kvCacheTokens()) {
      lines.add(
          String.format(
              Locale.ROOT,
              "the trace's longest request needs %d KV tokens, more than half of"
                  + " sim.kvCacheTokens=%d: it is admitted only once the batch has all but drained,"
                  + " and every request behind it waits too; set -Dsim.kvCacheTokens=%d",
              longest,
              model.kvCacheTokens(),
              KV_PER_LONGEST_REQUEST * longest));
    }
    TraceReplay.Entry slowestStart =
        entries.stream()
            .max(java.util.Comparator.comparingInt(TraceReplay.Entry::inputTokens))
            .orElseThrow();
    double firstTokenSeconds = firstTokenNanos(model, slowestStart) / 1e9;
    if (firstTokenSeconds > idleTimeout.toSeconds()) {
      lines.add(
          String.format(
              Locale.ROOT,
              "the trace's longest prompt (%d tokens) %s %.0f s to its first token %s, alone,"
                  + " more than llm.idleTimeoutSeconds=%d: set -Dllm.idleTimeoutSeconds=%d",
              slowestStart.inputTokens(),
              could,
              firstTokenSeconds,
              where,
              idleTimeout.toSeconds(),
              suggestedSeconds(firstTokenSeconds)));
    }
    TraceReplay.Entry slowest =
        entries.stream()
            .max(java.util.Comparator.comparingLong(e -> durationNanos(model, e)))
            .orElseThrow();
    double seconds = durationNanos(model, slowest) / 1e9;
    if (seconds > overallTimeout.toSeconds()) {
      lines.add(
          String.format(
              Locale.ROOT,
              "the trace's slowest request (%d tokens in, %d out) %s %.0f s %s, alone, more than"
                  + " llm.timeoutSeconds=%d: set -Dllm.timeoutSeconds=%d",
              slowest.inputTokens(),
              slowest.outputTokens(),
              could,
              seconds,
              where,
              overallTimeout.toSeconds(),
              suggestedSeconds(seconds)));
    }
    if (embedded) {
      EngineShare share = engineShare(replay, model);
      if (share.total() > 1) {
        lines.add(
            String.format(
                Locale.ROOT,
                "at this pace the trace asks the embedded simulator for about %.0f %% of its engine"
                    + " time (prefill %.0f %%, decode %.0f %%): requests will queue, and those that"
                    + " wait past llm.idleTimeoutSeconds=%d end KO; replay it slower"
                    + " (-Dllm.trace.speed=%s) or give the simulator more capacity (sim.* settings,"
                    + " docs/simulator.md)",
                100 * share.total(),
                100 * share.prefill(),
                100 * share.decode(),
                idleTimeout.toSeconds(),
                suggestedSpeed(replay.speed(), share.total())));
      }
    }
    return lines;
  }

  /** The shares of the engine's time the trace's prefills and decodes need at the replay's pace. */
  record EngineShare(double prefill, double decode) {
    double total() {
      return prefill + decode;
    }
  }

  /**
   * The engine time the trace asks for per second of replay, a lower bound: every prompt's prefill
   * once, and every output token at the cost per sequence of a decode step of the batch the KV
   * budget holds with requests of the trace's mean size (at most the slots). Queueing, preemption
   * and TGI's admission pauses only add to it.
   */
  static EngineShare engineShare(TraceReplay replay, CapacityModel model) {
    double spanSeconds = replay.span().toNanos() / 1e9;
    List<TraceReplay.Entry> entries = replay.entries();
    if (spanSeconds <= 0 || entries.size() < 2) {
      return new EngineShare(0, 0);
    }
    double prefillSeconds = 0;
    long kvTokens = 0;
    long outputTokens = 0;
    for (TraceReplay.Entry entry : entries) {
      prefillSeconds += model.prefillNanos(entry.inputTokens()) / 1e9;
      kvTokens += CapacityModel.kvReservation(entry.inputTokens(), entry.outputTokens());
      outputTokens += entry.outputTokens();
    }
    double meanKv = (double) kvTokens / entries.size();
    int batch = (int) Math.max(1, Math.min(model.slots(), model.kvCacheTokens() / meanKv));
    double decodeSeconds = outputTokens * (model.decodeStepNanos(batch) / 1e9) / batch;
    return new EngineShare(prefillSeconds / spanSeconds, decodeSeconds / spanSeconds);
  }

  /** Time to the first token alone: the API server's overhead, then the whole prefill. */
  static long firstTokenNanos(CapacityModel model, TraceReplay.Entry entry) {
    return model.requestOverheadNanos() + model.prefillNanos(entry.inputTokens());
  }

  /** The whole request alone: to its first token, then one decode step of one per token left. */
  static long durationNanos(CapacityModel model, TraceReplay.Entry entry) {
    return firstTokenNanos(model, entry)
        + Math.max(0, entry.outputTokens() - 1L) * model.decodeStepNanos(1);
  }

  /** Twice the estimate, rounded up to 10 s: room for the queue the estimate leaves out. */
  private static long suggestedSeconds(double estimate) {
    return (long) Math.ceil(2 * estimate / 10) * 10;
  }

  /** A speed at which the share would be about 90 %, two significant digits. */
  private static String suggestedSpeed(double speed, double share) {
    double target = speed * 0.9 / share;
    return new java.math.BigDecimal(target)
        .round(new java.math.MathContext(2))
        .stripTrailingZeros()
        .toPlainString();
  }
}
