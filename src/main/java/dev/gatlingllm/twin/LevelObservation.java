package dev.gatlingllm.twin;

import dev.gatlingllm.simulator.RequestShape;
import java.util.List;

/**
 * What one level of a closed-loop sweep showed, the figures a fit needs: medians where a typical
 * request is asked for (robust to the odd stall of a shared machine), means where Little's law
 * needs them (they hold together with the level's request rate whatever the outliers).
 *
 * @param concurrency the level's streams
 * @param requests successful requests the figures are of
 * @param inputTokens mean prompt tokens as the server counted them (its chat template included)
 * @param requestedInputTokens mean prompt tokens the client asked for (the run's input length, or
 *     the server's count when the run did not say)
 * @param outputTokens mean output tokens
 * @param ttftP50Millis median time to first token
 * @param tpotP50Millis median time per output token after the first
 * @param meanSpeedTpotMillis the requests' mean output speed, inverted (1 / mean(1 / TPOT)): what
 *     the fit compares with the twin's own (a median is a step function of the costs, which a
 *     search cannot follow); within a hair of the median when all requests are alike, some 20 %
 *     below it when their lengths vary
 * @param ttftMeanMillis mean time to first token
 * @param e2elMeanMillis mean end-to-end latency
 * @param requestsPerSecond the level's successful requests per second
 * @param serverPrefillP50Millis the server's own median prompt time, NaN when it gave none
 * @param requestsPerStream the requests each stream sent when the level was measured from its first
 *     send, as a sweep in request mode measures it (its ramp and its drain in the figures: the twin
 *     then runs the level the same way, {@code CapacitySweep.runRequests}); 0 when the figures are
 *     of a settled window, a steady state
 * @param shapes the level's successful requests in the order they were sent, their prompts in the
 *     twin's count (the server's less its chat template, {@code inputTokens -
 *     requestedInputTokens}): the twin replays them when their lengths varied (a range ratio, a
 *     dataset), as requests of the mean lengths would not collide as the measured ones did; empty
 *     when not known, the twin then sends requests of the mean lengths
 */
public record LevelObservation(
    int concurrency,
    int requests,
    double inputTokens,
    double requestedInputTokens,
    double outputTokens,
    double ttftP50Millis,
    double tpotP50Millis,
    double meanSpeedTpotMillis,
    double ttftMeanMillis,
    double e2elMeanMillis,
    double requestsPerSecond,
    double serverPrefillP50Millis,
    int requestsPerStream,
    List<RequestShape> shapes) {

  public LevelObservation {
    shapes = List.copyOf(shapes);
  }

  /** The level's output tokens per second: its request rate times its mean output. */
  public double outputTokensPerSecond() {
    return requestsPerSecond * outputTokens;
  }

  public boolean hasServerPrefill() {
    return !Double.isNaN(serverPrefillP50Millis) && serverPrefillP50Millis >= 0;
  }

  /**
   * Sequences the server held at once on average (Little's law): requests per second x the time
   * each spent past the queue, i.e. its decode ({@code e2el - ttft}) plus the time to its first
   * token when nothing queues ({@code unqueuedTtftMillis}).
   */
  public double occupancy(double unqueuedTtftMillis) {
    return requestsPerSecond * (e2elMeanMillis - ttftMeanMillis + unqueuedTtftMillis) / 1000.0;
  }
}
