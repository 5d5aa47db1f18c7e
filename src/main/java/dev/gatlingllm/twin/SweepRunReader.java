package dev.gatlingllm.twin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.report.csv.RequestsCsvReader;
import dev.gatlingllm.simulator.RequestShape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a run's results folder ({@code llm/summary.json} for each level's concurrency and rate,
 * {@code llm/requests.csv} for its requests) into one {@link LevelObservation} per level. The
 * folder may be the run's own, its {@code llm/} folder, or Gatling's results folder (its newest run
 * is read).
 */
public final class SweepRunReader {
  private SweepRunReader() {}

  /**
   * @throws UserError in one line: no such folder, no summary or requests, no level with a
   *     successful request
   */
  public static SweepRun read(Path folder) {
    Path llm = llmFolder(folder);
    JsonNode summary;
    try {
      summary = new ObjectMapper().readTree(llm.resolve("summary.json").toFile());
    } catch (IOException e) {
      throw new UserError("cannot read " + llm.resolve("summary.json") + ": " + e.getMessage());
    }
    JsonNode levels = summary.path("levels");
    if (!levels.isArray() || levels.isEmpty()) {
      throw new UserError(llm.resolve("summary.json") + " has no levels: a sweep's run is needed");
    }
    Map<Integer, List<RequestRow>> rowsByLevel = rowsByLevel(llm.resolve("requests.csv"));
    double requestedInput = summary.path("input_len").asDouble(0);
    List<LevelObservation> observations = new ArrayList<>();
    for (JsonNode level : levels) {
      List<RequestRow> rows = rowsByLevel.getOrDefault(level.path("index").asInt(-1), List.of());
      int concurrency = level.path("concurrency").asInt(0);
      double rate = level.path("request_throughput").asDouble(0);
      if (rows.isEmpty() || concurrency < 1 || rate <= 0) {
        continue; // a level that served nothing says nothing of the server's costs
      }
      // Measured from its first send (no settle time): the level's ramp and drain are in its
      // figures, and the twin must run it as it ran, each stream sending its share of requests.
      boolean fromStart =
          level.path("measure_from_epoch_ms").asLong(-1)
              <= level.path("start_epoch_ms").asLong(Long.MAX_VALUE);
      int sent = level.path("completed").asInt(rows.size()) + level.path("failed").asInt(0);
      int perStream = fromStart ? Math.max(1, Math.round((float) sent / concurrency)) : 0;
      observations.add(observe(concurrency, rate, requestedInput, rows, perStream));
    }
    if (observations.isEmpty()) {
      throw new UserError(llm + ": no level of this run has a successful request to fit");
    }
    return new SweepRun(llm, summary.path("model_id").asText(""), observations);
  }

  /** A run's levels and the model it measured (empty when it did not say). */
  public record SweepRun(Path folder, String model, List<LevelObservation> levels) {}

  private static Path llmFolder(Path folder) {
    if (!Files.isDirectory(folder)) {
      throw new UserError("no results folder " + folder);
    }
    for (Path candidate : List.of(folder, folder.resolve("llm"))) {
      if (holdsReport(candidate)) {
        return candidate;
      }
    }
    // Gatling's results folder (target/gatling): its newest run
    try (java.util.stream.Stream<Path> runs = Files.list(folder)) {
      java.util.Optional<Path> newest =
          runs.map(run -> run.resolve("llm"))
              .filter(SweepRunReader::holdsReport)
              .max(Comparator.comparingLong(SweepRunReader::modified));
      if (newest.isPresent()) {
        return newest.get();
      }
    } catch (IOException e) {
      throw new UserError("cannot list " + folder + ": " + e.getMessage());
    }
    throw new UserError(
        folder + " holds no llm/summary.json and llm/requests.csv: give a run's results folder");
  }

  private static boolean holdsReport(Path llm) {
    return Files.isRegularFile(llm.resolve("summary.json"))
        && Files.isRegularFile(llm.resolve("requests.csv"));
  }

  private static long modified(Path llm) {
    try {
      return Files.getLastModifiedTime(llm.resolve("summary.json")).toMillis();
    } catch (IOException e) {
      return 0;
    }
  }

  private static Map<Integer, List<RequestRow>> rowsByLevel(Path csv) {
    Map<Integer, List<RequestRow>> byLevel = new HashMap<>();
    try (RequestsCsvReader reader = RequestsCsvReader.open(csv, null)) {
      while (reader.next()) {
        RequestRow row = reader.row();
        if (row.status().ok()
            && row.placement().level() >= 0
            && row.latency().ttftMicros() >= 0
            && row.latency().tpotMicros() >= 0) {
          byLevel.computeIfAbsent(row.placement().level(), k -> new ArrayList<>()).add(row);
        }
      }
    } catch (IOException | IllegalArgumentException e) {
      throw new UserError("cannot read " + csv + ": " + e.getMessage());
    }
    return byLevel;
  }

  private static LevelObservation observe(
      int concurrency,
      double rate,
      double requestedInput,
      List<RequestRow> rows,
      int requestsPerStream) {
    int n = rows.size();
    double[] ttft = new double[n];
    double[] tpot = new double[n];
    double[] prefill = new double[n];
    int prefills = 0;
    double input = 0;
    double output = 0;
    double e2elSum = 0;
    for (int i = 0; i < n; i++) {
      RequestRow row = rows.get(i);
      ttft[i] = row.latency().ttftMicros() / 1000.0;
      tpot[i] = row.latency().tpotMicros() / 1000.0;
      e2elSum += row.latency().e2elMicros() / 1000.0;
      input += row.tokens().inputTokens();
      output += row.tokens().outputTokens();
      if (row.server().prefillMicros() >= 0) {
        prefill[prefills++] = row.server().prefillMicros() / 1000.0;
      }
    }
    double meanInput = input / n;
    double requested = requestedInput > 0 ? requestedInput : meanInput;
    return new LevelObservation(
        concurrency,
        n,
        meanInput,
        requested,
        output / n,
        median(ttft, n),
        median(tpot, n),
        meanSpeedTpot(tpot),
        Arrays.stream(ttft).average().orElse(0),
        e2elSum / n,
        rate,
        prefills == 0 ? Double.NaN : median(prefill, prefills),
        requestsPerStream,
        shapes(rows, Math.max(0, meanInput - requested)));
  }

  /**
   * The requests' lengths in the order they were sent, their prompts less the server's chat
   * template ({@code templateTokens}, the mean of what it counted beyond what the client asked).
   */
  private static List<RequestShape> shapes(List<RequestRow> rows, double templateTokens) {
    return rows.stream()
        .sorted(Comparator.comparingLong(row -> row.placement().startEpochMillis()))
        .map(
            row ->
                new RequestShape(
                    (int) Math.max(1, Math.round(row.tokens().inputTokens() - templateTokens)),
                    (int) Math.max(1, row.tokens().outputTokens())))
        .toList();
  }

  /** 1 / mean(1 / TPOT) over the requests with a TPOT above 0; 0 when none has one. */
  private static double meanSpeedTpot(double[] tpots) {
    double speeds = 0;
    int n = 0;
    for (double tpot : tpots) {
      if (tpot > 0) {
        speeds += 1 / tpot;
        n++;
      }
    }
    return n == 0 ? 0 : n / speeds;
  }

  static double median(double[] values, int count) {
    double[] sorted = Arrays.copyOf(values, count);
    Arrays.sort(sorted);
    return count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2.0;
  }
}
