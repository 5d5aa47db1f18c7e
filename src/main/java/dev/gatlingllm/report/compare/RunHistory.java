package dev.gatlingllm.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A folder of runs' summaries ({@code llm.history}), one line of JSON per run appended to {@code
 * history.jsonl}, oldest first: the figures a comparison judges, for the run and each level, the
 * capacity and that run's verdict. Append-only, so that a CI cache or artifact of the folder keeps
 * every night; a line that cannot be read is skipped, not fatal.
 */
public final class RunHistory {
  /** The file in the history folder. */
  public static final String FILE = "history.jsonl";

  private static final ObjectMapper JSON = new ObjectMapper();

  private RunHistory() {}

  /**
   * One run of the history.
   *
   * @param runStartEpochMillis when it started
   * @param folder its {@code llm/} folder, as it was then
   * @param regressions its regressions against its baseline; -1 when it was compared with none
   * @param scopes the figures of the run ({@code run}) and of each level, by label, each figure by
   *     its label ({@code output tok/s}); a figure the scope did not have is left out
   * @param capacityLoad the capacity's load, -1 for none
   * @param capacityLabel the capacity's level, or null
   */
  public record Entry(
      long runStartEpochMillis,
      String folder,
      int regressions,
      Map<String, Map<String, Double>> scopes,
      double capacityLoad,
      String capacityLabel) {
    /** A figure of a scope, NaN when the run did not have it. */
    double figure(String scope, String figure) {
      Map<String, Double> figures = scopes.get(scope);
      Double value = figures == null ? null : figures.get(figure);
      return value == null ? Double.NaN : value;
    }
  }

  /** Every run of the history, oldest first; none when the folder or its file is not there yet. */
  public static List<Entry> read(Path folder) throws IOException {
    Path file = folder.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<Entry> entries = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.isBlank()) {
        continue;
      }
      try {
        entries.add(entry(JSON.readTree(line)));
      } catch (IOException | RuntimeException e) {
        // A line cut by a job killed while writing it: the other nights still count.
      }
    }
    return List.copyOf(entries);
  }

  /** Appends one run to the history, creating the folder when needed. */
  public static void append(Path folder, Entry entry) throws IOException {
    Files.createDirectories(folder);
    ObjectNode node = JSON.createObjectNode();
    node.put("run_start_epoch_ms", entry.runStartEpochMillis());
    node.put("folder", entry.folder());
    node.put("regressions", entry.regressions());
    node.put("capacity_load", entry.capacityLoad());
    if (entry.capacityLabel() != null) {
      node.put("capacity_label", entry.capacityLabel());
    }
    ObjectNode scopes = node.putObject("scopes");
    entry
        .scopes()
        .forEach(
            (scope, figures) -> {
              ObjectNode out = scopes.putObject(scope);
              figures.forEach(
                  (figure, value) -> {
                    if (Double.isFinite(value)) {
                      out.put(figure, value);
                    }
                  });
            });
    Files.writeString(
        folder.resolve(FILE),
        JSON.writeValueAsString(node) + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  /**
   * The entry of the run whose report is in {@code llmFolder}: its figures as a comparison computes
   * them ({@link ComparedFigure}), for each level and, with several, for the run.
   *
   * @param regressions its regressions against its baseline, -1 when compared with none
   */
  public static Entry entryOf(Path llmFolder, long runStartEpochMillis, int regressions)
      throws IOException {
    RunSample run = RunSample.read(llmFolder);
    Map<String, Map<String, Double>> scopes = new LinkedHashMap<>();
    if (run.levels().size() > 1) {
      scopes.put(BaselineComparison.RUN, figures(BaselineComparison.pooled(run.levels())));
    }
    for (RunSample.Level level : run.levels()) {
      scopes.put(level.label(), figures(level));
    }
    return new Entry(
        runStartEpochMillis,
        run.folder().toString(),
        regressions,
        scopes,
        run.capacityLoad(),
        run.capacityLabel());
  }

  private static Map<String, Double> figures(RunSample.Level level) {
    Map<String, Double> figures = new LinkedHashMap<>();
    for (ComparedFigure figure : ComparedFigure.values()) {
      double[] values = figure.values(level);
      figures.put(
          figure.label,
          figure.of(values, Bootstrap.once(values.length), values.length, level.windowSeconds()));
    }
    return figures;
  }

  private static Entry entry(JsonNode node) {
    Map<String, Map<String, Double>> scopes = new LinkedHashMap<>();
    node.path("scopes")
        .properties()
        .forEach(
            scope -> {
              Map<String, Double> figures = new LinkedHashMap<>();
              scope
                  .getValue()
                  .properties()
                  .forEach(f -> figures.put(f.getKey(), f.getValue().asDouble()));
              scopes.put(scope.getKey(), figures);
            });
    return new Entry(
        node.path("run_start_epoch_ms").asLong(),
        node.path("folder").asText(""),
        node.path("regressions").asInt(-1),
        scopes,
        node.path("capacity_load").asDouble(-1),
        node.path("capacity_label").isTextual() ? node.path("capacity_label").asText() : null);
  }
}
