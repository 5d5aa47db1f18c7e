package dev.gatlingllm.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The client load harness (a {@code main}, bench profile): for each level and client, starts the
 * simulator in its own JVM on loopback with fixed timing and a ground-truth file, runs the client
 * in another JVM ({@link ClientLoadRun}, Gatling's default 1 GiB heap), then joins what the client
 * measured with what the server wrote. Optionally runs the JMH benchmarks first. Writes
 * BENCHMARKS.md's generated parts.
 *
 * <pre>
 *   ./mvnw -q -Pbench test-compile exec:exec@load
 *   ./mvnw -q -Pbench test-compile exec:exec@load -Dharness.args="levels=100,1000 clients=llm jmh=false"
 * </pre>
 *
 * Arguments ({@code key=value}): {@code levels} (100,1000,5000,10000,10000x10; empty for JMH only;
 * {@code <streams>x<w>} makes the simulator write w content events per socket write, its {@code
 * events-per-write} fault, and divides the level's itl by w), {@code clients} (llm,sse), {@code
 * maxEventsPerSecond} (10000: the simulator's socket writes per second; the itl of a level is
 * raised so that the simulator is not the bottleneck; it served about 30,000 events/s on this
 * machine when less loaded, 10,000-15,000 beside a client), {@code requestSeconds} (10: tokens per
 * request = requestSeconds / itl), {@code warmup} (8 s), {@code window} (15 s), {@code jmh} (true),
 * {@code jmhArgs}, {@code rampSeconds} ({@code request}: one request's duration, which spreads
 * request starts evenly; a number of seconds otherwise), {@code out} (BENCHMARKS.md), {@code work}
 * (target/client-load), {@code jfr} (a level, e.g. 10000 or 10000x10, at which to record both
 * clients with JFR, {@code <work>/<client>-<level>.jfr}; off by default), {@code asyncProfiler}
 * (the path of async-profiler's {@code libasyncProfiler.so}: at the {@code jfr} level, CPU samples
 * of every thread, 1 ms, kernel frames included, in {@code <work>/<client>-<level>-cpu.jfr},
 * instead of JFR's own sampler, which sees only Java frames), {@code reanalyse} (false: true
 * recomputes from the files a previous run left in {@code work}).
 */
public final class ClientLoadHarness {
  static final int TTFT_MS = 200;

  /** Recompute the figures from a previous run's files in {@code work} instead of running again. */
  private static boolean REANALYSE;

  /** async-profiler's agent library, or null for JFR's own recording. */
  private static String ASYNC_PROFILER;

  private ClientLoadHarness() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> a = HarnessArgs.parse(args);
    List<Level> levels =
        Arrays.stream(a.getOrDefault("levels", "100,1000,5000,10000,10000x10").split(","))
            .filter(level -> !level.isBlank())
            .map(Level::parse)
            .toList();
    String[] clients = a.getOrDefault("clients", "llm,sse").split(",");
    int maxEvents = Integer.parseInt(a.getOrDefault("maxEventsPerSecond", "10000"));
    int requestSeconds = Integer.parseInt(a.getOrDefault("requestSeconds", "10"));
    int warmup = Integer.parseInt(a.getOrDefault("warmup", "8"));
    int window = Integer.parseInt(a.getOrDefault("window", "15"));
    String jfrLevel = a.getOrDefault("jfr", "");
    // One request's duration by default, so that request starts stay evenly spread (the steady
    // state of independent users). A short ramp (rampSeconds=2) makes every stream start, and end,
    // within a second or two of the others, request after request: a wave of requests every request
    // duration.
    String rampOption = a.getOrDefault("rampSeconds", "request");
    REANALYSE = Boolean.parseBoolean(a.getOrDefault("reanalyse", "false"));
    ASYNC_PROFILER = a.get("asyncProfiler");
    Path work = Path.of(a.getOrDefault("work", "target/client-load")).toAbsolutePath();
    Path out = Path.of(a.getOrDefault("out", "BENCHMARKS.md"));
    Files.createDirectories(work);

    MachineInfo machine = MachineInfo.now();
    String jmhSection = null;
    if (Boolean.parseBoolean(a.getOrDefault("jmh", "true"))) {
      jmhSection = JmhRun.run(work, a.getOrDefault("jmhArgs", "-prof gc"));
      BenchmarksFile.replaceGenerated(out, "## JMH", jmhSection);
    }
    List<RunResult> results = new ArrayList<>();
    List<Double> loads = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (Level level : levels) {
      int streams = level.streams();
      // maxEvents bounds the simulator's writes per second: w events per write allow w times the
      // events.
      int itlMs =
          Math.max(
              50,
              (int) Math.ceil(streams * 1000.0 / ((double) maxEvents * level.eventsPerWrite())));
      int tokens = Math.max(20, requestSeconds * 1000 / itlMs);
      int ramp =
          rampOption.equals("request")
              ? (int) Math.ceil((TTFT_MS + tokens * (double) itlMs) / 1000)
              : Integer.parseInt(rampOption);
      for (String client : clients) {
        try {
          RunResult r =
              runOne(
                  work,
                  client,
                  level,
                  itlMs,
                  tokens,
                  ramp,
                  warmup,
                  window,
                  level.toString().equals(jfrLevel));
          results.add(r);
          loads.add(r.loadAverage());
          System.out.println(Report.line(r));
        } catch (IllegalStateException | IOException e) {
          // A level the machine cannot hold is a result too: reported, and the next level still
          // runs.
          failures.add(client + " at " + level + " streams: " + e.getMessage());
          System.out.println("FAILED " + failures.get(failures.size() - 1));
        }
      }
    }
    String command = HarnessArgs.command("load", args);
    if (!levels.isEmpty()) {
      BenchmarksFile.replaceGenerated(
          out,
          "## Client load harness",
          Report.markdown(results, failures, machine, loads, command, window, warmup));
    }
    System.out.println("wrote " + out.toAbsolutePath());
  }

  /**
   * A level of the harness: concurrent streams, and content events per server write (1 normally).
   */
  record Level(int streams, int eventsPerWrite) {
    static Level parse(String text) {
      String[] parts = text.trim().split("x");
      return new Level(
          Integer.parseInt(parts[0]), parts.length > 1 ? Integer.parseInt(parts[1]) : 1);
    }

    @Override
    public String toString() {
      return eventsPerWrite == 1 ? String.valueOf(streams) : streams + "x" + eventsPerWrite;
    }
  }

  static RunResult runOne(
      Path work,
      String client,
      Level level,
      int itlMs,
      int tokens,
      int ramp,
      int warmup,
      int window,
      boolean jfr)
      throws Exception {
    int streams = level.streams();
    String tag = client + "-" + level;
    Path gtFile = work.resolve(tag + "-ground-truth.jsonl");
    Path props = work.resolve(tag + ".properties");
    if (REANALYSE && Files.exists(props)) {
      return analyseSaved(
          work, tag, gtFile, props, client, level, itlMs, tokens, ramp, warmup, window);
    }
    Files.deleteIfExists(gtFile);
    Files.deleteIfExists(props);
    Path results = work.resolve(tag + "-gatling");
    Files.createDirectories(results);
    String java = ProcessHandle.current().info().command().orElse("java");
    String cp = System.getProperty("java.class.path");
    SimulatorProcess sim =
        SimulatorProcess.start(
            "ttft=" + TTFT_MS + ";itl=" + itlMs,
            gtFile,
            List.of(
                "fault="
                    + (level.eventsPerWrite() == 1
                        ? ""
                        : "events-per-write=" + level.eventsPerWrite())));
    int port = sim.port();
    int tail = (int) Math.ceil((TTFT_MS + tokens * (double) itlMs) / 1000) + 3;
    LoadPlan plan =
        new LoadPlan(
            client, "http://127.0.0.1:" + port, streams, tokens, ramp, warmup, window, tail);
    List<String> cmd =
        new ArrayList<>(
            List.of(
                java,
                "-Xmx1g",
                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "-Dlogback.configurationFile=" + quietLogback(work)));
    if (jfr && ASYNC_PROFILER != null) {
      cmd.add(
          "-agentpath:"
              + ASYNC_PROFILER
              + "=start,event=cpu,interval=1ms,threads,file="
              + work.resolve(tag + "-cpu.jfr"));
    } else if (jfr) {
      cmd.add(
          "-XX:StartFlightRecording=filename=" + work.resolve(tag + ".jfr") + ",settings=profile");
    }
    cmd.addAll(List.of(plan.asProperties()));
    cmd.addAll(
        List.of(
            "-cp",
            cp,
            ClientLoadRun.class.getName(),
            work.resolve(tag).toString(),
            results.toString()));
    Process clientJvm =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(work.resolve(tag + "-client.log").toFile())
            .start();
    long limit = plan.maxDuration().toSeconds() + 180;
    if (!clientJvm.waitFor(limit, TimeUnit.SECONDS)) {
      clientJvm.destroyForcibly();
    }
    sim.stop(30);
    if (!Files.exists(props)) {
      throw new IllegalStateException(
          "client run failed, see " + work.resolve(tag + "-client.log"));
    }
    return analyseSaved(
        work, tag, gtFile, props, client, level, itlMs, tokens, ramp, warmup, window);
  }

  private static RunResult analyseSaved(
      Path work,
      String tag,
      Path gtFile,
      Path props,
      String client,
      Level level,
      int itlMs,
      int tokens,
      int ramp,
      int warmup,
      int window)
      throws IOException {
    Properties p = new Properties();
    try (var r = Files.newBufferedReader(props)) {
      p.load(r);
    }
    int tail = (int) Math.ceil((TTFT_MS + tokens * (double) itlMs) / 1000) + 3;
    LoadPlan plan = new LoadPlan(client, "-", level.streams(), tokens, ramp, warmup, window, tail);
    return Analysis.analyse(
        plan,
        itlMs,
        level.eventsPerWrite(),
        p,
        Path.of(work.resolve(tag) + ".rows.csv"),
        GroundTruthFile.read(gtFile));
  }

  /**
   * Without a configuration logback logs everything at DEBUG: that would be most of the client's
   * CPU.
   */
  public static Path quietLogback(Path work) throws IOException {
    Path file = work.resolve("logback-bench.xml");
    Files.writeString(
        file,
        """
        <configuration>
          <appender name="CONSOLE" class="ch.qos.logback.core.ConsoleAppender">
            <encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{30} - %msg%n</pattern></encoder>
          </appender>
          <root level="WARN"><appender-ref ref="CONSOLE"/></root>
        </configuration>
        """);
    return file;
  }
}
