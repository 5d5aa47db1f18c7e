package dev.gatlingllm.bench.soak;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The soak's BENCHMARKS.md block: the run, the client JVM over time, and every request accounted.
 */
record SoakReport(
    int streams,
    int minutes,
    int ttftMs,
    int itlMs,
    int tokens,
    int sampleSeconds,
    int warmupSeconds,
    List<JvmSample> samples,
    int clientExit,
    long sent,
    JsonNode summary,
    Map<String, Long> serverOutcomes,
    String started,
    String command) {

  String markdown() {
    StringBuilder md = new StringBuilder();
    md.append(
        String.format(
            Locale.ROOT,
            "Run %s with `%s`: %,d concurrent streams (closed model, 30-s ramp) for %d"
                + " min against the simulator in its own JVM (first token %d ms after the request is read, then one every"
                + " %d ms, %d tokens: about %,d events/s), the client in its own JVM (1 GiB heap, G1), looked at every %d s"
                + " from outside: heap used after `jcmd GC.run`, `/proc/<pid>/fd`, threads. Samples before %d s (ramp, first"
                + " requests, JIT) are listed, not judged. Client exit code %d.%n%n",
            started,
            command,
            streams,
            minutes,
            ttftMs,
            itlMs,
            tokens,
            streams * 1000L / itlMs,
            sampleSeconds,
            warmupSeconds,
            clientExit));
    // The steady state: after the warm-up, until the users stop (30-s ramp + the hold); later
    // samples see the connections close as the last requests end.
    long steadyEnd = 30 + minutes * 60L;
    List<JvmSample> judged =
        samples.stream()
            .filter(s -> s.secondsIn() >= warmupSeconds && s.secondsIn() <= steadyEnd)
            .toList();
    md.append(
        String.format(
            Locale.ROOT,
            "Judged: the %d samples from %d s to %d s (the users stop at %d s)."
                + " Change = median of the last third of them against the median of the first third.%n%n",
            judged.size(),
            judged.isEmpty() ? 0 : judged.get(0).secondsIn(),
            judged.isEmpty() ? 0 : judged.get(judged.size() - 1).secondsIn(),
            steadyEnd));
    md.append(
        "| figure | first | min | max | last | median, first third | median, last third | change |\n"
            + "|---|---|---|---|---|---|---|---|\n");
    row(md, "heap after GC, MiB", judged, s -> s.heapUsedKiB(), 1024.0);
    row(md, "open file descriptors", judged, JvmSample::openFds, 1);
    row(md, "threads", judged, JvmSample::threads, 1);
    long completed = summary.path("completed").asLong();
    long failed = summary.path("failed").asLong();
    long excluded = summary.path("excluded_requests").asLong();
    long server = serverOutcomes.values().stream().mapToLong(Long::longValue).sum();
    md.append(
        String.format(
            Locale.ROOT,
            "%nRequests: %,d sent by the users; the LLM report: %,d OK + %,d KO = %,d"
                + " (%s)%s; the simulator finished %,d (%s).%n",
            sent,
            completed,
            failed,
            completed + failed,
            completed + failed == sent
                ? "every request accounted"
                : "MISSING " + (sent - completed - failed),
            excluded > 0 ? ", " + excluded + " excluded" : "",
            server,
            serverOutcomes));
    md.append("\nEvery ")
        .append(sampleSeconds * 10)
        .append(
            " s (all samples in `target/soak/samples.csv`):\n\n"
                + "| s | heap after GC MiB | fds | threads |\n|---|---|---|---|\n");
    for (int i = 0; i < samples.size(); i++) {
      JvmSample s = samples.get(i);
      if (i % 10 == 0 || i == samples.size() - 1) {
        md.append(
            String.format(
                Locale.ROOT,
                "| %d | %.1f | %d | %d |%n",
                s.secondsIn(),
                s.heapUsedKiB() / 1024.0,
                s.openFds(),
                s.threads()));
      }
    }
    return md.toString();
  }

  private static void row(
      StringBuilder md,
      String name,
      List<JvmSample> judged,
      ToLongFunction<JvmSample> value,
      double unit) {
    if (judged.size() < 3) {
      md.append("| ").append(name).append(" | too few samples | | | | | | |\n");
      return;
    }
    long[] values = judged.stream().mapToLong(value).toArray();
    int third = values.length / 3;
    long firstThird = median(Arrays.copyOfRange(values, 0, third));
    long lastThird = median(Arrays.copyOfRange(values, values.length - third, values.length));
    md.append(
        String.format(
            Locale.ROOT,
            "| %s | %s | %s | %s | %s | %s | %s | %+.1f %% |%n",
            name,
            fmt(values[0], unit),
            fmt(Arrays.stream(values).min().orElse(0), unit),
            fmt(Arrays.stream(values).max().orElse(0), unit),
            fmt(values[values.length - 1], unit),
            fmt(firstThird, unit),
            fmt(lastThird, unit),
            firstThird == 0 ? 0 : 100.0 * (lastThird - firstThird) / firstThird));
  }

  private static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static String fmt(long value, double unit) {
    return unit == 1 ? String.valueOf(value) : String.format(Locale.ROOT, "%.1f", value / unit);
  }
}
