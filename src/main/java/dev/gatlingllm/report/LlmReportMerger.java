package dev.gatlingllm.report;

import dev.gatlingllm.metrics.aggregate.RunAggregate;
import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.MeasuredLevel;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.server.ServerMetrics;
import dev.gatlingllm.report.csv.RequestsCsv;
import dev.gatlingllm.report.csv.RequestsCsvReader;
import dev.gatlingllm.report.csv.RequestsCsvWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges the {@code llm/} folders of several runs (load generators that ran side by side, or parts
 * of a sweep run one after the other) into one report. Every figure is computed again from the
 * merged rows of {@code requests.csv} plus the histograms and time buckets of each {@code
 * run.json}, never by averaging the runs' figures.
 *
 * <p>Levels with the same load (concurrency or rate) merge into one level whose window is the union
 * of theirs: side-by-side generators add their tokens over the same seconds; consecutive runs add
 * their seconds. The SLOs, capacity target and prices of the first run apply to all, and each
 * request's "good" is judged again with those SLOs.
 *
 * <p>When every run wrote its detailed results (each request's gaps in {@code itls.csv}, line for
 * line with its requests.csv), the merged folder gets both files in the same merged order, and its
 * summary.json vLLM's per-request arrays over every run's requests.
 */
public final class LlmReportMerger {
  private LlmReportMerger() {}

  /**
   * @param llmDirs the runs' {@code llm/} folders, each with run.json and requests.csv
   * @param outDir where the merged report goes; must not be one of the inputs
   * @return the merged figures
   */
  public static RunSummary merge(List<Path> llmDirs, Path outDir) throws IOException {
    requireInputs(llmDirs, outDir);
    List<RunJson.RunData> runs = new ArrayList<>();
    for (Path dir : llmDirs) {
      runs.add(RunJson.read(dir.resolve(LlmReportWriter.RUN_JSON)));
    }
    boolean injectors =
        InjectorParts.areParts(runs.stream().map(run -> run.config().metadata()).toList());
    MergedLevels levels =
        MergedLevels.of(runs.stream().map(RunJson.RunData::levels).toList(), injectors);
    RunConfig config = config(runs, llmDirs, injectors);
    Merged merged =
        new Merged(
            levels,
            config,
            new RunAggregate(levels.size(), Math.floorDiv(config.runStartEpochMillis(), 1000)));
    Files.createDirectories(outDir);
    boolean detailed =
        llmDirs.stream()
            .allMatch(dir -> Files.isRegularFile(dir.resolve(LlmReportWriter.ITLS_CSV)));
    mergeRows(llmDirs, runs, merged, outDir, detailed);
    RunSummary summary = summarize(runs, merged);
    LlmReportWriter.write(summary, outDir, null, detailed);
    return summary;
  }

  private static void requireInputs(List<Path> llmDirs, Path outDir) {
    if (llmDirs.isEmpty()) {
      throw new IllegalArgumentException("nothing to merge: give at least one llm/ folder");
    }
    for (Path dir : llmDirs) {
      if (dir.toAbsolutePath().normalize().equals(outDir.toAbsolutePath().normalize())) {
        throw new IllegalArgumentException("the output folder " + outDir + " is also an input");
      }
    }
  }

  /**
   * The first run's settings, from the earliest start, with metadata that says where the merge came
   * from.
   */
  private static RunConfig config(
      List<RunJson.RunData> runs, List<Path> llmDirs, boolean injectors) {
    RunConfig first = runs.get(0).config();
    long runStart =
        runs.stream().mapToLong(run -> run.config().runStartEpochMillis()).min().orElseThrow();
    Map<String, String> metadata = new LinkedHashMap<>(first.metadata());
    metadata.put("merged_from", String.join(", ", llmDirs.stream().map(Path::toString).toList()));
    if (injectors) {
      metadata.remove(InjectorParts.METADATA);
      metadata.put("injectors", Integer.toString(runs.size()));
    }
    // The merged levels may interleave in time (consecutive runs), so they live in the summary, not
    // the config.
    return new RunConfig(
        runStart,
        List.of(),
        first.warmupMillis(),
        first.slos(),
        first.target(),
        first.pricing(),
        first.model(),
        first.endpoint(),
        first.inputLength(),
        first.outputLength(),
        first.toolVersion(),
        metadata,
        first.rateBudget(),
        first.gpus(),
        runs.stream().allMatch(run -> run.config().capacitySearch()));
  }

  /**
   * Adds every run to the merged figures, and writes its rows to the merged requests.csv (with
   * their gaps to itls.csv when detailed), run after run.
   */
  private static void mergeRows(
      List<Path> llmDirs, List<RunJson.RunData> runs, Merged merged, Path outDir, boolean detailed)
      throws IOException {
    try (BufferedWriter rowsOut =
            Files.newBufferedWriter(
                outDir.resolve(LlmReportWriter.REQUESTS_CSV), StandardCharsets.UTF_8);
        BufferedWriter gapsOut =
            detailed
                ? Files.newBufferedWriter(
                    outDir.resolve(LlmReportWriter.ITLS_CSV), StandardCharsets.UTF_8)
                : null) {
      rowsOut.write(RequestsCsv.HEADER);
      rowsOut.write('\n');
      if (gapsOut != null) {
        gapsOut.write(RequestsCsvWriter.ITLS_HEADER);
        gapsOut.write('\n');
      }
      StringBuilder line = new StringBuilder(512);
      for (int r = 0; r < runs.size(); r++) {
        int[] newIndex = merged.addEncodedFigures(runs.get(r));
        try (RequestsCsvReader rows = openRows(llmDirs.get(r), detailed)) {
          while (rows.next()) {
            RequestRow record = merged.add(rows.row(), newIndex);
            line.setLength(0);
            RequestsCsv.appendRow(line, record);
            rowsOut.append(line).append('\n');
            if (gapsOut != null) {
              gapsOut.append(rows.gaps()).append('\n');
            }
          }
        }
      }
    }
  }

  private static RequestsCsvReader openRows(Path llmDir, boolean detailed) throws IOException {
    Path csv = llmDir.resolve(LlmReportWriter.REQUESTS_CSV);
    RequestsCsvReader rows =
        RequestsCsvReader.open(csv, detailed ? llmDir.resolve(LlmReportWriter.ITLS_CSV) : null);
    if (rows.headerMissing()) {
      rows.close();
      throw new IOException(csv + " is empty");
    }
    return rows;
  }

  private static RunSummary summarize(List<RunJson.RunData> runs, Merged merged) {
    long runEnd = runs.stream().mapToLong(RunJson.RunData::runEndEpochMillis).max().orElseThrow();
    // Every injector reads the same server's page: its figures are taken once, from the first run
    // that has them, and summarised again over the merged levels, never added up.
    ServerMetrics server =
        runs.stream()
            .map(RunJson.RunData::server)
            .filter(java.util.Objects::nonNull)
            .findFirst()
            .orElse(null);
    RunSummary summary =
        merged
            .aggregate()
            .summarize(merged.config(), merged.levels().levels(), runEnd)
            .withServer(server);
    // A part stopped before its end stopped the run it shares (its aborted rows are already
    // counted): the first stop.
    long interrupted =
        runs.stream()
            .mapToLong(RunJson.RunData::interruptedAtEpochMillis)
            .filter(at -> at != RunSummary.NOT_INTERRUPTED)
            .min()
            .orElse(RunSummary.NOT_INTERRUPTED);
    return interrupted == RunSummary.NOT_INTERRUPTED ? summary : summary.interruptedAt(interrupted);
  }

  /**
   * What the runs merge into: the merged levels, the settings every row is judged by again, and the
   * figures the runs add up to.
   */
  private record Merged(MergedLevels levels, RunConfig config, RunAggregate aggregate) {
    /**
     * Adds the run's histograms and time buckets.
     *
     * @return for each of the run's levels, the index of the merged level it went into
     */
    int[] addEncodedFigures(RunJson.RunData run) {
      int[] newIndex = levels.newIndexes(run.levels());
      for (int i = 0; i < newIndex.length; i++) {
        aggregate.level(newIndex[i]).addEncodedItl(run.itl().get(i), run.itlPerToken().get(i));
        aggregate.level(newIndex[i]).addEncodedEventLoopDelay(run.eventLoopDelay().get(i));
      }
      aggregate.timeline().addAll(run.timeline());
      return newIndex;
    }

    /** Adds one of a run's rows, renumbered and judged again; returns the row as merged. */
    RequestRow add(RequestRow row, int[] newIndex) {
      RequestRow record = renumber(row, newIndex, config, levels.levels());
      aggregate.add(record);
      return record;
    }
  }

  /**
   * The row with its levels renumbered into the merged levels and its goodness judged by the merged
   * SLOs.
   */
  private static RequestRow renumber(
      RequestRow record, int[] newIndex, RunConfig config, List<MeasuredLevel> levels) {
    RequestRow.Placement placement = record.placement();
    int level =
        placement.level() >= 0 && placement.level() < newIndex.length
            ? newIndex[placement.level()]
            : -1;
    long[] windowTokens = placement.windowTokens().clone();
    for (int i = 0; i + 1 < windowTokens.length; i += 2) {
      int old = (int) windowTokens[i];
      windowTokens[i] = old >= 0 && old < newIndex.length ? newIndex[old] : -1;
    }
    boolean good =
        config.slos().isGood(record, level >= 0 && levels.get(level).window().isOpenModel());
    return record
        .with(placement.withLevels(level, windowTokens))
        .with(record.status().withGood(good));
  }
}
