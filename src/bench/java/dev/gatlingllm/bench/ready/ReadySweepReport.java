package dev.gatlingllm.bench.ready;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.bench.ready.ReadySweepHarness.Measured;
import dev.gatlingllm.metrics.request.RequestRow;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The markdown block BENCHMARKS.md carries for the ready-sweep harness. */
final class ReadySweepReport {
  private ReadySweepReport() {}

  static String markdown(
      List<Measured> runs,
      Map<String, Truth> truth,
      List<String> failures,
      String command,
      String started,
      int ttftMs,
      int itlMs,
      int tokens) {
    StringBuilder md = new StringBuilder();
    md.append(
        String.format(
            Locale.ROOT,
            "Run %s with `%s`: the simulator in its own JVM (fixed timing: first"
                + " token %d ms after the request is read, then one every %d ms, %d tokens, usage sent), the default"
                + " `ConcurrencySweepSimulation` launched by `./mvnw gatling:test` for each level (32 input tokens,"
                + " one warm-up request and the built-in JIT warm-up), joined request by request on `request_id` with"
                + " the server's truth. %d CPUs, load average %s at the end.%n%n",
            started,
            command,
            ttftMs,
            itlMs,
            tokens,
            Runtime.getRuntime().availableProcessors(),
            loadAverage()));
    md.append(
        "| streams | run | OK / KO | joined requests | true TTFT p50 / p99 | client TTFT p50 / p99 | TTFT error mean / p50 / "
            + "p99 / max | of which before the headers: p50 / p99 | after them: p50 / p99 | error > 10 ms | error > 100 ms | client loop delay p99 | server write lateness p99 "
            + "| client cores (steady middle) | client CPU s per M token events | client CPU ms per request |\n");
    md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Measured m : runs) {
      md.append(row(m, truth)).append('\n');
    }
    md.append(
        "\nDurations in ms. TTFT error = client TTFT - (first content write - request read), per request;"
            + " \"before the headers\": client TTFB - (headers write - request read), the part of the error that"
            + " arose before the server answered; \"after them\": the rest, between the headers and the first token."
            + " Server write lateness = each content write - its planned time (how far the reference itself fell"
            + " behind). Client cores: the Gatling JVM's CPU (user + system, `/proc`) over the middle half of the"
            + " level's window; CPU per M events divides it by the output tokens/s (one token per event here), CPU per request by the"
            + " requests/s.\n");
    for (String failure : failures) {
      md.append("\nFAILED ").append(failure).append('\n');
    }
    return md.toString();
  }

  private static String row(Measured m, Map<String, Truth> truth) {
    double[] errors = new double[m.rows().size()];
    double[] trueTtft = new double[errors.length];
    double[] clientTtft = new double[errors.length];
    double[] beforeHeaders = new double[errors.length];
    double[] afterHeaders = new double[errors.length];
    int joined = 0;
    int over10 = 0;
    int over100 = 0;
    double sum = 0;
    java.util.stream.DoubleStream.Builder lateness = java.util.stream.DoubleStream.builder();
    for (RequestRow r : m.rows()) {
      Truth t = r.status().requestId() == null ? null : truth.get(r.status().requestId());
      if (t == null || t.ttftNanos() < 0 || r.latency().ttftMicros() < 0) continue;
      for (long late : t.writeLatenessNanos()) {
        lateness.add(late / 1e6);
      }
      double error = r.latency().ttftMicros() / 1000.0 - t.ttftNanos() / 1e6;
      errors[joined] = error;
      trueTtft[joined] = t.ttftNanos() / 1e6;
      clientTtft[joined] = r.latency().ttftMicros() / 1000.0;
      // The TTFB error (client TTFB - server headers write) and the rest: what went wrong before
      // the server answered (the client's send, the server's read of the request, or the client's
      // read of the headers), and what went wrong between the headers and the first token on a
      // connection already open.
      beforeHeaders[joined] =
          t.headersNanos() < 0 || r.latency().ttfbMicros() < 0
              ? Double.NaN
              : r.latency().ttfbMicros() / 1000.0 - t.headersNanos() / 1e6;
      afterHeaders[joined] = error - beforeHeaders[joined];
      sum += error;
      if (error > 10) over10++;
      if (error > 100) over100++;
      joined++;
    }
    errors = Arrays.copyOf(errors, joined);
    trueTtft = Arrays.copyOf(trueTtft, joined);
    clientTtft = Arrays.copyOf(clientTtft, joined);
    beforeHeaders = Arrays.stream(beforeHeaders, 0, joined).filter(v -> !Double.isNaN(v)).toArray();
    afterHeaders = Arrays.stream(afterHeaders, 0, joined).filter(v -> !Double.isNaN(v)).toArray();
    JsonNode level = m.level();
    double cores = m.middleCpuSeconds() / m.middleSeconds();
    double eventsPerSecond = level.path("output_throughput").asDouble();
    double requestsPerSecond = level.path("request_throughput").asDouble();
    long ko = m.rows().stream().filter(r -> !r.status().ok()).count();
    return String.format(
        Locale.ROOT,
        "| %d | %s | %d / %d | %d of %d | %s / %s | %s / %s | %s / %s / %s / %s | %s / %s | %s / %s | %s | %s | %s | %s | %s | %s | %s |",
        m.run().streams(),
        m.run().describe(),
        m.rows().size() - ko,
        ko,
        joined,
        m.rows().size(),
        ms(pct(trueTtft, 50)),
        ms(pct(trueTtft, 99)),
        ms(pct(clientTtft, 50)),
        ms(pct(clientTtft, 99)),
        signed(joined == 0 ? Double.NaN : sum / joined),
        signed(pct(errors, 50)),
        signed(pct(errors, 99)),
        signed(pct(errors, 100)),
        signed(pct(beforeHeaders, 50)),
        signed(pct(beforeHeaders, 99)),
        signed(pct(afterHeaders, 50)),
        signed(pct(afterHeaders, 99)),
        share(over10, joined),
        share(over100, joined),
        ms(level.path("p99_event_loop_delay_ms").asDouble(Double.NaN)),
        ms(pct(lateness.build().toArray(), 99)),
        Double.isNaN(cores) ? "n/a" : String.format(Locale.ROOT, "%.2f", cores),
        Double.isNaN(cores) || eventsPerSecond <= 0
            ? "n/a"
            : String.format(Locale.ROOT, "%.1f", cores / eventsPerSecond * 1e6),
        Double.isNaN(cores) || requestsPerSecond <= 0
            ? "n/a"
            : String.format(Locale.ROOT, "%.1f", cores / requestsPerSecond * 1e3));
  }

  /** Nearest-rank percentile; NaN when empty. */
  static double pct(double[] values, double p) {
    if (values.length == 0) return Double.NaN;
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  static String ms(double value) {
    if (Double.isNaN(value)) return "n/a";
    return Math.abs(value) >= 100
        ? String.format(Locale.ROOT, "%.0f", value)
        : String.format(Locale.ROOT, "%.1f", value);
  }

  static String signed(double value) {
    return Double.isNaN(value) ? "n/a" : (value >= 0 ? "+" : "") + ms(value);
  }

  private static String share(int count, int of) {
    return of == 0 ? "n/a" : String.format(Locale.ROOT, "%.1f %%", 100.0 * count / of);
  }

  static String loadAverage() {
    try {
      return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
    } catch (java.io.IOException e) {
      return "n/a";
    }
  }
}
