package dev.gatlingllm.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.report.csv.RequestsCsvReader;
import dev.gatlingllm.secrets.Redactor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run as a comparison reads it from its {@code llm/} folder: each level's label and measurement
 * window from summary.json, its requests from requests.csv, and the capacity the run found.
 *
 * @param folder the run's {@code llm/} folder
 * @param levels the levels in the run's order
 * @param capacityLoad the load of the level the run named its capacity, or -1 when it found none
 * @param capacityLabel that level's label, or null
 * @param levelPoints its levels with a load as its charts draw them, in load order
 * @param loopDelayP99ByLevel the client's event-loop delay p99 in ms by level label, where probed
 */
record RunSample(
    Path folder,
    List<Level> levels,
    double capacityLoad,
    String capacityLabel,
    List<LevelPoint> levelPoints,
    java.util.Map<String, Double> loopDelayP99ByLevel) {

  /**
   * One level of a run as its charts draw it: a point of the trade-off (per-stream output tok/s
   * against output tok/s) and of the charts against load.
   *
   * @param label the level's label
   * @param load its concurrency, or its request rate for an open-model level
   * @param perStream its per-stream output tok/s
   * @param output its output tok/s
   * @param outputPerGpu its output tok/s per GPU when the run said its GPUs ({@code llm.gpus}),
   *     else NaN
   * @param ttftP50 its TTFT p50 in ms
   * @param ttftP99 its TTFT p99 in ms
   */
  public record LevelPoint(
      String label,
      double load,
      double perStream,
      double output,
      double outputPerGpu,
      double ttftP50,
      double ttftP99) {}

  /**
   * One level: its label, its measurement window's length, its own requests (started in its window)
   * and its rates' values by second of the window.
   *
   * @param label e.g. {@code 16 streams} or {@code 2.0 req/s}: what levels of two runs are matched
   *     by
   * @param windowSeconds the measurement window, the denominator of its rates
   * @param rows the requests that started in its window (its latency and error figures)
   * @param tokensBySecond output tokens that arrived in its window, by second of the window (a
   *     request's spread over its decode)
   * @param goodBySecond its good requests by the second of the window they ended in
   * @param strataEnds where each level's seconds end in the two arrays above, for levels taken
   *     together (the run): a rate's seconds are resampled within their own level, whose load set
   *     their rate; one level has one stratum
   * @param repeats the level's runs, each as a level of its own over its busy span, when it ran
   *     several times ({@code llm.repeats}); empty when it ran once
   */
  record Level(
      String label,
      double windowSeconds,
      List<RequestRow> rows,
      double[] tokensBySecond,
      double[] goodBySecond,
      int[] strataEnds,
      List<Level> repeats) {
    Level(
        String label,
        double windowSeconds,
        List<RequestRow> rows,
        double[] tokensBySecond,
        double[] goodBySecond) {
      this(
          label,
          windowSeconds,
          rows,
          tokensBySecond,
          goodBySecond,
          new int[] {tokensBySecond.length},
          List.of());
    }

    Level withRepeats(List<Level> runs) {
      return new Level(
          label, windowSeconds, rows, tokensBySecond, goodBySecond, strataEnds, List.copyOf(runs));
    }
  }

  /** A level's window as summary.json gives it, with its rates' seconds being filled. */
  private static final class Window {
    final long fromEpochMillis;
    final double seconds;
    final double[] tokens;
    final double[] good;

    /** Level {@code index} of a summary, its numbers checked. */
    Window(SummaryFile summary, int index) {
      this(
          (long) summary.levelNumber(index, "measure_from_epoch_ms", 0, MAX_EPOCH_MILLIS),
          summary.levelNumber(index, "duration", 0, SummaryFile.MAX_WINDOW_SECONDS));
    }

    Window(long fromEpochMillis, double seconds) {
      this.fromEpochMillis = fromEpochMillis;
      this.seconds = seconds;
      int buckets = (int) Math.max(1, Math.ceil(seconds));
      tokens = new double[buckets];
      good = new double[buckets];
    }

    /**
     * A request's output tokens in this window, spread evenly over the part of its decode (first to
     * last token) the window holds, second by second: tokens arrive through the decode, and putting
     * them all at its end would make every second's count burstier than the stream was. Without a
     * first and a last token, at its last byte.
     */
    void addTokens(RequestRow row, long count) {
      long start = row.placement().startEpochMillis();
      long ttft = row.latency().ttftMicros();
      long e2el = row.latency().e2elMicros();
      long windowEnd = fromEpochMillis + Math.round(seconds * 1000);
      long from = Math.max(fromEpochMillis, start + Math.max(0, ttft) / 1000);
      long to = Math.min(windowEnd, start + Math.max(0, e2el) / 1000);
      if (ttft < 0 || e2el < 0 || to <= from) {
        tokens[second(row.lastByteEpochMillis())] += count;
        return;
      }
      double perMilli = (double) count / (to - from);
      for (int s = second(from); s <= second(to - 1); s++) {
        long bucketStart = fromEpochMillis + s * 1000L;
        long overlap = Math.min(to, bucketStart + 1000) - Math.max(from, bucketStart);
        if (overlap > 0) {
          tokens[s] += overlap * perMilli;
        }
      }
    }

    /** A good request, at the second of the window it ended in. */
    void addGood(RequestRow row) {
      if (row.status().good()) {
        good[second(row.lastByteEpochMillis())]++;
      }
    }

    int second(long epochMillis) {
      long index = Math.floorDiv(epochMillis - fromEpochMillis, 1000);
      return (int) Math.max(0, Math.min(tokens.length - 1, index));
    }
  }

  /**
   * Reads a run from a results folder (Gatling's, holding {@code llm/}), an {@code llm/} folder or
   * its summary.json.
   *
   * @throws IllegalArgumentException when the path holds no LLM report, in a line that says so
   */
  static RunSample read(Path path) throws IOException {
    return read(path, Redactor.NONE);
  }

  /**
   * The same, its level labels redacted by {@code redactor} (they are printed in the console, the
   * pages and comparison.md, and a label is the user's text).
   *
   * @throws UnreadableReport when its summary.json or requests.csv is not a readable report, naming
   *     the file and what is wrong
   */
  static RunSample read(Path path, Redactor redactor) throws IOException {
    Path folder = llmFolder(path);
    SummaryFile file = SummaryFile.read(folder.resolve("summary.json"));
    JsonNode summary = file.root();
    List<JsonNode> levelNodes = new ArrayList<>();
    file.levels().forEach(levelNodes::add);
    List<List<RequestRow>> rows = new ArrayList<>();
    List<Window> windows = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < levelNodes.size(); i++) {
      rows.add(new ArrayList<>());
      windows.add(new Window(file, i));
      labels.add(redactor.redact(file.label(i)));
    }
    Path csv = folder.resolve("requests.csv");
    try (RequestsCsvReader reader = RequestsCsvReader.open(csv, null)) {
      long line = 1; // the header
      while (reader.next()) {
        line++;
        RequestRow row = parsed(reader, csv, line);
        int level = row.placement().level();
        if (level >= 0 && level < rows.size() && row.placement().inWindow()) {
          rows.get(level).add(row);
          windows.get(level).addGood(row);
        }
        long[] pairs = row.placement().windowTokens();
        for (int p = 0; p + 1 < pairs.length; p += 2) {
          // Only a successful request's tokens count, as in every token total of the report.
          if (pairs[p] >= 0 && pairs[p] < windows.size() && row.status().ok()) {
            windows.get((int) pairs[p]).addTokens(row, pairs[p + 1]);
          }
        }
      }
    }
    List<Level> levels = new ArrayList<>();
    for (int i = 0; i < levelNodes.size(); i++) {
      Window window = windows.get(i);
      String label = labels.get(i);
      levels.add(
          new Level(label, window.seconds, List.copyOf(rows.get(i)), window.tokens, window.good)
              .withRepeats(repeats(label, i, rows.get(i))));
    }
    JsonNode capacity = summary.path("capacity");
    boolean found = capacity.isObject() && capacity.hasNonNull("load");
    double capacityLoad =
        found ? file.number(capacity, "capacity.load", "load", -1, SummaryFile.MAX_FIGURE) : -1;
    int gpus = (int) file.number(summary, "gpus", "gpus", 0, MAX_GPUS);
    List<LevelPoint> points = new ArrayList<>();
    for (int i = 0; i < levelNodes.size(); i++) {
      double load =
          file.levelNumber(
              i,
              "concurrency",
              file.levelNumber(i, "request_rate", 0, SummaryFile.MAX_FIGURE),
              SummaryFile.MAX_FIGURE);
      // Read (and so checked) for every level, drawn for those with a load.
      double output = figure(file, i, "output_throughput");
      LevelPoint point =
          new LevelPoint(
              labels.get(i),
              load,
              figure(file, i, "per_stream_output_throughput"),
              output,
              gpus > 0 ? output / gpus : Double.NaN,
              figure(file, i, "median_ttft_ms"),
              figure(file, i, "p99_ttft_ms"));
      if (load > 0) {
        points.add(point);
      }
    }
    points.sort(java.util.Comparator.comparingDouble(LevelPoint::load));
    return new RunSample(
        folder,
        List.copyOf(levels),
        capacityLoad,
        found && capacity.path("label").isTextual()
            ? redactor.redact(capacity.path("label").asText())
            : null,
        List.copyOf(points),
        loopDelays(file, labels));
  }

  /** The most GPUs a run says it had ({@code llm.gpus}). */
  private static final double MAX_GPUS = 1_000_000;

  /** Epoch milliseconds up to the year 2286: any level's start. */
  private static final double MAX_EPOCH_MILLIS = 1e13;

  /** A level's figure for the charts, NaN when the report has none. */
  private static double figure(SummaryFile file, int level, String field) {
    return file.levelNumber(level, field, Double.NaN, SummaryFile.MAX_FIGURE);
  }

  /**
   * The next row of requests.csv, or an {@link UnreadableReport} naming the file and the line: a
   * garbage row would otherwise say only {@code For input string: "garbage"}.
   */
  private static RequestRow parsed(RequestsCsvReader reader, Path csv, long line) {
    RequestRow row;
    try {
      row = reader.row();
    } catch (RuntimeException e) {
      throw new UnreadableReport(
          csv, "line " + line + " is not a request's row: " + e.getMessage());
    }
    if (row.placement().level() > MAX_LEVEL_INDEX) {
      throw new UnreadableReport(csv, "line " + line + " names level " + row.placement().level());
    }
    return row;
  }

  /** Far beyond the levels of any run; an index is checked against the summary's levels anyway. */
  private static final int MAX_LEVEL_INDEX = 1_000_000;

  /**
   * A level's runs when it ran several times, each over its busy span (its first request's send to
   * its last byte), as the report computes each run's figures; empty when it ran once.
   */
  private static List<Level> repeats(String label, int index, List<RequestRow> rows) {
    java.util.SortedMap<Integer, List<RequestRow>> byRun = new java.util.TreeMap<>();
    for (RequestRow row : rows) {
      if (row.placement().repeat() > 0) {
        byRun.computeIfAbsent(row.placement().repeat(), run -> new ArrayList<>()).add(row);
      }
    }
    if (byRun.size() < 2) {
      return List.of();
    }
    List<Level> runs = new ArrayList<>();
    byRun.forEach(
        (run, runRows) -> {
          long from =
              runRows.stream().mapToLong(r -> r.placement().startEpochMillis()).min().orElseThrow();
          long to = runRows.stream().mapToLong(RequestRow::lastByteEpochMillis).max().orElseThrow();
          Window window = new Window(from, Math.max(0, to - from) / 1000.0);
          for (RequestRow row : runRows) {
            window.addGood(row);
            long[] pairs = row.placement().windowTokens();
            for (int p = 0; p + 1 < pairs.length; p += 2) {
              if (pairs[p] == index && row.status().ok()) {
                window.addTokens(row, pairs[p + 1]);
              }
            }
          }
          runs.add(
              new Level(
                  label + " run " + run,
                  window.seconds,
                  List.copyOf(runRows),
                  window.tokens,
                  window.good));
        });
    return runs;
  }

  private static java.util.Map<String, Double> loopDelays(SummaryFile file, List<String> labels) {
    java.util.Map<String, Double> delays = new java.util.LinkedHashMap<>();
    for (int i = 0; i < labels.size(); i++) {
      double p99 = figure(file, i, "p99_event_loop_delay_ms");
      if (!Double.isNaN(p99)) {
        delays.put(labels.get(i), p99);
      }
    }
    return delays;
  }

  /** The {@code llm/} folder a path names, or why it names none. */
  static Path llmFolder(Path path) {
    Path candidate = path;
    if (Files.isRegularFile(candidate)
        && candidate.getFileName().toString().equals("summary.json")) {
      candidate = candidate.getParent();
    } else if (Files.isDirectory(candidate.resolve("llm"))) {
      candidate = candidate.resolve("llm");
    }
    if (!Files.isRegularFile(candidate.resolve("summary.json"))
        || !Files.isRegularFile(candidate.resolve("requests.csv"))) {
      throw new IllegalArgumentException(
          path
              + " holds no LLM report (summary.json and requests.csv): give a run's results"
              + " folder (target/gatling/<simulation>-<date>), its llm/ folder or its"
              + " summary.json");
    }
    return candidate;
  }

  /** The level of that label, or null. */
  Level level(String label) {
    for (Level level : levels) {
      if (level.label().equals(label)) {
        return level;
      }
    }
    return null;
  }
}
