package dev.gatlingllm.report;

import dev.gatlingllm.metrics.aggregate.RunAggregate;
import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.MeasuredLevel;
import dev.gatlingllm.metrics.level.TimeInterval;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.server.ServerMetrics;
import dev.gatlingllm.report.csv.RequestsCsv;
import dev.gatlingllm.report.csv.RequestsCsvReader;
import dev.gatlingllm.report.csv.RequestsCsvWriter;
import dev.gatlingllm.values.LevelWindow;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
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
    if (llmDirs.isEmpty()) {
      throw new IllegalArgumentException("nothing to merge: give at least one llm/ folder");
    }
    for (Path dir : llmDirs) {
      if (dir.toAbsolutePath().normalize().equals(outDir.toAbsolutePath().normalize())) {
        throw new IllegalArgumentException("the output folder " + outDir + " is also an input");
      }
    }
    List<RunJson.RunData> runs = new ArrayList<>();
    for (Path dir : llmDirs) {
      runs.add(RunJson.read(dir.resolve(LlmReportWriter.RUN_JSON)));
    }

    // The parts of one run shared by several injectors ran the same levels at the same time, each
    // with its share of the streams: their levels are aligned by position and their loads add up.
    boolean injectors =
        InjectorParts.areParts(runs.stream().map(run -> run.config().metadata()).toList());
    Map<String, List<MeasuredLevel>> byKey = new LinkedHashMap<>();
    for (RunJson.RunData run : runs) {
      for (int i = 0; i < run.levels().size(); i++) {
        MeasuredLevel level = run.levels().get(i);
        byKey.computeIfAbsent(key(injectors, i, level), key -> new ArrayList<>()).add(level);
      }
    }
    List<String> keys = new ArrayList<>(byKey.keySet());
    if (injectors) {
      keys.sort(Comparator.comparingInt((String key) -> Integer.parseInt(key.substring(1))));
    } else {
      keys.sort(Comparator.comparingDouble((String key) -> byKey.get(key).get(0).load()));
    }
    List<MeasuredLevel> levels = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      levels.add(mergedLevel(i, byKey.get(keys.get(i)), injectors));
    }

    RunConfig first = runs.get(0).config();
    long runStart =
        runs.stream().mapToLong(run -> run.config().runStartEpochMillis()).min().orElseThrow();
    long runEnd = runs.stream().mapToLong(RunJson.RunData::runEndEpochMillis).max().orElseThrow();
    Map<String, String> metadata = new LinkedHashMap<>(first.metadata());
    metadata.put("merged_from", String.join(", ", llmDirs.stream().map(Path::toString).toList()));
    if (injectors) {
      metadata.remove(InjectorParts.METADATA);
      metadata.put("injectors", Integer.toString(runs.size()));
    }
    // The merged levels may interleave in time (consecutive runs), so they live in the summary, not
    // the config.
    RunConfig config =
        new RunConfig(
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
            first.rateBudget());

    RunAggregate aggregate = new RunAggregate(levels.size(), Math.floorDiv(runStart, 1000));
    Files.createDirectories(outDir);
    boolean detailed =
        llmDirs.stream()
            .allMatch(dir -> Files.isRegularFile(dir.resolve(LlmReportWriter.ITLS_CSV)));
    try (BufferedWriter out =
            Files.newBufferedWriter(
                outDir.resolve(LlmReportWriter.REQUESTS_CSV), StandardCharsets.UTF_8);
        BufferedWriter gapsOut =
            detailed
                ? Files.newBufferedWriter(
                    outDir.resolve(LlmReportWriter.ITLS_CSV), StandardCharsets.UTF_8)
                : null) {
      out.write(RequestsCsv.HEADER);
      out.write('\n');
      if (gapsOut != null) {
        gapsOut.write(RequestsCsvWriter.ITLS_HEADER);
        gapsOut.write('\n');
      }
      StringBuilder line = new StringBuilder(512);
      for (int r = 0; r < runs.size(); r++) {
        RunJson.RunData run = runs.get(r);
        int[] newIndex = new int[run.levels().size()];
        for (int i = 0; i < newIndex.length; i++) {
          newIndex[i] = keys.indexOf(key(injectors, i, run.levels().get(i)));
          aggregate.level(newIndex[i]).addEncodedItl(run.itl().get(i), run.itlPerToken().get(i));
          aggregate.level(newIndex[i]).addEncodedEventLoopDelay(run.eventLoopDelay().get(i));
        }
        aggregate.timeline().addAll(run.timeline());
        Path csv = llmDirs.get(r).resolve(LlmReportWriter.REQUESTS_CSV);
        try (RequestsCsvReader rows =
            RequestsCsvReader.open(
                csv, detailed ? llmDirs.get(r).resolve(LlmReportWriter.ITLS_CSV) : null)) {
          if (rows.headerMissing()) {
            throw new IOException(csv + " is empty");
          }
          while (rows.next()) {
            RequestRow record = renumber(rows.row(), newIndex, config, levels);
            aggregate.add(record);
            line.setLength(0);
            RequestsCsv.appendRow(line, record);
            out.append(line).append('\n');
            if (gapsOut != null) {
              gapsOut.append(rows.gaps()).append('\n');
            }
          }
        }
      }
    }
    // Every injector reads the same server's page: its figures are taken once, from the first run
    // that has them, and summarised again over the merged levels, never added up.
    ServerMetrics server =
        runs.stream()
            .map(RunJson.RunData::server)
            .filter(java.util.Objects::nonNull)
            .findFirst()
            .orElse(null);
    RunSummary summary = aggregate.summarize(config, levels, runEnd).withServer(server);
    // A part stopped before its end stopped the run it shares (its aborted rows are already
    // counted): the first stop.
    long interrupted =
        runs.stream()
            .mapToLong(RunJson.RunData::interruptedAtEpochMillis)
            .filter(at -> at != RunSummary.NOT_INTERRUPTED)
            .min()
            .orElse(RunSummary.NOT_INTERRUPTED);
    if (interrupted != RunSummary.NOT_INTERRUPTED) {
      summary = summary.interruptedAt(interrupted);
    }
    LlmReportWriter.write(summary, outDir, null, detailed);
    return summary;
  }

  private static String key(boolean injectors, int position, MeasuredLevel level) {
    return injectors ? "i" + position : level.key();
  }

  private static MeasuredLevel mergedLevel(
      int index, List<MeasuredLevel> parts, boolean injectors) {
    LevelWindow model = parts.get(0).window();
    int concurrency =
        injectors
            ? parts.stream().mapToInt(part -> part.window().concurrency()).sum()
            : model.concurrency();
    double rate =
        injectors
            ? parts.stream().mapToDouble(part -> part.window().requestRate()).sum()
            : model.requestRate();
    long start = parts.stream().mapToLong(part -> part.window().startMillis()).min().orElseThrow();
    long measureFrom =
        parts.stream().mapToLong(part -> part.window().measureFromMillis()).min().orElseThrow();
    long end = parts.stream().mapToLong(part -> part.window().endMillis()).max().orElseThrow();
    List<TimeInterval> measured = new ArrayList<>();
    parts.forEach(part -> measured.addAll(part.measured()));
    return new MeasuredLevel(
        new LevelWindow(index, concurrency, rate, start, measureFrom, end), measured);
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
