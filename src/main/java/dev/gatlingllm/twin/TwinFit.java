package dev.gatlingllm.twin;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.simulator.CapacityModel;
import dev.gatlingllm.simulator.CapacitySweep;
import dev.gatlingllm.simulator.RequestShape;
import dev.gatlingllm.simulator.SchedulerKind;
import dev.gatlingllm.simulator.SchedulingPolicy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Locale;

/**
 * Fits the simulator's costs to a real server's closed-loop sweep (docs/simulator.md, "A twin of a
 * real server"): the prompt's costs from the server's own prompt times at the lowest level (per
 * token, and per attended token pair when runs of two or more input lengths show the curve), the
 * slots from Little's law, a first decode step curve from each level's median TPOT less the share
 * other requests' prefills took of it, the request overhead from the lowest level's TTFT; then a
 * search on the simulator's virtual clock ({@link TwinRefinement}) moves the costs the closed forms
 * only approximate until the twin meets the measured TPOT, TTFT and output tok/s at every level.
 * The twin schedules as vLLM V1, SGLang and llama.cpp do: prompts in chunks within the iteration's
 * token budget, beside the running decodes.
 */
public final class TwinFit {
  /** A level holding fewer than this share of its streams at once queued for slots. */
  static final double QUEUED_BELOW = 0.8;

  /** A level whose median TTFT is more than this multiple of the lowest level's may have queued. */
  static final double QUEUED_TTFT_FACTOR = 2.0;

  /**
   * The streams of a level start over this time, as the ready simulations' do ({@code
   * llm.rampSeconds}' default): identical streams can settle into different phases (prompts all in
   * one pass, or spread) depending on how they started, so the twin starts as the measured run did.
   */
  static final double RAMP_SECONDS = 1.0;

  /**
   * The idle engine's start the search begins from: llama.cpp's server loop gathers for about a
   * millisecond the requests that reach it while idle into one first pass, which draws identical
   * closed-loop streams into sending together (BENCHMARKS.md, "The twin against llama.cpp"). From 0
   * the search, which moves it on a log scale, would never reach it; where the levels do not show
   * it, the search takes it down.
   */
  static final long IDLE_START_MICROS = 1_000;

  /** A fitted level the twin misses by more than this share is named in the profile's notes. */
  private static final double MISS_NOTED = 0.25;

  private static final long DEFAULT_KV_TOKENS = CapacityModel.DEFAULT.kvCacheTokens();

  private TwinFit() {}

  /**
   * @param levels every level of the runs to fit, any order
   * @throws UserError when fewer than two concurrency levels were measured
   */
  public static FittedTwin fit(List<LevelObservation> levels) {
    return fit(levels, 0);
  }

  /**
   * @param levels every level of the runs to fit, any order
   * @param knownSlots the server's slots when known (vLLM's {@code max_num_seqs}, llama.cpp's
   *     {@code -np}), else 0 to infer them from the levels that queued, which a noisy machine can
   *     mislead
   * @throws UserError when fewer than two concurrency levels were measured
   */
  public static FittedTwin fit(List<LevelObservation> levels, int knownSlots) {
    levels.forEach(TwinFit::checkFittable);
    try {
      return fitChecked(levels, knownSlots);
    } catch (UserError e) {
      throw e;
    } catch (IllegalArgumentException e) {
      // A cost the closed forms or the search made that no simulator takes (NaN, infinite,
      // absurd): the fit says so rather than writing a profile of it.
      throw new UserError("the runs cannot be fitted: the fit came to " + e.getMessage());
    }
  }

  /** The longest TPOT or TTFT a level may show: beyond, it stalled rather than served. */
  static final double MAX_MILLIS = 3_600_000;

  /** The most tokens a request's prompt or answer may hold on average. */
  static final double MAX_TOKENS = 10_000_000;

  /**
   * Refuses a level whose figures cannot be fitted: a TTFT or TPOT of zero, NaN or beyond an hour,
   * token counts beyond {@value #MAX_TOKENS}, no request rate; each would become a NaN or absurd
   * cost in the profile.
   */
  private static void checkFittable(LevelObservation level) {
    String at = "at " + level.concurrency() + " streams";
    checkPositive(at, "the TTFT p50", level.ttftP50Millis(), MAX_MILLIS, "ms");
    checkPositive(at, "the TPOT p50", level.tpotP50Millis(), MAX_MILLIS, "ms");
    checkPositive(at, "the mean TPOT", level.meanSpeedTpotMillis(), MAX_MILLIS, "ms");
    checkPositive(at, "the mean TTFT", level.ttftMeanMillis(), MAX_MILLIS, "ms");
    checkPositive(at, "the mean E2EL", level.e2elMeanMillis(), 24 * MAX_MILLIS, "ms");
    checkPositive(at, "the request rate", level.requestsPerSecond(), 1e6, "req/s");
    checkPositive(at, "the mean output", level.outputTokens(), MAX_TOKENS, "tokens");
    checkPositive(at, "the mean prompt", level.inputTokens(), MAX_TOKENS, "tokens");
  }

  private static void checkPositive(String at, String what, double value, double max, String unit) {
    if (!(value > 0 && value <= max)) {
      throw new UserError(
          "the runs cannot be fitted: "
              + at
              + " "
              + what
              + " is "
              + value
              + " "
              + unit
              + " (a fit needs more than 0 and at most "
              + new java.math.BigDecimal(max).toPlainString()
              + "): no profile written");
    }
  }

  private static FittedTwin fitChecked(List<LevelObservation> levels, int knownSlots) {
    long concurrencies = levels.stream().mapToInt(LevelObservation::concurrency).distinct().count();
    if (concurrencies < 2) {
      throw new UserError(
          "too few points to fit: "
              + concurrencies
              + " concurrency level(s) measured, at least 2 needed (a sweep such as"
              + " -Dllm.levels=1,2,4,8)");
    }
    List<LevelObservation> sorted = new ArrayList<>(levels);
    sorted.sort(Comparator.comparingInt(LevelObservation::concurrency));
    List<String> notes = new ArrayList<>();
    int lowest = sorted.get(0).concurrency();
    List<LevelObservation> base = sorted.stream().filter(l -> l.concurrency() == lowest).toList();
    double unqueuedTtft =
        base.stream().mapToDouble(LevelObservation::ttftP50Millis).average().orElse(0);

    Prefill prefill = prefill(base, notes);
    int slots = knownSlots > 0 ? knownSlots : slots(sorted, unqueuedTtft, notes);

    double[] batches = new double[sorted.size()];
    double[] steps = new double[sorted.size()];
    for (int i = 0; i < sorted.size(); i++) {
      LevelObservation level = sorted.get(i);
      int batch = Math.min(level.concurrency(), slots);
      double prefillMillis = prefill.micros(level.requestedInputTokens()) / 1000.0;
      double cycle = level.e2elMeanMillis() - Math.max(0, level.ttftMeanMillis() - unqueuedTtft);
      double othersShare = cycle <= 0 ? 0 : (batch - 1) * prefillMillis / cycle;
      batches[i] = batch;
      steps[i] = level.tpotP50Millis() * 1000.0 * Math.max(0.3, 1 - othersShare);
    }
    DecodeCurve curve = DecodeCurve.fit(batches, steps);
    if (java.util.Arrays.stream(batches).distinct().count() < 3) {
      notes.add(
          "fewer than 3 batch sizes: the decode step is a straight line (exponent 1); measure more"
              + " levels to fit its curve");
    }
    double overhead = overheadMicros(base, curve, prefill, lowest, slots);
    long kvTokens = kvTokens(sorted, slots);
    CapacityModel start =
        model(slots, kvTokens, curve, prefill.perTokenMicros(), overhead)
            .withAttentionPerTokenPairNanos(round3(prefill.pairNanos()))
            .withIdleStartMicros(IDLE_START_MICROS);
    // The closed forms above approximate the interleaving of prompts and decodes; the virtual
    // clock runs it exactly, and the search moves the costs until it meets every level.
    CapacityModel model = TwinRefinement.refine(start, sorted, prefill.free());

    List<FittedTwin.Check> checks = new ArrayList<>();
    List<CapacitySweep.Level> simulated = simulate(model, sorted);
    for (int i = 0; i < sorted.size(); i++) {
      FittedTwin.Check check = new FittedTwin.Check(sorted.get(i), simulated.get(i));
      checks.add(check);
      if (Math.abs(check.tpotError()) > MISS_NOTED) {
        notes.add(
            String.format(
                Locale.ROOT,
                "at %d streams the twin's TPOT misses the server's by %+.0f %%: the server slowed (or"
                    + " sped up) there for reasons its batch does not explain (a shared machine, a"
                    + " level too short?)",
                check.measured().concurrency(),
                100 * check.tpotError()));
      }
    }
    return new FittedTwin(model, checks, notes);
  }

  /**
   * A prompt's cost in the twin's count of its tokens (the client's, without the chat template the
   * twin does not see, whose cost falls to the overhead): {@code perTokenMicros} per token and
   * {@code pairNanos} per attended token pair ({@link CapacityModel#chunkPairs}); {@code free}:
   * which of them the measurements left for the search to find.
   */
  record Prefill(double perTokenMicros, double pairNanos, TwinRefinement.Free free) {
    double micros(double tokens) {
      return perTokenMicros * tokens + pairNanos * tokens * (tokens + 1) / 2 / 1000.0;
    }
  }

  private static Prefill prefill(List<LevelObservation> base, List<String> notes) {
    List<LevelObservation> timed =
        base.stream().filter(LevelObservation::hasServerPrefill).toList();
    if (distinctLengths(timed) >= 2) {
      return fromServerTimes(timed);
    }
    if (!timed.isEmpty()) {
      double perToken =
          timed.stream()
              .mapToDouble(l -> 1000.0 * l.serverPrefillP50Millis() / l.inputTokens())
              .average()
              .orElse(0);
      // one length cannot tell the attention's share: the prompt's cost is taken as linear
      return new Prefill(perToken, 0, new TwinRefinement.Free(false, false));
    }
    if (distinctLengths(base) >= 2) {
      notes.add("no server prompt times: the prompt's costs from TTFT across the input lengths");
      return new Prefill(ttftSlope(base), 0, new TwinRefinement.Free(true, true));
    }
    notes.add(
        "no server prompt times and one input length: the prompt's cost and the overhead are told"
            + " apart only by how TTFT grows with load; runs of two input lengths would pin them");
    LevelObservation first = base.get(0);
    return new Prefill(
        1000.0 * first.ttftP50Millis() * 0.5 / first.requestedInputTokens(),
        0,
        new TwinRefinement.Free(true, false));
  }

  private static long distinctLengths(List<LevelObservation> levels) {
    return levels.stream().mapToLong(l -> Math.round(l.inputTokens() / 8.0)).distinct().count();
  }

  /**
   * The server's prompt time {@code a n + q n (n + 1) / 2} over its own token count {@code n},
   * least squares on relative errors, neither cost below 0; then in the twin's count, {@code t}
   * template tokens fewer: {@code a + q t} per token, the same {@code q} per pair (the rest, the
   * template's own cost, is the overhead's).
   */
  private static Prefill fromServerTimes(List<LevelObservation> timed) {
    double snn = 0, snm = 0, smm = 0, syn = 0, sym = 0, template = 0;
    for (LevelObservation l : timed) {
      double n = l.inputTokens();
      double m = CapacityModel.chunkPairs(0, Math.round(n));
      double y = 1000.0 * l.serverPrefillP50Millis(); // micros
      double w = 1.0 / Math.max(1e-9, y * y);
      snn += w * n * n;
      snm += w * n * m;
      smm += w * m * m;
      syn += w * y * n;
      sym += w * y * m;
      template += Math.max(0, l.inputTokens() - l.requestedInputTokens());
    }
    template /= timed.size();
    double det = snn * smm - snm * snm;
    double a = det == 0 ? 0 : (syn * smm - sym * snm) / det;
    double q = det == 0 ? 0 : (snn * sym - snm * syn) / det; // micros per pair
    if (det == 0 || q < 0) {
      a = syn / snn;
      q = 0;
    } else if (a < 0) {
      a = 0;
      q = sym / smm;
    }
    return new Prefill(a + q * template, 1000.0 * q, new TwinRefinement.Free(false, false));
  }

  /** Least squares slope of TTFT on the twin's prompt tokens (micros per token, at least 0). */
  private static double ttftSlope(List<LevelObservation> levels) {
    int n = levels.size();
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (LevelObservation l : levels) {
      double x = l.requestedInputTokens();
      double y = 1000.0 * l.ttftP50Millis();
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
    }
    return Math.max(0, (n * sxy - sx * sy) / (n * sxx - sx * sx));
  }

  /**
   * A level queued for slots when both its median TTFT left the lowest level's (more than twice it)
   * and, by Little's law, it held fewer sequences at once than it had streams; either sign alone is
   * too often the noise of a shared machine. The slots are then at least the largest level that did
   * not queue, and what the queued levels held. No level queued: the highest level is all the run
   * can tell.
   */
  private static int slots(List<LevelObservation> levels, double unqueuedTtft, List<String> notes) {
    int largestUnqueued = 1;
    List<Double> queuedOccupancy = new ArrayList<>();
    for (LevelObservation level : levels) {
      double occupancy = level.occupancy(unqueuedTtft);
      if (occupancy < QUEUED_BELOW * level.concurrency()
          && level.ttftP50Millis() > QUEUED_TTFT_FACTOR * unqueuedTtft) {
        queuedOccupancy.add(occupancy);
      } else {
        largestUnqueued = Math.max(largestUnqueued, level.concurrency());
      }
    }
    if (queuedOccupancy.isEmpty()) {
      int highest = levels.get(levels.size() - 1).concurrency();
      notes.add(
          "no level queued for slots: sim.slots is the highest level measured ("
              + highest
              + "), a lower bound; set it to the server's if known");
      return highest;
    }
    queuedOccupancy.sort(null);
    int held = (int) Math.round(queuedOccupancy.get(queuedOccupancy.size() / 2));
    return Math.max(largestUnqueued, Math.max(1, held));
  }

  private static double overheadMicros(
      List<LevelObservation> base, DecodeCurve curve, Prefill prefill, int lowest, int slots) {
    double sum = 0;
    for (LevelObservation level : base) {
      // The twin charges its own count of the prompt: the server's template tokens, which it
      // does not see, are the overhead's.
      sum +=
          1000.0 * level.ttftP50Millis()
              - curve.stepMicros(Math.min(lowest, slots))
              - prefill.micros(level.requestedInputTokens());
    }
    return Math.max(0, sum / base.size());
  }

  /** Enough KV for every slot's prompt and answer twice over: the twin does not fit KV pressure. */
  private static long kvTokens(List<LevelObservation> levels, int slots) {
    double largest =
        levels.stream().mapToDouble(l -> l.inputTokens() + l.outputTokens()).max().orElse(0);
    return Math.max(DEFAULT_KV_TOKENS, (long) Math.ceil(2 * slots * largest));
  }

  static CapacityModel model(
      int slots, long kvTokens, DecodeCurve curve, double perTokenMicros, double overheadMicros) {
    return new CapacityModel(
            slots,
            kvTokens,
            Math.round(curve.baseMicros()),
            round3(curve.perSequenceMicros()),
            round3(curve.exponent()),
            0,
            round3(perTokenMicros),
            0,
            true,
            Math.round(overheadMicros),
            0,
            0)
        .withScheduling(
            new SchedulingPolicy(
                SchedulerKind.CHUNKED,
                SchedulingPolicy.DEFAULT_MAX_BATCHED_TOKENS,
                false,
                SchedulingPolicy.DEFAULT_BLOCK_TOKENS));
  }

  static double round3(double value) {
    return Double.parseDouble(String.format(Locale.ROOT, "%.3f", value));
  }

  /** The measured levels' workloads on the twin, each long enough for some sixty requests. */
  static List<CapacitySweep.Level> simulate(CapacityModel model, List<LevelObservation> levels) {
    return simulate(model, levels, 60);
  }

  /** The same, each level's window {@code cycles} requests of one stream long. */
  static List<CapacitySweep.Level> simulate(
      CapacityModel model, List<LevelObservation> levels, double cycles) {
    List<CapacitySweep.Level> out = new ArrayList<>();
    for (LevelObservation level : levels) {
      double cycleSeconds = Math.max(1e-3, level.e2elMeanMillis() / 1000.0);
      double window =
          Math.min(
              600,
              Math.max(
                  1,
                  cycles
                      * cycleSeconds
                      * level.concurrency()
                      / Math.min(level.concurrency(), model.slots())));
      CapacitySweep sweep =
          new CapacitySweep(
              model,
              (int) Math.max(1, Math.round(level.requestedInputTokens())),
              (int) Math.max(2, Math.round(level.outputTokens())),
              RAMP_SECONDS,
              RAMP_SECONDS + 3 * cycleSeconds,
              window);
      if (varies(level.shapes())) {
        sweep = sweep.withShapes(level.shapes());
      }
      out.add(
          level.requestsPerStream() > 0
              ? sweep.runRequests(level.concurrency(), level.requestsPerStream())
              : sweep.runLevel(level.concurrency()));
    }
    return out;
  }

  /**
   * Whether a level's requests differed in length beyond the odd token of a chat template's
   * tokenizing: more than 10 % between the shortest and longest prompt or output.
   */
  static boolean varies(List<RequestShape> shapes) {
    IntSummaryStatistics prompts =
        shapes.stream().mapToInt(RequestShape::promptTokens).summaryStatistics();
    IntSummaryStatistics outputs =
        shapes.stream().mapToInt(RequestShape::outputTokens).summaryStatistics();
    return !shapes.isEmpty()
        && (prompts.getMax() > 1.1 * prompts.getMin() || outputs.getMax() > 1.1 * outputs.getMin());
  }

  /**
   * The twin's TPOT, compared with the server's median: its streams' mean speed inverted, which on
   * the virtual clock's like requests is within a hair of their median and, unlike a median, moves
   * smoothly with the costs, as the search needs. -1 when it has none.
   */
  static double tpotMillis(CapacitySweep.Level level) {
    return level.perStreamTokensPerSecond() <= 0 ? -1 : 1000.0 / level.perStreamTokensPerSecond();
  }
}
