package dev.gatlingllm.properties;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.logging.UserErrorLines;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every {@code llm.*} system property the project reads, in one place: a mistyped name ({@code
 * llm.modle}) would otherwise be ignored without a word, and the run would measure something else
 * than asked. docs/running.md's tables are held against this list by a test.
 */
public final class LlmProperties {
  /** Where a property takes effect. */
  public enum Scope {
    /** Read by the ready simulations and by {@code llm()} in a simulation of one's own. */
    EVERY_SIMULATION,
    /** Read by the ready simulations (their target, workload and report settings) only. */
    READY_SIMULATIONS
  }

  private static final Map<String, Scope> KNOWN = new LinkedHashMap<>();

  /** Two edits: a doubled or dropped letter and a swap, the slips of typing, not another word. */
  private static final int MAX_SLIP_EDITS = 2;

  static {
    every(
        "llm.tokenRecords",
        "llm.detailedResults",
        "llm.sloRecords",
        "llm.requestRecordsOnly",
        "llm.baseline",
        "llm.baseline.failOnRegression",
        "llm.baseline.throughputPercent",
        "llm.baseline.latencyPercent",
        "llm.history",
        "llm.history.runs",
        "llm.history.baselineRuns",
        "llm.reportDir",
        "llm.resultsDir",
        "llm.stopWithParent");
    ready(
        // the target
        "llm.baseUrl",
        "llm.simulator.profile",
        "llm.endpoint",
        "llm.model",
        "llm.apiKey",
        "llm.dialect",
        "llm.idleTimeoutSeconds",
        "llm.timeoutSeconds",
        "llm.maxOutputBytes",
        "llm.serverMetrics",
        "llm.maxTokensField",
        "llm.ignoreEos",
        "llm.includeUsage",
        "llm.clientTokenizer",
        "llm.probe",
        "llm.injector.index",
        "llm.injector.count",
        "llm.injector.startAt",
        // the workload
        "llm.levels",
        "llm.requestsPerLevel",
        "llm.requestsPerStream",
        "llm.levelDuration",
        "llm.rampSeconds",
        "llm.saturationStop",
        "llm.repeats",
        "llm.warmupRequests",
        "llm.warmupSeconds",
        "llm.warmupStreams",
        "llm.warmupMaxRequests",
        "llm.inputTokens",
        "llm.outputTokens",
        "llm.embedBatchSize",
        "llm.embedDimensions",
        "llm.rerankDocuments",
        "llm.rangeRatio",
        "llm.outputRangeRatio",
        "llm.prefixTokens",
        "llm.prefixGroups",
        "llm.trace",
        "llm.trace.speed",
        "llm.trace.limit",
        "llm.trace.blockTokens",
        "llm.trace.format",
        "llm.trace.fromSeconds",
        "llm.trace.toSeconds",
        "llm.trace.keepZeroOutput",
        "llm.tokenizer",
        "llm.seed",
        "llm.ratio",
        "llm.dataset",
        "llm.dataset.promptField",
        "llm.dataset.answerField",
        "llm.dataset.answerLength",
        "llm.dataset.limit",
        "llm.images.count",
        "llm.images.width",
        "llm.images.height",
        "llm.images.format",
        "llm.images.distinct",
        "llm.images.dataset",
        "llm.audio.count",
        "llm.audio.seconds",
        "llm.audio.distinct",
        "llm.turns",
        "llm.thinkTimeSeconds",
        "llm.agent.trace",
        "llm.agent.sessions",
        "llm.agent.minTurns",
        "llm.agent.maxTurns",
        "llm.agent.toolLatencyMs",
        "llm.agent.toolLatencyScale",
        "llm.agent.tools",
        "llm.agent.maxInFlight",
        "llm.schema",
        "llm.schemaForm",
        "llm.rates",
        "llm.poisson",
        "llm.maxConcurrency",
        "llm.rpm",
        "llm.tpm",
        "llm.rateMarginSeconds",
        "llm.rateWindowSeconds",
        "llm.retry429",
        "llm.retry429MaxWaitSeconds",
        "llm.concurrency",
        "llm.durationSeconds",
        // the report
        "llm.slo.ttftMs",
        "llm.slo.tpotMs",
        "llm.slo.e2elMs",
        "llm.settleSeconds",
        "llm.capacity.p99TtftMs",
        "llm.capacity.goodFraction",
        "llm.cost.pricePerHour",
        "llm.cost.pricePerMillionOutputTokens",
        "llm.cost.currency",
        "llm.gpus",
        "llm.assert.outputThroughput",
        "llm.assert.goodput",
        "llm.assert.goodFraction",
        "llm.assert.capacity",
        "llm.assert.ttftP99Ms",
        "llm.searchResolution");
  }

  private LlmProperties() {}

  private static void every(String... names) {
    for (String name : names) {
      KNOWN.put(name, Scope.EVERY_SIMULATION);
    }
  }

  private static void ready(String... names) {
    for (String name : names) {
      KNOWN.put(name, Scope.READY_SIMULATIONS);
    }
  }

  /**
   * @return every known name with its scope, in a stable order
   */
  public static Map<String, Scope> known() {
    return Collections.unmodifiableMap(KNOWN);
  }

  /**
   * Fails on the first {@code llm.*} property that no part of the project reads, naming the closest
   * known one.
   *
   * @param properties e.g. {@code System.getProperties()}
   * @throws IllegalArgumentException {@code unknown property llm.modle; did you mean llm.model?}
   */
  public static void rejectUnknown(Properties properties) {
    // Every simulation reads its llm.* properties first: from here on, a run that fails on a bad
    // setting, file or target says so in one line.
    UserErrorLines.install();
    Set<String> names = new TreeSet<>();
    for (String name : properties.stringPropertyNames()) {
      if (name.startsWith("llm.") && !KNOWN.containsKey(name)) {
        names.add(name);
      }
    }
    if (!names.isEmpty()) {
      String name = names.iterator().next();
      throw new UserError("unknown property " + name + "; did you mean " + nearest(name) + "?");
    }
  }

  /**
   * The known name the user most likely meant: a slip of at most two characters ({@code llm.modle},
   * {@code llm.level}) names the name it slipped from; else a name holding every word typed ({@code
   * llm.url} is {@code llm.baseUrl}, {@code llm.key} {@code llm.apiKey}: a user writes the word the
   * value is, without the project's qualifier), the one of fewest words; else the name fewest edits
   * away. Case is ignored; a tie goes to the name listed first.
   */
  static String nearest(String name) {
    String slip = fewestEdits(name);
    if (editDistance(lower(name), lower(slip)) <= MAX_SLIP_EDITS) {
      return slip;
    }
    Set<String> typed = words(name);
    String best = null;
    int bestWords = Integer.MAX_VALUE;
    for (String known : KNOWN.keySet()) {
      Set<String> words = words(known);
      if (!typed.isEmpty() && words.containsAll(typed) && words.size() < bestWords) {
        best = known;
        bestWords = words.size();
      }
    }
    return best != null ? best : slip;
  }

  private static String fewestEdits(String name) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String known : KNOWN.keySet()) {
      int distance = editDistance(lower(name), lower(known));
      if (distance < bestDistance) {
        best = known;
        bestDistance = distance;
      }
    }
    return best;
  }

  /** The words of a name past {@code llm.}: its dotted parts, split where camel case starts one. */
  static Set<String> words(String name) {
    Set<String> words = new TreeSet<>();
    String rest = name.startsWith("llm.") ? name.substring("llm.".length()) : name;
    for (String part : rest.split("[.]")) {
      for (String word : part.split("(?<=[a-z0-9])(?=[A-Z])")) {
        if (!word.isEmpty()) {
          words.add(lower(word));
        }
      }
    }
    return words;
  }

  private static String lower(String text) {
    return text.toLowerCase(Locale.ROOT);
  }

  /** Levenshtein's distance, with a swap of two neighbours counted as one edit (a typing slip). */
  static int editDistance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  /**
   * A switch: true or false (case ignored, spaces around allowed), or null when unset or blank.
   *
   * @throws IllegalArgumentException naming the property, for any other value
   */
  public static Boolean flag(Properties properties, String name) {
    String value = properties.getProperty(name);
    if (value == null || value.isBlank()) {
      return null;
    }
    String trimmed = value.trim();
    if (trimmed.equalsIgnoreCase("true") || trimmed.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(trimmed);
    }
    throw new UserError(
        name
            + " must be true or false, was '"
            + dev.gatlingllm.secrets.Redactor.setting(trimmed)
            + "'");
  }

  /**
   * An SLO property, read by this one parser wherever an SLO is read: unset, the default; {@code
   * none}, no such SLO (null); else milliseconds above 0.
   *
   * @throws IllegalArgumentException naming the property, for any other value
   */
  public static Double sloMillis(Properties properties, String name, Double defaultMs) {
    String value = properties.getProperty(name);
    if (value == null) {
      return defaultMs;
    }
    if (value.trim().equalsIgnoreCase("none")) {
      return null;
    }
    // The one reader of outside numbers: its bound is the property's, in PropertyBounds.
    return PropertyBounds.of(name).readDouble(name, value);
  }

  /**
   * @return the known names of one scope, in a stable order
   */
  public static List<String> names(Scope scope) {
    List<String> out = new ArrayList<>();
    KNOWN.forEach(
        (name, s) -> {
          if (s == scope) {
            out.add(name);
          }
        });
    return out;
  }
}
