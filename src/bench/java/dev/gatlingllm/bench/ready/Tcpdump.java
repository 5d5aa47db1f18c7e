package dev.gatlingllm.bench.ready;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A loopback capture of one TCP port by tcpdump (Debian's {@code tcpdump} package, run as root),
 * with the kernel's nanosecond timestamps and a large buffer so that a 2,000-stream level loses
 * nothing; stopped with SIGTERM, after which tcpdump prints what it captured and what the kernel
 * dropped.
 */
final class Tcpdump implements AutoCloseable {
  /** What tcpdump said at its end. */
  record Stats(long captured, long droppedByKernel) {}

  private static final Pattern CAPTURED = Pattern.compile("(\\d+) packets? captured");
  private static final Pattern DROPPED = Pattern.compile("(\\d+) packets? dropped by kernel");

  private final Process process;
  private final List<String> lines = new ArrayList<>();
  private final Thread reader;

  private Tcpdump(Process process) throws IOException {
    this.process = process;
    BufferedReader err =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String first = err.readLine();
    if (first == null || !first.contains("listening on")) {
      process.destroyForcibly();
      throw new IOException(
          "tcpdump did not start (install Debian's tcpdump, run as root): " + first);
    }
    reader =
        new Thread(
            () -> {
              try {
                for (String line = err.readLine(); line != null; line = err.readLine()) {
                  synchronized (lines) {
                    lines.add(line);
                  }
                }
              } catch (IOException ignored) {
                // tcpdump ended
              }
            },
            "tcpdump-output");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts capturing {@code port} on the loopback interface (IPv4: the simulator listens on
   * 127.0.0.1) into {@code pcap}; returns once tcpdump listens.
   */
  static Tcpdump start(int port, Path pcap) throws IOException {
    // Only what the reading needs: segments that carry data, and the SYN, FIN and RST that open and
    // close a connection. Pure ACKs are half the packets of a stream and cost the capture CPU the
    // measured client and server share. tcpdump runs at the lowest priority: the kernel stamps each
    // packet as it passes, so a capture that lags behind (into its 1 GiB buffer) still records the
    // true times, and takes less from the processes it measures.
    String filter =
        "tcp port "
            + port
            + " and (tcp[tcpflags] & (tcp-syn|tcp-fin|tcp-rst) != 0"
            + " or (ip[2:2] - ((ip[0] & 0xf) << 2) - ((tcp[12] & 0xf0) >> 2)) != 0)";
    Process process =
        new ProcessBuilder(
                "nice",
                "-n",
                "19",
                "tcpdump",
                "-i",
                "lo",
                "-n",
                "-s",
                "0",
                "-B",
                "1048576",
                "--time-stamp-precision=nano",
                "-w",
                pcap.toString(),
                filter)
            .redirectErrorStream(true)
            .start();
    return new Tcpdump(process);
  }

  /**
   * Stops the capture and returns tcpdump's own count of what it captured and what the kernel
   * dropped.
   */
  Stats stop() throws IOException, InterruptedException {
    // SIGTERM through the handle: Process.destroy() would also close the pipe tcpdump prints its
    // counts to
    process.toHandle().destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IOException("tcpdump did not stop");
    }
    reader.join(5_000);
    long captured = -1;
    long dropped = -1;
    synchronized (lines) {
      for (String line : lines) {
        Matcher c = CAPTURED.matcher(line);
        if (c.find()) captured = Long.parseLong(c.group(1));
        Matcher d = DROPPED.matcher(line);
        if (d.find()) dropped = Long.parseLong(d.group(1));
      }
    }
    return new Stats(captured, dropped);
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
