package dev.gatlingllm.bench.soak;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One look at another JVM from outside: its heap after a full GC ({@code jcmd <pid> GC.run}, then
 * {@code GC.heap_info}), its open file descriptors ({@code /proc/<pid>/fd}) and its threads ({@code
 * /proc/<pid>/status}).
 *
 * @param secondsIn seconds since the client started
 * @param heapUsedKiB used heap after the GC, or -1 when jcmd failed
 */
record JvmSample(long secondsIn, long heapUsedKiB, int openFds, int threads) {
  /** G1's line: {@code garbage-first heap total 1048576K, used 123456K [...]}. */
  private static final Pattern G1_USED =
      Pattern.compile("garbage-first heap\\s+total \\d+K, used (\\d+)K");

  static JvmSample take(long pid, long secondsIn) throws IOException, InterruptedException {
    jcmd(pid, "GC.run");
    Matcher used = G1_USED.matcher(jcmd(pid, "GC.heap_info"));
    long heap = used.find() ? Long.parseLong(used.group(1)) : -1;
    int fds;
    try (Stream<Path> links = Files.list(Path.of("/proc/" + pid + "/fd"))) {
      fds = (int) links.count();
    }
    int threads =
        Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream()
            .filter(line -> line.startsWith("Threads:"))
            .mapToInt(line -> Integer.parseInt(line.substring(8).trim()))
            .findFirst()
            .orElse(-1);
    return new JvmSample(secondsIn, heap, fds, threads);
  }

  private static String jcmd(long pid, String command) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder("jcmd", String.valueOf(pid), command).redirectErrorStream(true).start();
    byte[] out = p.getInputStream().readAllBytes();
    p.waitFor(60, TimeUnit.SECONDS);
    return new String(out, StandardCharsets.UTF_8);
  }

  static JvmSample parse(String csvLine) {
    String[] f = csvLine.split(",");
    return new JvmSample(
        Long.parseLong(f[0]), Long.parseLong(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]));
  }

  String csv() {
    return secondsIn + "," + heapUsedKiB + "," + openFds + "," + threads;
  }
}
