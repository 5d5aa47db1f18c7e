package dev.gatlingllm.bench.ready;

import dev.gatlingllm.bench.load.BenchmarksFile;
import dev.gatlingllm.bench.load.HarnessArgs;
import dev.gatlingllm.bench.load.SimulatorProcess;
import dev.gatlingllm.bench.ready.ReadySweepHarness.Measured;
import dev.gatlingllm.bench.ready.ReadySweepHarness.Run;
import dev.gatlingllm.wire.WireCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The wire truth (a {@code main}, bench profile): the ready sweep as users run it ({@code ./mvnw
 * gatling:test} of {@code ConcurrencySweepSimulation}, one level per run) and vLLM's own benchmark
 * client, in turns at each level, against one simulator in its own process with fixed timing, while
 * tcpdump captures the loopback port with the kernel's timestamps. Each client's TTFT is held
 * against the wire's (first output event in - request's first byte out), and the wire's against the
 * server's own (first content write - request read).
 *
 * <pre>
 *   ./mvnw -q -Pbench test-compile exec:exec@wire
 *   ./mvnw -q -Pbench test-compile exec:exec@wire -Dharness.args="levels=50,1000 clients=gatling bare=1000"
 * </pre>
 *
 * Arguments ({@code key=value}): {@code levels} (50,200,500,1000,2000), {@code clients}
 * (gatling,vllm: in this order at each level), {@code bare} (levels at which the ready sweep also
 * runs without a capture, to show what the capture costs; 1000), {@code vllm} (run_vllm.sh of the
 * restored peer; $TMPDIR/peers/vllm-bench/run_vllm.sh), {@code ttftMs} (50), {@code itlMs} (20),
 * {@code tokens} (128), {@code out} (BENCHMARKS.md), {@code heading} ("Wire truth"), {@code work}
 * (target/wire-truth), {@code keep} (false: each capture is deleted once read), {@code extra},
 * {@code serverNice} (0: the simulator at the harness's priority; 10: below the client's, to see
 * how much of the client's share is the CPU the two share). Needs root and Debian's {@code
 * tcpdump}.
 */
public final class WireTruthHarness {
  private WireTruthHarness() {}

  /** One client's run at one level: what it measured and what the wire saw. */
  record WireRun(
      int streams,
      String client,
      boolean captured,
      Tcpdump.Stats capture,
      WireCapture.Read wire,
      Measured gatling,
      VllmBenchClient.Result vllm) {}

  public static void main(String[] args) throws Exception {
    Map<String, String> a = HarnessArgs.parse(args);
    List<Integer> levels = ints(a.getOrDefault("levels", "50,200,500,1000,2000"));
    List<Integer> bare = ints(a.getOrDefault("bare", "1000"));
    List<String> clients = Arrays.asList(a.getOrDefault("clients", "gatling,vllm").split(","));
    Path vllm =
        Path.of(
            a.getOrDefault(
                "vllm", System.getProperty("java.io.tmpdir") + "/peers/vllm-bench/run_vllm.sh"));
    int ttftMs = Integer.parseInt(a.getOrDefault("ttftMs", "50"));
    int itlMs = Integer.parseInt(a.getOrDefault("itlMs", "20"));
    int tokens = Integer.parseInt(a.getOrDefault("tokens", "128"));
    boolean keep = Boolean.parseBoolean(a.getOrDefault("keep", "false"));
    Path work = Path.of(a.getOrDefault("work", "target/wire-truth")).toAbsolutePath();
    Path out = Path.of(a.getOrDefault("out", "BENCHMARKS.md"));
    List<String> extra =
        Arrays.stream(a.getOrDefault("extra", "").split(",")).filter(s -> !s.isBlank()).toList();
    if (clients.contains("vllm") && !Files.isExecutable(vllm)) {
      throw new IllegalArgumentException(
          vllm + " is missing: the script that runs vLLM's client (see VllmBenchClient)");
    }
    Files.createDirectories(work);
    Path truthFile = work.resolve("ground-truth.jsonl");
    Files.deleteIfExists(truthFile);
    String started = Instant.now().toString();

    SimulatorProcess simulator =
        SimulatorProcess.start(
            "ttft=" + ttftMs + ";itl=" + itlMs,
            truthFile,
            List.of("defaultMaxTokens=" + tokens, "groundTruthMaxRecords=1000000"),
            Integer.parseInt(a.getOrDefault("serverNice", "0")));
    int port = simulator.port();
    List<WireRun> runs = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    try {
      for (int streams : levels) {
        for (String client : clients) {
          try {
            runs.add(captured(client, streams, port, tokens, work, extra, vllm, keep));
            System.out.println("wire truth: " + client + " at " + streams + " streams done");
          } catch (Exception e) {
            failures.add(client + " at " + streams + " streams: " + e.getMessage());
            System.out.println("FAILED " + failures.get(failures.size() - 1));
          }
        }
        if (bare.contains(streams)) {
          Measured m = ReadySweepHarness.runOne(new Run(streams, 0), port, tokens, work, extra);
          runs.add(new WireRun(streams, "gatling", false, null, null, m, null));
        }
      }
    } finally {
      simulator.stop(60);
    }
    String command = HarnessArgs.command("wire", args);
    String heading = a.getOrDefault("heading", "Wire truth").replace('_', ' ');
    String table =
        WireTruthReport.markdown(
            runs, Truth.read(truthFile), failures, command, started, ttftMs, itlMs, tokens);
    BenchmarksFile.replaceGenerated(out, "## " + heading, table);
    System.out.println(table);
    System.out.println("wrote " + out.toAbsolutePath());
  }

  private static WireRun captured(
      String client,
      int streams,
      int port,
      int tokens,
      Path work,
      List<String> extra,
      Path vllm,
      boolean keep)
      throws Exception {
    Path pcap = work.resolve(client + "-" + streams + ".pcap");
    Files.deleteIfExists(pcap);
    Measured gatling = null;
    VllmBenchClient.Result peer = null;
    Tcpdump.Stats stats;
    try (Tcpdump tcpdump = Tcpdump.start(port, pcap)) {
      if (client.equals("gatling")) {
        gatling = ReadySweepHarness.runOne(new Run(streams, 0), port, tokens, work, extra);
      } else if (client.equals("vllm")) {
        peer = VllmBenchClient.run(vllm, port, streams, work);
      } else {
        throw new IllegalArgumentException("unknown client " + client + " (gatling, vllm)");
      }
      stats = tcpdump.stop();
    }
    WireCapture.Read wire = WireCapture.read(pcap, port);
    if (!keep) Files.delete(pcap);
    return new WireRun(streams, client, true, stats, wire, gatling, peer);
  }

  private static List<Integer> ints(String csv) {
    return Arrays.stream(csv.split(","))
        .filter(s -> !s.isBlank())
        .map(s -> Integer.parseInt(s.trim()))
        .toList();
  }
}
