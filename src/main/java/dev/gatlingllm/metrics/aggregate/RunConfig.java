package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.metrics.sweep.Pricing;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.LevelWindow;
import dev.gatlingllm.values.RateBudget;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a run was: when it started, its load levels, its SLOs and capacity target, prices, and what
 * was tested. Written to {@code run.json} so that a later merge can rebuild every figure.
 *
 * @param runStartEpochMillis when the run started; the time buckets of the report count from here
 * @param levels the load levels in time order, not overlapping; empty = one implicit level covering
 *     the whole run after {@code warmupMillis}
 * @param warmupMillis the settle time: how long after the start of each level (or of the run, with
 *     no explicit levels) requests are left out of the figures
 * @param slos the SLOs that make a request good
 * @param target what a level must achieve to count as sustainable capacity
 * @param pricing prices for the cost figures, or null
 * @param model the model name, or null
 * @param inputLength the intended prompt length in tokens, or -1
 * @param outputLength the intended output length in tokens, or -1
 * @param toolVersion the version of this plugin, or null
 * @param metadata free-form labels (hardware, engine flags...); values of secret-looking keys (or
 *     values) are replaced by {@code ***} ({@link Redactor#metadata}) so that no credential reaches
 *     a report file
 * @param endpoint the endpoint URL or path, with user info and query values hidden ({@link
 *     Redactor#url})
 * @param rateBudget the provider's rate limits the load was paced by, shown against the achieved
 *     rates; or null
 * @param gpus the GPUs (or replicas) serving the endpoint, for the trade-off's output tok/s per
 *     GPU; 0 when not said
 * @param capacitySearch true when the run searched for its capacity, each level's load chosen as it
 *     started from the verdicts of those before it (a capacity search): its report tells what it
 *     searched and why it stopped, also when it stopped at its first level
 */
public record RunConfig(
    long runStartEpochMillis,
    List<LevelWindow> levels,
    long warmupMillis,
    Slos slos,
    AttainmentTarget target,
    Pricing pricing,
    String model,
    String endpoint,
    int inputLength,
    int outputLength,
    String toolVersion,
    Map<String, String> metadata,
    RateBudget rateBudget,
    int gpus,
    boolean capacitySearch) {

  /**
   * The capacity target when none is given: at least 95 % good requests (failures count as not
   * good).
   */
  public static final AttainmentTarget DEFAULT_TARGET = AttainmentTarget.goodFractionAtLeast(0.95);

  public RunConfig {
    List<LevelWindow> sorted = new ArrayList<>(levels == null ? List.of() : levels);
    sorted.sort(Comparator.comparingLong(LevelWindow::startMillis));
    for (int i = 1; i < sorted.size(); i++) {
      if (sorted.get(i).startMillis() < sorted.get(i - 1).endMillis()) {
        throw new IllegalArgumentException(
            "levels " + sorted.get(i - 1).index() + " and " + sorted.get(i).index() + " overlap");
      }
    }
    levels = List.copyOf(sorted);
    if (gpus < 0) {
      throw new IllegalArgumentException("gpus must be >= 0 (0: not said), got " + gpus);
    }
    if (warmupMillis < 0) {
      throw new IllegalArgumentException("warmupMillis must be >= 0, got " + warmupMillis);
    }
    slos = slos == null ? Slos.NONE : slos;
    target = target == null ? DEFAULT_TARGET : target;
    metadata = Redactor.metadata(metadata);
    endpoint = Redactor.url(endpoint);
  }

  /** A run starting at {@code runStartEpochMillis} with one implicit level, no SLO, no prices. */
  public static RunConfig startingAt(long runStartEpochMillis) {
    return new RunConfig(
        runStartEpochMillis,
        List.of(),
        0,
        Slos.NONE,
        DEFAULT_TARGET,
        null,
        null,
        null,
        -1,
        -1,
        null,
        Map.of(),
        null,
        0,
        false);
  }

  public RunConfig withRunStart(long newRunStartEpochMillis) {
    return with(parts -> parts.runStartEpochMillis = newRunStartEpochMillis);
  }

  public RunConfig withLevels(List<LevelWindow> newLevels) {
    return with(parts -> parts.levels = newLevels);
  }

  public RunConfig withWarmupMillis(long newWarmupMillis) {
    return with(parts -> parts.warmupMillis = newWarmupMillis);
  }

  public RunConfig withSlos(Slos newSlos) {
    return with(parts -> parts.slos = newSlos);
  }

  public RunConfig withTarget(AttainmentTarget newTarget) {
    return with(parts -> parts.target = newTarget);
  }

  public RunConfig withPricing(Pricing newPricing) {
    return with(parts -> parts.pricing = newPricing);
  }

  public RunConfig withWorkload(
      String newModel, String newEndpoint, int newInputLength, int newOutputLength) {
    return with(
        parts -> {
          parts.model = newModel;
          parts.endpoint = newEndpoint;
          parts.inputLength = newInputLength;
          parts.outputLength = newOutputLength;
        });
  }

  /** The same run, naming {@code newModel} (or several, joined) as the model it addressed. */
  public RunConfig withModel(String newModel) {
    return with(parts -> parts.model = newModel);
  }

  /** The same run, naming {@code newEndpoint} as where its load went. */
  public RunConfig withEndpoint(String newEndpoint) {
    return with(parts -> parts.endpoint = newEndpoint);
  }

  public RunConfig withToolVersion(String newToolVersion) {
    return with(parts -> parts.toolVersion = newToolVersion);
  }

  public RunConfig withRateBudget(RateBudget newRateBudget) {
    return with(parts -> parts.rateBudget = newRateBudget);
  }

  public RunConfig withMetadata(Map<String, String> newMetadata) {
    return with(parts -> parts.metadata = newMetadata);
  }

  /** The same run on {@code newGpus} GPUs or replicas (0: not said). */
  public RunConfig withGpus(int newGpus) {
    return with(parts -> parts.gpus = newGpus);
  }

  /** The same run, a capacity search or not ({@link #capacitySearch()}). */
  public RunConfig withCapacitySearch(boolean newCapacitySearch) {
    return with(parts -> parts.capacitySearch = newCapacitySearch);
  }

  /** A new configuration: this one's components, as {@code change} sets them on a copy. */
  private RunConfig with(Consumer<Parts> change) {
    Parts parts = new Parts(this);
    change.accept(parts);
    return parts.config();
  }

  /**
   * The components of a configuration, copied to be changed by one wither: the one place a new
   * component is added beside the record's own list.
   */
  private static final class Parts {
    long runStartEpochMillis;
    List<LevelWindow> levels;
    long warmupMillis;
    Slos slos;
    AttainmentTarget target;
    Pricing pricing;
    String model;
    String endpoint;
    int inputLength;
    int outputLength;
    String toolVersion;
    Map<String, String> metadata;
    RateBudget rateBudget;
    int gpus;
    boolean capacitySearch;

    Parts(RunConfig from) {
      runStartEpochMillis = from.runStartEpochMillis;
      levels = from.levels;
      warmupMillis = from.warmupMillis;
      slos = from.slos;
      target = from.target;
      pricing = from.pricing;
      model = from.model;
      endpoint = from.endpoint;
      inputLength = from.inputLength;
      outputLength = from.outputLength;
      toolVersion = from.toolVersion;
      metadata = from.metadata;
      rateBudget = from.rateBudget;
      gpus = from.gpus;
      capacitySearch = from.capacitySearch;
    }

    RunConfig config() {
      return new RunConfig(
          runStartEpochMillis,
          levels,
          warmupMillis,
          slos,
          target,
          pricing,
          model,
          endpoint,
          inputLength,
          outputLength,
          toolVersion,
          metadata,
          rateBudget,
          gpus,
          capacitySearch);
    }
  }
}
