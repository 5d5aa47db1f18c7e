package dev.gatlingllm.bench.soak;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

/** The soak's BENCHMARKS.md block: the run, the client JVM over time, and every request accounted. */
record SoakReport(int streams, int minutes, int ttftMs, int itlMs, int tokens, int sampleSeconds, int warmupSeconds,
    List<JvmSample> samples, int clientExit, long sent, JsonNode summary, Map<String, Long> serverOutcomes,
    String started, String command) {

  String markdown() {
    StringBuilder md = new StringBuilder();
    md.append(String.format(Locale.ROOT, "Run %s with `%s`: %,d concurrent streams (closed model, 30-s ramp) for %d"
        + " min against the simulator in its own JVM (first token %d ms after the request is read, then one every"
        + " %d ms, %d tokens: about %,d events/s), the client in its own JVM (1 GiB heap, G1), looked at every %d s"
        + " from outside: heap used after `jcmd GC.run`, `/proc/<pid>/fd`, threads. Samples before %d s (ramp, first"
        + " requests, JIT) are listed, not judged. Client exit code %d.%n%n",
        started, command, streams, minutes, ttftMs, itlMs, tokens, streams * 1000L / itlMs, sampleSeconds,
        warmupSeconds, clientExit));
    List<JvmSample> judged = samples.stream().filter(s -> s.secondsIn() >= warmupSeconds).toList();
    md.append("| figure | after warm-up (first sample) | min | max | last | max / first - 1 |\n|---|---|---|---|---|---|\n");
    row(md, "heap after GC, MiB", judged, s -> s.heapUsedKiB(), 1024.0);
    row(md, "open file descriptors", judged, JvmSample::openFds, 1);
    row(md, "threads", judged, JvmSample::threads, 1);
    long completed = summary.path("completed").asLong();
    long failed = summary.path("failed").asLong();
    long excluded = summary.path("excluded_requests").asLong();
    long server = serverOutcomes.values().stream().mapToLong(Long::longValue).sum();
    md.append(String.format(Locale.ROOT, "%nRequests: %,d sent by the users; the LLM report: %,d OK + %,d KO = %,d"
        + " (%s)%s; the simulator finished %,d (%s).%n", sent, completed, failed, completed + failed,
        completed + failed == sent ? "every request accounted" : "MISSING " + (sent - completed - failed),
        excluded > 0 ? ", " + excluded + " excluded" : "", server, serverOutcomes));
    md.append("\nEvery ").append(sampleSeconds * 10).append(" s:\n\n| s | heap after GC MiB | fds | threads |\n|---|---|---|---|\n");
    for (int i = 0; i < samples.size(); i++) {
      JvmSample s = samples.get(i);
      if (i % 10 == 0 || i == samples.size() - 1) {
        md.append(String.format(Locale.ROOT, "| %d | %.1f | %d | %d |%n", s.secondsIn(), s.heapUsedKiB() / 1024.0,
            s.openFds(), s.threads()));
      }
    }
    return md.toString();
  }

  private static void row(StringBuilder md, String name, List<JvmSample> judged, ToLongFunction<JvmSample> value,
      double unit) {
    if (judged.isEmpty()) {
      md.append("| ").append(name).append(" | no sample | | | | |\n");
      return;
    }
    long first = value.applyAsLong(judged.get(0));
    long min = judged.stream().mapToLong(value).min().orElse(0);
    long max = judged.stream().mapToLong(value).max().orElse(0);
    long last = value.applyAsLong(judged.get(judged.size() - 1));
    md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %+.1f %% |%n", name, fmt(first, unit),
        fmt(min, unit), fmt(max, unit), fmt(last, unit), first == 0 ? 0 : 100.0 * (max - first) / first));
  }

  private static String fmt(long value, double unit) {
    return unit == 1 ? String.valueOf(value) : String.format(Locale.ROOT, "%.1f", value / unit);
  }
}
