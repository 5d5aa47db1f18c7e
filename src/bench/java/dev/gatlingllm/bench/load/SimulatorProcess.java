package dev.gatlingllm.bench.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The simulator in a JVM of its own for the harnesses (the reference must not share the client's
 * JVM): fixed timing, a ground-truth file, a free loopback port; stopped with SIGTERM so that its
 * shutdown hook flushes the ground truth.
 */
public final class SimulatorProcess implements AutoCloseable {
  private final Process process;
  private final int port;

  private SimulatorProcess(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /**
   * Starts the simulator and waits until it listens.
   *
   * @param timing the {@code sim.timing} value, e.g. {@code ttft=50;itl=20}
   * @param groundTruthFile where each request's writes are appended
   * @param settings more {@code sim.*} settings as {@code key=value} (without the {@code sim.}
   *     prefix)
   */
  public static SimulatorProcess start(String timing, Path groundTruthFile, List<String> settings)
      throws IOException {
    return start(timing, groundTruthFile, settings, 0);
  }

  /**
   * As {@link #start(String, Path, List)}, the server at a lower scheduling priority ({@code nice};
   * 0: as the harness): on a machine the client and the server share, how much of the client's
   * error is the server's CPU.
   */
  public static SimulatorProcess start(
      String timing, Path groundTruthFile, List<String> settings, int niceness) throws IOException {
    int port = freePort();
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> cmd = new ArrayList<>();
    if (niceness != 0) cmd.addAll(List.of("nice", "-n", String.valueOf(niceness)));
    cmd.addAll(
        List.of(
            java,
            "-Xmx1g",
            "-cp",
            System.getProperty("java.class.path"),
            "-Dsim.port=" + port,
            "-Dsim.timing=" + timing,
            "-Dsim.groundTruth=true",
            "-Dsim.groundTruthMaxRecords=1000",
            "-Dsim.groundTruthFile=" + groundTruthFile));
    settings.forEach(setting -> cmd.add("-Dsim." + setting));
    cmd.add("dev.gatlingllm.simulator.LlmSimulatorMain");
    Process process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String ready = out.readLine();
    if (ready == null || !ready.contains("listening")) {
      process.destroyForcibly();
      throw new IllegalStateException("simulator did not start: " + ready);
    }
    drain(out);
    return new SimulatorProcess(process, port);
  }

  public int port() {
    return port;
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + port;
  }

  /** SIGTERM, then up to {@code seconds} for the ground truth to be flushed, then a kill. */
  public void stop(int seconds) throws InterruptedException {
    process.destroy();
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }

  @Override
  public void close() throws InterruptedException {
    stop(60);
  }

  private static void drain(BufferedReader in) {
    Thread t =
        new Thread(
            () -> {
              try {
                while (in.readLine() != null) {
                  // the simulator's settings echo and any warning; not needed
                }
              } catch (IOException e) {
                // the process ended
              }
            },
            "sim-output");
    t.setDaemon(true);
    t.start();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
