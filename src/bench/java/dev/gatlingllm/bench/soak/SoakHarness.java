package dev.gatlingllm.bench.soak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.bench.load.BenchmarksFile;
import dev.gatlingllm.bench.load.ClientLoadHarness;
import dev.gatlingllm.bench.load.HarnessArgs;
import dev.gatlingllm.bench.load.SimulatorProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The soak benchmark (a {@code main}, bench profile): {@code streams} concurrent streams for {@code
 * minutes} against the simulator in its own JVM, with timing slow enough to keep this machine out
 * of overload (first token after {@code ttftMs}, then one every {@code itlMs}: 1,000 streams at 200
 * ms are 5,000 events/s). Every {@code sampleSeconds} the client JVM is looked at from outside
 * ({@link JvmSample}: heap after a full GC, open file descriptors, threads). At the end every
 * request must be accounted: the requests the users sent, the LLM report's completed + failed, and
 * the requests the simulator finished (its ground-truth file).
 *
 * <pre>
 *   ./mvnw -q -Pbench test-compile exec:exec@soak
 *   ./mvnw -q -Pbench test-compile exec:exec@soak -Dharness.args="minutes=2 streams=200"
 * </pre>
 *
 * Arguments ({@code key=value}): {@code streams} (1000), {@code minutes} (30), {@code ttftMs}
 * (200), {@code itlMs} (200), {@code tokens} (128), {@code sampleSeconds} (30), {@code
 * warmupSeconds} (120: samples before are shown, not judged), {@code out} (BENCHMARKS.md), {@code
 * work} (target/soak), {@code reanalyse} (false: true writes the figures again from the files a
 * previous run left in {@code work}).
 */
public final class SoakHarness {
  private SoakHarness() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> a = HarnessArgs.parse(args);
    int streams = Integer.parseInt(a.getOrDefault("streams", "1000"));
    int minutes = Integer.parseInt(a.getOrDefault("minutes", "30"));
    int ttftMs = Integer.parseInt(a.getOrDefault("ttftMs", "200"));
    int itlMs = Integer.parseInt(a.getOrDefault("itlMs", "200"));
    int tokens = Integer.parseInt(a.getOrDefault("tokens", "128"));
    int sampleSeconds = Integer.parseInt(a.getOrDefault("sampleSeconds", "30"));
    int warmupSeconds = Integer.parseInt(a.getOrDefault("warmupSeconds", "120"));
    Path work = Path.of(a.getOrDefault("work", "target/soak")).toAbsolutePath();
    Path out = Path.of(a.getOrDefault("out", "BENCHMARKS.md"));
    Files.createDirectories(work);
    Path truthFile = work.resolve("ground-truth.jsonl");
    Path sentFile = work.resolve("sent.txt");
    Path results = work.resolve("gatling");
    Path samplesFile = work.resolve("samples.csv");
    Path runFile = work.resolve("run.txt");
    if (!Boolean.parseBoolean(a.getOrDefault("reanalyse", "false"))) {
      run(work, streams, minutes, ttftMs, itlMs, tokens, sampleSeconds);
    }
    List<String> run = Files.readAllLines(runFile);
    List<JvmSample> samples =
        Files.readAllLines(samplesFile).stream().skip(1).map(JvmSample::parse).toList();
    JsonNode summary =
        new ObjectMapper().readTree(newestRun(results).resolve("llm/summary.json").toFile());
    long sent = Long.parseLong(Files.readString(sentFile).trim());
    Map<String, Long> serverOutcomes = outcomes(truthFile);
    SoakReport report =
        new SoakReport(
            streams,
            minutes,
            ttftMs,
            itlMs,
            tokens,
            sampleSeconds,
            warmupSeconds,
            samples,
            Integer.parseInt(run.get(1)),
            sent,
            summary,
            serverOutcomes,
            run.get(0),
            // The command that ran the soak: without the reanalysis.
            HarnessArgs.command(
                "soak",
                Arrays.stream(args)
                    .map(arg -> arg.replaceAll("reanalyse=\\S*", "").trim())
                    .filter(arg -> !arg.isEmpty())
                    .toArray(String[]::new)));
    String markdown = report.markdown();
    BenchmarksFile.replaceGenerated(out, "## Soak", markdown);
    System.out.println(markdown);
    System.out.println("wrote " + out.toAbsolutePath());
  }

  /**
   * Runs the soak, leaving in {@code work}: samples.csv, run.txt (start, client exit code), the
   * ground truth.
   */
  private static void run(
      Path work, int streams, int minutes, int ttftMs, int itlMs, int tokens, int sampleSeconds)
      throws Exception {
    Path truthFile = work.resolve("ground-truth.jsonl");
    Path sentFile = work.resolve("sent.txt");
    Path results = work.resolve("gatling");
    Files.deleteIfExists(truthFile);
    Files.deleteIfExists(sentFile);
    Files.createDirectories(results);
    String started = Instant.now().toString();
    int exit;
    SimulatorProcess simulator =
        SimulatorProcess.start("ttft=" + ttftMs + ";itl=" + itlMs, truthFile, List.of());
    try {
      String java = ProcessHandle.current().info().command().orElse("java");
      List<String> cmd =
          List.of(
              java,
              "-Xmx1g",
              "-XX:+UseG1GC",
              "--add-opens=java.base/java.lang=ALL-UNNAMED",
              "-Dlogback.configurationFile=" + ClientLoadHarness.quietLogback(work),
              "-Dsoak.baseUrl=" + simulator.baseUrl(),
              "-Dsoak.streams=" + streams,
              "-Dsoak.minutes=" + minutes,
              "-Dsoak.tokens=" + tokens,
              "-Dsoak.sentFile=" + sentFile,
              "-cp",
              System.getProperty("java.class.path"),
              "io.gatling.app.Gatling",
              "--simulation",
              SoakSimulation.class.getName(),
              "--results-folder",
              results.toString(),
              "--no-reports");
      Path log = work.resolve("client.log");
      Process client =
          new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      long startNanos = System.nanoTime();
      long limitSeconds = minutes * 60L + 30 + 600;
      Path samplesFile = work.resolve("samples.csv");
      Files.writeString(samplesFile, "seconds,heap_after_gc_kib,open_fds,threads\n");
      while (!client.waitFor(sampleSeconds, TimeUnit.SECONDS)) {
        long secondsIn = (System.nanoTime() - startNanos) / 1_000_000_000L;
        if (secondsIn > limitSeconds) {
          client.destroyForcibly();
          throw new IllegalStateException(
              "the client did not end after " + limitSeconds + " s, see " + log);
        }
        try {
          JvmSample sample = JvmSample.take(client.pid(), secondsIn);
          Files.writeString(samplesFile, sample.csv() + "\n", StandardOpenOption.APPEND);
          System.out.println("soak " + sample);
        } catch (IOException e) {
          // the client ended between the wait and the look
        }
      }
      exit = client.exitValue();
    } finally {
      simulator.stop(120);
    }
    Files.writeString(work.resolve("run.txt"), started + "\n" + exit + "\n");
  }

  /**
   * How many requests the simulator finished, by outcome ({@code length}, {@code
   * client-closed}...).
   */
  private static Map<String, Long> outcomes(Path truthFile) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Map<String, Long> byOutcome = new TreeMap<>();
    try (BufferedReader in = Files.newBufferedReader(truthFile, StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.isBlank()) continue;
        // The outcome comes before the per-write arrays: parse only the line's head.
        int events = line.indexOf("\"events\"");
        String head = events > 0 ? line.substring(0, events) + "\"end\":0}" : line;
        byOutcome.merge(json.readTree(head).path("outcome").asText("?"), 1L, Long::sum);
      }
    }
    return byOutcome;
  }

  private static Path newestRun(Path results) throws IOException {
    try (Stream<Path> runs = Files.list(results)) {
      return runs.filter(Files::isDirectory)
          .max(Comparator.comparing(Path::getFileName))
          .orElseThrow(() -> new IOException("no run under " + results));
    }
  }
}
