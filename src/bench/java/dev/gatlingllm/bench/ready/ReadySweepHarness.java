package dev.gatlingllm.bench.ready;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.bench.load.HarnessArgs;
import dev.gatlingllm.bench.load.SimulatorProcess;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.report.csv.RequestsCsv;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The ready sweep as users run it, measured against the truth (a {@code main}, bench profile): the
 * simulator in its own JVM with fixed timing (first token 50 ms after the request is read, then one
 * token every 20 ms, 128 tokens, usage sent) and a ground-truth file, and for each level {@code
 * ./mvnw gatling:test} of the default {@code ConcurrencySweepSimulation} with the settings
 * (32 input tokens, 128 output, 3 x C requests or a fixed duration, one warm-up request, the
 * built-in JIT warm-up). Each request's TTFT in {@code requests.csv} is joined on {@code
 * request_id} with the server's (first content write - request read): the difference is the
 * client's error. The Gatling JVM's CPU is sampled from {@code /proc} and read over the steady
 * middle of the level (its middle half).
 *
 * <pre>
 *   ./mvnw -q -Pbench test-compile exec:exec@ready
 *   ./mvnw -q -Pbench test-compile exec:exec@ready -Dharness.args="levels=50,1000 long=1000 longSeconds=60"
 * </pre>
 *
 * Arguments ({@code key=value}): {@code levels} (50,200,500,1000,2000,5000: request-count runs, 3 x
 * C requests), {@code long} (50,1000: duration runs), {@code longSeconds} (60), {@code ttftMs}
 * (50), {@code itlMs} (20), {@code tokens} (128), {@code out} (BENCHMARKS.md), {@code heading} (the
 * BENCHMARKS.md section, underscores for spaces; "Ready sweep against the truth"), {@code work}
 * (target/ready-sweep), {@code extra} (more {@code -D} options for every run, comma-separated).
 */
public final class ReadySweepHarness {
  private ReadySweepHarness() {}

  /** One run of the ready sweep: a single level, by requests or by duration. */
  record Run(int streams, int durationSeconds) {
    String tag() {
      return durationSeconds > 0 ? streams + "-" + durationSeconds + "s" : String.valueOf(streams);
    }

    String describe() {
      return durationSeconds > 0 ? durationSeconds + " s" : 3 * streams + " requests";
    }
  }

  /**
   * What one run gave: the client's rows of its level, its summary and the CPU of its steady
   * middle.
   */
  record Measured(
      Run run,
      List<RequestRow> rows,
      JsonNode level,
      double middleCpuSeconds,
      double middleSeconds,
      long runMillis) {}

  public static void main(String[] args) throws Exception {
    Map<String, String> a = HarnessArgs.parse(args);
    List<Run> runs = new ArrayList<>();
    int longSeconds = Integer.parseInt(a.getOrDefault("longSeconds", "60"));
    for (String level : a.getOrDefault("levels", "50,200,500,1000,2000,5000").split(",")) {
      if (!level.isBlank()) runs.add(new Run(Integer.parseInt(level.trim()), 0));
    }
    for (String level : a.getOrDefault("long", "50,1000").split(",")) {
      if (!level.isBlank()) runs.add(new Run(Integer.parseInt(level.trim()), longSeconds));
    }
    int ttftMs = Integer.parseInt(a.getOrDefault("ttftMs", "50"));
    int itlMs = Integer.parseInt(a.getOrDefault("itlMs", "20"));
    int tokens = Integer.parseInt(a.getOrDefault("tokens", "128"));
    Path work = Path.of(a.getOrDefault("work", "target/ready-sweep")).toAbsolutePath();
    Path out = Path.of(a.getOrDefault("out", "BENCHMARKS.md"));
    List<String> extra =
        Arrays.stream(a.getOrDefault("extra", "").split(",")).filter(s -> !s.isBlank()).toList();
    Files.createDirectories(work);
    Path truthFile = work.resolve("ground-truth.jsonl");
    Files.deleteIfExists(truthFile);
    String started = Instant.now().toString();

    SimulatorProcess simulator =
        SimulatorProcess.start(
            "ttft=" + ttftMs + ";itl=" + itlMs, truthFile, List.of("defaultMaxTokens=" + tokens));
    int port = simulator.port();

    List<Measured> measured = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    try {
      for (Run run : runs) {
        try {
          Measured m = runOne(run, port, tokens, work, extra);
          measured.add(m);
          System.out.println(
              "ready sweep at "
                  + run.tag()
                  + ": "
                  + m.rows().size()
                  + " requests in "
                  + m.runMillis() / 1000
                  + " s");
        } catch (IOException | IllegalStateException e) {
          failures.add(run.tag() + ": " + e.getMessage());
          System.out.println("FAILED " + failures.get(failures.size() - 1));
        }
      }
    } finally {
      simulator.stop(60);
    }
    Map<String, Truth> truth = Truth.read(truthFile);
    String command = HarnessArgs.command("ready", args);
    String heading = a.getOrDefault("heading", "Ready sweep against the truth").replace('_', ' ');
    String table =
        ReadySweepReport.markdown(
            measured, truth, failures, command, started, ttftMs, itlMs, tokens);
    dev.gatlingllm.bench.load.BenchmarksFile.replaceGenerated(out, "## " + heading, table);
    System.out.println(table);
    System.out.println("wrote " + out.toAbsolutePath());
  }

  static Measured runOne(Run run, int port, int tokens, Path work, List<String> extra)
      throws Exception {
    int c = run.streams();
    List<String> cmd =
        new ArrayList<>(
            List.of(
                "./mvnw",
                "-q",
                "-Pbench",
                "gatling:test",
                "-Dllm.baseUrl=http://127.0.0.1:" + port,
                "-Dllm.model=m",
                "-Dllm.levels=" + c,
                "-Dllm.inputTokens=32",
                "-Dllm.outputTokens=" + tokens,
                "-Dllm.warmupRequests=1"));
    cmd.add(
        run.durationSeconds() > 0
            ? "-Dllm.levelDuration=" + run.durationSeconds()
            : "-Dllm.requestsPerLevel=" + 3 * c);
    extra.forEach(option -> cmd.add("-D" + option));
    Path log = work.resolve("run-" + run.tag() + ".log");
    long start = System.currentTimeMillis();
    Process gatling;
    try (ProcessCpu cpu = new ProcessCpu("io.gatling.app.Gatling")) {
      gatling =
          new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      long limit = 600 + (run.durationSeconds() > 0 ? run.durationSeconds() : c / 10);
      if (!gatling.waitFor(limit, TimeUnit.SECONDS)) {
        gatling.destroyForcibly();
        throw new IllegalStateException("no end after " + limit + " s, see " + log);
      }
      Path llm = newestRun(Path.of("target/gatling"), start).resolve("llm");
      if (gatling.exitValue() != 0 && !Files.exists(llm.resolve("summary.json"))) {
        throw new IllegalStateException(
            "./mvnw gatling:test exited with " + gatling.exitValue() + ", see " + log);
      }
      // A run whose own assertions failed (e.g. more than 1 % KO when the server is overloaded) is
      // measured all the same: its KO count is in the table.
      JsonNode level =
          new ObjectMapper().readTree(llm.resolve("summary.json").toFile()).path("levels").get(0);
      long from = level.path("measure_from_epoch_ms").asLong();
      long to = level.path("end_epoch_ms").asLong();
      long quarter = (to - from) / 4;
      double middleCpu = cpu.cpuBetween(from + quarter, to - quarter);
      double middleSeconds = cpu.secondsBetween(from + quarter, to - quarter);
      return new Measured(
          run,
          rows(llm.resolve("requests.csv")),
          level,
          middleCpu,
          middleSeconds,
          System.currentTimeMillis() - start);
    }
  }

  /** The measured level's rows (level 0; the warm-ups are level -1). */
  private static List<RequestRow> rows(Path csv) throws IOException {
    List<RequestRow> rows = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      RequestsCsv.Reader reader = new RequestsCsv.Reader(in.readLine());
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        RequestRow row = reader.parse(line);
        if (row.placement().level() == 0) rows.add(row);
      }
    }
    return rows;
  }

  private static Path newestRun(Path gatlingResults, long notBefore) throws IOException {
    try (Stream<Path> runs = Files.list(gatlingResults)) {
      return runs.filter(p -> p.getFileName().toString().startsWith("concurrencysweepsimulation-"))
          .filter(p -> p.toFile().lastModified() >= notBefore - 1000)
          .max(java.util.Comparator.comparing(p -> p.getFileName().toString()))
          .orElseThrow(
              () -> new IOException("no results folder of this run under " + gatlingResults));
    }
  }
}
