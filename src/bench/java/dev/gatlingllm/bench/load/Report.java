package dev.gatlingllm.bench.load;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The harness's console line and BENCHMARKS.md text. */
final class Report {
  private Report() {}

  static String line(RunResult r) {
    return String.format(
        Locale.ROOT,
        "%s %d streams (itl %d ms, %d events per write, %d tokens): ok %d ko %d, %.0f events/s, %.2f us CPU/event (%.0f %% of a core),"
            + " heap %.1f KiB/stream, %s, true TTFT %s, server TTFT %s, read delay %s, TTFT error %s (%d joined),"
            + " ITL client %s, true ITL %s, ITL error p50 %s |p99| %s |max| %s (%d gaps),"
            + " server lateness p99 %s ms %s",
        r.client(),
        r.streams(),
        r.itlMs(),
        r.eventsPerWrite(),
        r.tokens(),
        r.ok(),
        r.ko(),
        r.eventsPerSecond(),
        r.cpuNanosPerEvent() / 1e3,
        r.cpuCoresUsed() * 100,
        r.heapPerStreamBytes() / 1024,
        r.clientTtft(),
        r.trueTtft().millis(),
        r.serverTtft().millis(),
        r.readDelay().millis(),
        r.ttftError().millis(),
        r.joined(),
        r.itlClient(),
        r.itlServer().millis(),
        Samples.ms(r.itlError().percentile(50)),
        Samples.ms(r.itlErrorAbs().percentile(99)),
        Samples.ms(r.itlErrorAbs().max()),
        r.itlError().count(),
        Samples.ms(r.lateness().percentile(99)),
        r.note());
  }

  /** "p50 / abs p99 / abs max (gaps)" of the joined ITL error, or n/a. */
  private static String itlError(RunResult r) {
    if (r.itlError().count() == 0) {
      return "n/a";
    }
    return Samples.ms(r.itlError().percentile(50))
        + " / "
        + Samples.ms(r.itlErrorAbs().percentile(99))
        + " / "
        + Samples.ms(r.itlErrorAbs().max())
        + " ("
        + r.itlError().count()
        + ")";
  }

  static String markdown(
      List<RunResult> results,
      List<String> failures,
      MachineInfo m,
      List<Double> loads,
      String command,
      int window,
      int warmup) {
    StringBuilder md = new StringBuilder();
    double loadMin = loads.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    double loadMax = loads.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    md.append("Measured ")
        .append(m.started())
        .append(" on ")
        .append(m.cpus())
        .append(" CPUs, ")
        .append(m.memory())
        .append(", ")
        .append(m.java())
        .append(
            String.format(
                Locale.ROOT,
                "; load average %s when the harness started, %.1f-%.1f (1 min) during the windows. The machine is shared:"
                    + " compare the two clients at the same level (consecutive runs), not levels across runs.%n%n",
                m.loadAverage(),
                loadMin,
                loadMax))
        .append("    ")
        .append(command)
        .append("\n\n")
        .append(
            "Each run: the simulator in its own JVM (fixed timing `ttft=200;itl=<itl>`, ground-truth JSONL file),")
        .append(
            " the client in another JVM with `-Xmx1g` (Gatling's default heap), `streams` users each streaming ")
        .append(
            "chat requests back to back (closed loop), ramped over one request's duration (request starts evenly spread) unless the command sets rampSeconds, ")
        .append(warmup)
        .append(" s warm-up, 2 s settle, ")
        .append(window)
        .append(
            " s window for events and CPU, heap measured right after it (used after a full GC minus")
        .append(
            " the baseline before Gatling started), then a tail for the requests started in the window to finish. The itl grows with the level so that the simulator ")
        .append(
            "(30,000 events/s alone on this machine at best, about half beside a client) is not the bottleneck. Token events/s = content events the server ")
        .append(
            "wrote in the client's window (both JVMs read the same CLOCK_MONOTONIC). Requests started in the window ")
        .append("(but not its last second, before the GC)")
        .append(
            " are joined to the server's request by request, on the `x-request-id` each one sends. TTFT error = client TTFT - server TTFT (received -> first content write): an ")
        .append(
            "upper bound, loopback transit both ways and the server's read delay included; the lower bound is client ")
        .append(
            "TTFT - true TTFT (the client's own send mark is not before that timestamp). True TTFT = first ")
        .append(
            "content write - client timestamp just before the request action (what the user waited); server read ")
        .append(
            "delay = request received - that timestamp. ITL error = the plugin's gap (`saveItl()`) - the server's gap ")
        .append(
            "between the same two content writes, for every gap of the joined requests that ends in the window (p50 of the signed error, p99 and ")
        .append(
            "max of its absolute value); ITL client and true ITL compare the distributions (the plugin's pooled ITL from ")
        .append(
            "`llm/summary.json`, whole run, against all server gaps). Times are p50 / p99 / max in ms. Events/write above 1 (a level ")
        .append(
            "`<streams>x<w>`): the simulator writes w content events per socket write (its `events-per-write` fault, ")
        .append(
            "as a server or proxy that flushes in batches), each group at the time planned for its last event, and ")
        .append(
            "the itl is divided by w; the client then reads w events per read, so its cost per event shows apart from ")
        .append("the kernel's cost per read.\n\n")
        .append(
            "| client | streams | itl ms | events/write | tokens/req | requests OK / KO | token events/s | client CPU | CPU us/event")
        .append(
            " | heap/stream | first latency the client reports | true TTFT | TTFT error, upper bound (joined requests)")
        .append(" | TTFT error, lower bound")
        .append(
            " | server read delay | ITL error, joined gaps | ITL client | true ITL | server lateness p99 |\n")
        .append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (RunResult r : results) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %,d | %d | %d | %d | %,d / %,d | %,.0f | %.0f %% | %.2f | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s ms |%n",
              r.client().equals("llm") ? "gatling-llm" : "Gatling SSE",
              r.streams(),
              r.itlMs(),
              r.eventsPerWrite(),
              r.tokens(),
              r.ok(),
              r.ko(),
              r.eventsPerSecond(),
              r.cpuCoresUsed() * 100,
              r.cpuNanosPerEvent() / 1e3,
              Double.isNaN(r.heapPerStreamBytes())
                  ? "n/a"
                  : String.format(Locale.ROOT, "%.1f KiB", r.heapPerStreamBytes() / 1024),
              r.clientTtft(),
              r.trueTtft().millis(),
              r.ttftError().count() == 0
                  ? "n/a"
                  : r.ttftError().millis() + " (" + r.ttftError().count() + ")",
              r.ttftErrorLow().count() == 0 ? "n/a" : r.ttftErrorLow().millis(),
              r.readDelay().millis(),
              itlError(r),
              r.itlClient(),
              r.itlServer().millis(),
              Samples.ms(r.lateness().percentile(99))));
    }
    for (String failure : failures) {
      md.append("\nFailed: ").append(failure).append('\n');
    }
    md.append("\nSide by side (same level, consecutive runs):\n\n")
        .append(
            "| streams | events/write | gatling-llm CPU us/event | Gatling SSE CPU us/event | gatling-llm / SSE | target <= 0.20 |\n")
        .append("|---|---|---|---|---|---|\n");
    for (RunResult llm : results) {
      if (!llm.client().equals("llm")) continue;
      for (RunResult sse : results) {
        if (sse.client().equals("sse")
            && sse.streams() == llm.streams()
            && sse.eventsPerWrite() == llm.eventsPerWrite()) {
          double ratio = llm.cpuNanosPerEvent() / sse.cpuNanosPerEvent();
          md.append(
              String.format(
                  Locale.ROOT,
                  "| %,d | %d | %.2f | %.2f | %.2f | %s |%n",
                  llm.streams(),
                  llm.eventsPerWrite(),
                  llm.cpuNanosPerEvent() / 1e3,
                  sse.cpuNanosPerEvent() / 1e3,
                  ratio,
                  ratio <= 0.2 ? "met" : "not met"));
        }
      }
    }
    md.append("\nMachine-checked targets (the discussion follows below):\n\n");
    for (RunResult r : results) {
      if (!r.client().equals("llm") || r.eventsPerWrite() != 1) continue;
      if (r.streams() == 1_000 || r.streams() == 10_000) {
        double p99 = r.ttftError().percentile(99) / 1e6;
        double low = r.ttftErrorLow().percentile(99) / 1e6;
        double limit = r.streams() == 1_000 ? 1 : 5;
        md.append(
            String.format(
                Locale.ROOT,
                "- TTFT error p99 at %,d streams: between %.2f and %.2f ms (target <= %.0f"
                    + " ms): %s%n",
                r.streams(),
                low,
                p99,
                limit,
                p99 <= limit
                    ? "met"
                    : low > limit ? "not met" : "not shown (the bounds straddle the target)"));
      }
      if (r.streams() == 10_000) {
        md.append(
            String.format(
                Locale.ROOT,
                "- 10,000 streams in a 1 GiB heap: %,d OK / %,d KO, %.1f MiB used after"
                    + " GC at steady state: %s%n",
                r.ok(),
                r.ko(),
                r.heapSteadyBytes() / 1048576.0,
                r.ok() > 0 && r.ko() == 0 && r.exit() == 0 ? "met" : "not met"));
      }
    }
    if (failures.stream().anyMatch(f -> f.startsWith("llm at 10000 "))) {
      md.append(
          "- 10,000 streams in a 1 GiB heap: not met, the plugin's run at 10,000 streams failed (above)\n");
    }
    results.stream()
        .filter(r -> r.client().equals("llm"))
        .max(Comparator.comparingDouble(RunResult::eventsPerSecond))
        .ifPresent(
            best ->
                md.append(
                    String.format(
                        Locale.ROOT,
                        "- Token events/s ingested: %,.0f at most here"
                            + " (%,d streams, %d content events per server write, %,d OK / %,d KO; target >= 100,000): %s%n",
                        best.eventsPerSecond(),
                        best.streams(),
                        best.eventsPerWrite(),
                        best.ok(),
                        best.ko(),
                        best.eventsPerSecond() >= 100_000 && best.ko() == 0 ? "met" : "not met")));
    results.stream()
        .filter(r -> r.client().equals("llm") && r.eventsPerWrite() == 1)
        .max(Comparator.comparingDouble(RunResult::eventsPerSecond))
        .ifPresent(
            best ->
                md.append(
                    String.format(
                        Locale.ROOT,
                        "- With one event per server write: %,.0f token"
                            + " events/s at most here, at %.2f us of client CPU per event%n",
                        best.eventsPerSecond(),
                        best.cpuNanosPerEvent() / 1e3)));
    return md.toString();
  }
}
