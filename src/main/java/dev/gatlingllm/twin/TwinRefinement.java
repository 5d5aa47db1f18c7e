package dev.gatlingllm.twin;

import dev.gatlingllm.simulator.CapacityModel;
import dev.gatlingllm.simulator.CapacitySweep;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.NelderMeadSimplex;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer;

/**
 * The fit's last stage. The closed forms of {@link TwinFit} only approximate how prompts and
 * decodes share the engine's passes; this search moves the costs from there until the twin, run on
 * the virtual clock ({@link CapacitySweep}), meets every measured level at once: the least sum of
 * absolute log ratios of its TPOT, TTFT and output tok/s to the server's (a ratio, so that a 1 ms
 * TPOT weighs as much as a 50 ms one; absolute rather than squared, so that a level whose streams
 * settled in another phase than the twin's, a TTFT twice as long say, does not pull every other
 * level off to meet it halfway). Nelder-Mead, as it needs no derivative: each point is a
 * discrete-event run, whose figures step rather than slope.
 *
 * <p>The search moves the decode step curve ({@code a}, {@code b}, {@code c}), the request overhead
 * and the idle engine's start always; the prompt's costs only when the server's own prompt times
 * did not measure them ({@link Free}). A cost never goes below 0: the search works on logarithms.
 */
final class TwinRefinement {
  /**
   * Evaluations of one polish. Each evaluation runs every level; enough to settle, few enough for a
   * fit in seconds.
   */
  private static final int POLISH_EVALUATIONS = 600;

  private static final int RESTARTS = 6;

  /** Short searches from scattered points before the polish, each within this many evaluations. */
  private static final int SCOUTS = 6;

  private static final int SCOUT_EVALUATIONS = 80;

  private static final long SCATTER_SEED = 20_261_203L;

  /** Requests per stream of each level while searching; the final check runs longer. */
  static final double SEARCH_CYCLES = 25;

  private static final double MIN_EXPONENT = 0.3;
  private static final double MAX_EXPONENT = 3.0;

  /** A figure the twin cannot produce (no request finished): far worse than any miss. */
  private static final double NO_FIGURE = 100;

  /**
   * The prompt's costs the search may move.
   *
   * @param prefillPerToken the cost per prompt token (fixed when the server gave prompt times)
   * @param attention the cost per attended token pair (moved only when runs of two or more input
   *     lengths can tell it from the cost per token)
   */
  record Free(boolean prefillPerToken, boolean attention) {}

  private final List<LevelObservation> levels;
  private final CapacityModel start;
  private final Free free;
  private double bestError = Double.POSITIVE_INFINITY;
  private CapacityModel best;
  private int evaluations;

  private TwinRefinement(CapacityModel start, List<LevelObservation> levels, Free free) {
    this.start = start;
    this.levels = levels;
    this.free = free;
  }

  /**
   * The model nearest the measurements found from {@code start}, then from points spread around it.
   * Nelder-Mead stops once its best point holds for an iteration, which a simplex still shrinking
   * towards a better one often does; so each polish starts again from the best point, with a
   * smaller simplex each time, while that still gains. The measurements can also be met in more
   * than one way (a TTFT is the overhead plus the prompt's cost plus queueing; a noisy level pulls
   * towards a split that serves it alone), and a search settles in the basin it starts in; so short
   * searches then start from {@link #SCOUTS} points scattered around the first result (seeded: the
   * same runs give the same twin), and the best point any search found is polished again. The
   * result is never worse on the measured levels than the first polish's.
   */
  static CapacityModel refine(CapacityModel start, List<LevelObservation> levels, Free free) {
    TwinRefinement search = new TwinRefinement(start, levels, free);
    search.error(search.point(start)); // the start is a candidate too
    search.polish(search.point(start), POLISH_EVALUATIONS);
    // An idle start of a millisecond and none are two basins: the streams drawn into sending
    // together, or kept apart. Each gets a search of its own.
    search.polish(search.point(start.withIdleStartMicros(0)), POLISH_EVALUATIONS);
    double[] first = search.point(search.best);
    double firstError = search.bestError;
    java.util.Random scatter = new java.util.Random(SCATTER_SEED);
    for (int scout = 0; scout < SCOUTS; scout++) {
      double[] from = first.clone();
      for (int i = 0; i < from.length; i++) {
        // a factor of e either way on a cost, half a unit on the exponent
        from[i] += scatter.nextGaussian() * (i == 2 ? 0.5 : 1.0);
      }
      search.descend(from, 0.4, SCOUT_EVALUATIONS);
    }
    if (search.bestError < firstError) {
      search.polish(search.point(search.best), POLISH_EVALUATIONS);
    }
    return search.best;
  }

  /**
   * Searches from {@code from}, again from each best point, while that gains and {@code budget}
   * lasts.
   */
  private void polish(double[] from, int budget) {
    int until = evaluations + budget;
    double size = 0.4;
    for (int restart = 0; restart < RESTARTS && evaluations < until; restart++) {
      double before = bestError;
      descend(from, size, until - evaluations);
      from = point(best);
      if (before - bestError < 1e-4 * before && restart > 0) break;
      size = Math.max(0.05, size / 2);
    }
  }

  /** One Nelder-Mead search from {@code from}, its simplex {@code size} wide, in {@code budget}. */
  private void descend(double[] from, double size, int budget) {
    double[] steps = new double[from.length];
    java.util.Arrays.fill(steps, size);
    steps[2] = 0.75 * size; // the exponent moves on its own scale
    try {
      new SimplexOptimizer(1e-6, 1e-9)
          .optimize(
              new MaxEval(Math.max(1, budget)),
              new ObjectiveFunction(this::error),
              GoalType.MINIMIZE,
              new InitialGuess(from),
              new NelderMeadSimplex(steps));
    } catch (TooManyEvaluationsException budgetSpent) {
      // the best point seen so far is kept either way
    }
  }

  /** The searched coordinates of a model: logarithms of the costs, the exponent as it is. */
  private double[] point(CapacityModel model) {
    List<Double> x = new ArrayList<>();
    x.add(Math.log(model.decodeStepBaseMicros() + 1));
    x.add(Math.log(model.decodeStepPerStreamMicros() + 0.01));
    x.add(model.decodeStepExponent());
    x.add(Math.log(model.requestOverheadMicros() + 1));
    x.add(Math.log(model.idleStartMicros() + 1));
    if (free.prefillPerToken()) x.add(Math.log(model.prefillPerTokenMicros() + 0.01));
    if (free.attention()) x.add(Math.log(model.attentionPerTokenPairNanos() + 0.001));
    return x.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private CapacityModel model(double[] x) {
    int i = 5;
    double perToken =
        free.prefillPerToken()
            ? Math.max(0, Math.exp(x[i++]) - 0.01)
            : start.prefillPerTokenMicros();
    double attention =
        free.attention() ? Math.max(0, Math.exp(x[i]) - 0.001) : start.attentionPerTokenPairNanos();
    return TwinFit.model(
            start.slots(),
            start.kvCacheTokens(),
            new DecodeCurve(
                Math.max(0, Math.exp(x[0]) - 1),
                Math.max(0, Math.exp(x[1]) - 0.01),
                Math.min(MAX_EXPONENT, Math.max(MIN_EXPONENT, x[2]))),
            perToken,
            Math.max(0, Math.exp(x[3]) - 1))
        .withAttentionPerTokenPairNanos(TwinFit.round3(attention))
        .withIdleStartMicros(Math.round(Math.max(0, Math.exp(x[4]) - 1)));
  }

  private double error(double[] x) {
    evaluations++;
    CapacityModel model = model(x);
    List<CapacitySweep.Level> twin = TwinFit.simulate(model, levels, SEARCH_CYCLES);
    double sum = 0;
    for (int i = 0; i < levels.size(); i++) {
      LevelObservation real = levels.get(i);
      CapacitySweep.Level level = twin.get(i);
      sum += logMiss(TwinFit.tpotMillis(level), real.meanSpeedTpotMillis());
      sum += logMiss(level.ttftP50Millis(), real.ttftP50Millis());
      sum += logMiss(level.outputTokensPerSecond(), real.requestsPerSecond() * real.outputTokens());
    }
    if (sum < bestError) {
      bestError = sum;
      best = model;
    }
    return sum;
  }

  /** How far the twin is from the server on one figure: the absolute log of their ratio. */
  private static double logMiss(double twin, double real) {
    if (!(real > 0)) return 0; // the server gave no such figure: nothing to meet
    if (!(twin > 0)) return NO_FIGURE;
    return Math.abs(Math.log(twin / real));
  }
}
