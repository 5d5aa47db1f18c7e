package dev.gatlingllm.bench.ready;

import static dev.gatlingllm.bench.ready.ReadySweepReport.ms;
import static dev.gatlingllm.bench.ready.ReadySweepReport.pct;
import static dev.gatlingllm.bench.ready.ReadySweepReport.signed;

import dev.gatlingllm.bench.ready.WireTruthHarness.WireRun;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.wire.WireExchange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The markdown block BENCHMARKS.md carries for the wire-truth harness. */
final class WireTruthReport {
  private WireTruthReport() {}

  static String markdown(
      List<WireRun> runs,
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
            "Run %s with `%s`: the simulator in its own JVM (first token %d ms after"
                + " the request is read, then one every %d ms, %d tokens), the ready sweep (`./mvnw gatling:test`, one level"
                + " per run, 3 x C requests) and vLLM's benchmark client (`benchmark_serving.py`, random 32-token prompts,"
                + " `--max-concurrency C`, 3 x C requests) in turns at each level, tcpdump capturing the port with the"
                + " kernel's timestamps. %d CPUs, load average %s at the end.%n%n",
            started,
            command,
            ttftMs,
            itlMs,
            tokens,
            Runtime.getRuntime().availableProcessors(),
            ReadySweepReport.loadAverage()));
    md.append(
        "| streams | client | requests on the wire (read whole) | capture: packets / dropped | wire TTFT p50 / p99"
            + " | client TTFT p50 / p99 | client TTFT - wire TTFT: mean / p99 | client share: mean / p50 / p99 / max"
            + " | of which before the request's first byte: p50 / p99 | server share: p50 / p99 | client CPU s per M token"
            + " events |\n");
    md.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (WireRun run : runs) {
      if (run.captured()) md.append(row(run, truth)).append('\n');
    }
    md.append(
        "\nDurations in ms. Wire TTFT = the end of the first event carrying output, as the capture saw it"
            + " arrive - the request's first byte out: the true TTFT (metrics.md). Client TTFT - wire TTFT: what a user"
            + " reads against that truth. Client share: the client's error in timing the event it takes for the first"
            + " token, against the same event on the wire: the first output event for gatling-llm; for vLLM's client the"
            + " first event with a `choices` entry, which its chat backend takes for the first token even when it is"
            + " the role-only delta (the simulator sends one first, like vLLM's server), so its client TTFT can be below"
            + " the true one. For the ready sweep the share is per request (joined on the response id), and its part"
            + " before the request's first byte = that byte's capture time - the request's `start_epoch_ms` (1 ms"
            + " resolution); vLLM's client records no id, so its share is by rank (its k-th smallest TTFT - the wire's"
            + " k-th smallest over its requests; the mean is exact, the percentiles are of the two distributions)."
            + " Server share = wire TTFT - (first content write - request read) in the server's own"
            + " log, per request: the kernel's and the server's part. CPU: the client process's (user + system, `/proc`)"
            + " over the middle half of its measured requests, divided by the output events the wire saw in that"
            + " window.\n");
    appendCaptureCost(md, runs, truth);
    for (String failure : failures) {
      md.append("\nFAILED ").append(failure).append('\n');
    }
    return md.toString();
  }

  private static String row(WireRun run, Map<String, Truth> truth) {
    List<WireExchange> streams =
        run.wire().exchanges().stream()
            .filter(e -> e.outputEvents() > 0 || e.responseId() != null && e.status() >= 400)
            .sorted(Comparator.comparingLong(WireExchange::requestFirstByteNanos))
            .toList();
    List<WireExchange> measured = new ArrayList<>();
    List<Double> client = new ArrayList<>();
    List<Double> wire = new ArrayList<>();
    List<Double> share = new ArrayList<>();
    List<Double> beforeFirstByte = new ArrayList<>();
    double[] versusTruth;
    double cpuSeconds;
    long[] window;
    if (run.gatling() != null) {
      Map<String, WireExchange> byId = new HashMap<>();
      streams.forEach(e -> byId.put(e.responseId(), e));
      for (RequestRow r : run.gatling().rows()) {
        WireExchange e = r.status().requestId() == null ? null : byId.get(r.status().requestId());
        if (e == null || r.latency().ttftMicros() < 0 || e.ttftNanos() < 0) continue;
        measured.add(e);
        client.add(r.latency().ttftMicros() / 1000.0);
        wire.add(e.ttftNanos() / 1e6);
        share.add(r.latency().ttftMicros() / 1000.0 - e.ttftNanos() / 1e6);
        beforeFirstByte.add(e.requestFirstByteNanos() / 1e6 - r.placement().startEpochMillis());
      }
      versusTruth = share.stream().mapToDouble(Double::doubleValue).toArray();
      long from = run.gatling().level().path("measure_from_epoch_ms").asLong();
      long to = run.gatling().level().path("end_epoch_ms").asLong();
      window = new long[] {from + (to - from) / 4, to - (to - from) / 4};
      cpuSeconds = run.gatling().middleCpuSeconds();
    } else {
      // vLLM's client sends one untimed request first: the earliest on the wire
      measured.addAll(streams.subList(Math.min(1, streams.size()), streams.size()));
      measured.removeIf(e -> e.ttftNanos() < 0);
      double[] c =
          Arrays.stream(run.vllm().ttftMillis()).filter(v -> !Double.isNaN(v)).sorted().toArray();
      double[] w = measured.stream().mapToDouble(e -> e.ttftNanos() / 1e6).sorted().toArray();
      double[] timed =
          measured.stream()
              .filter(e -> e.firstChoiceNanosAfterSend() >= 0)
              .mapToDouble(e -> e.firstChoiceNanosAfterSend() / 1e6)
              .sorted()
              .toArray();
      versusTruth = new double[Math.min(c.length, w.length)];
      for (int i = 0; i < versusTruth.length; i++) {
        client.add(c[i]);
        wire.add(w[i]);
        versusTruth[i] = c[i] - w[i];
      }
      for (int i = 0; i < Math.min(c.length, timed.length); i++) {
        share.add(c[i] - timed[i]);
      }
      long from =
          measured.stream().mapToLong(WireExchange::requestFirstByteNanos).min().orElse(0)
              / 1_000_000;
      long to = measured.stream().mapToLong(WireExchange::endNanos).max().orElse(0) / 1_000_000;
      window = new long[] {from + (to - from) / 4, to - (to - from) / 4};
      cpuSeconds = run.vllm().cpu().cpuBetween(window[0], window[1]);
    }
    double[] server =
        measured.stream()
            .filter(
                e ->
                    truth.containsKey(e.responseId()) && truth.get(e.responseId()).ttftNanos() >= 0)
            .mapToDouble(e -> (e.ttftNanos() - truth.get(e.responseId()).ttftNanos()) / 1e6)
            .toArray();
    double events = eventsBetween(measured, window[0] * 1_000_000, window[1] * 1_000_000);
    double[] shares = share.stream().mapToDouble(Double::doubleValue).toArray();
    double[] clients = client.stream().mapToDouble(Double::doubleValue).toArray();
    double[] wires = wire.stream().mapToDouble(Double::doubleValue).toArray();
    double[] before = beforeFirstByte.stream().mapToDouble(Double::doubleValue).toArray();
    long whole = streams.stream().filter(WireExchange::complete).count();
    return String.format(
        Locale.ROOT,
        "| %d | %s | %d (%d) | %d / %d | %s / %s | %s / %s | %s / %s | %s / %s / %s / %s | %s / %s | %s / %s | %s |",
        run.streams(),
        run.client().equals("gatling") ? "gatling-llm (ready sweep)" : "vLLM benchmark_serving.py",
        streams.size(),
        whole,
        run.capture().captured(),
        run.capture().droppedByKernel(),
        ms(pct(wires, 50)),
        ms(pct(wires, 99)),
        ms(pct(clients, 50)),
        ms(pct(clients, 99)),
        signed(mean(versusTruth)),
        signed(pct(versusTruth, 99)),
        signed(mean(shares)),
        signed(pct(shares, 50)),
        signed(pct(shares, 99)),
        signed(pct(shares, 100)),
        signed(pct(before, 50)),
        signed(pct(before, 99)),
        signed(pct(server, 50)),
        signed(pct(server, 99)),
        Double.isNaN(cpuSeconds) || events <= 0
            ? "n/a"
            : String.format(Locale.ROOT, "%.1f", cpuSeconds / events * 1e6));
  }

  /**
   * What the capture costs: the ready sweep's error against the server's own log, with and without
   * tcpdump.
   */
  private static void appendCaptureCost(
      StringBuilder md, List<WireRun> runs, Map<String, Truth> truth) {
    List<WireRun> gatling = runs.stream().filter(r -> r.gatling() != null).toList();
    if (gatling.stream().noneMatch(r -> !r.captured())) return;
    md.append(
        "\nWhat the capture costs: the ready sweep's TTFT error against the server's own log (client TTFT -"
            + " (first content write - request read)), per request, with tcpdump running and without, in turns.\n\n");
    md.append(
        "| streams | tcpdump | error mean / p50 / p99 / max | client CPU s (steady middle) |\n|---|---|---|---|\n");
    for (WireRun run : gatling) {
      double[] errors =
          run.gatling().rows().stream()
              .filter(
                  r ->
                      r.status().requestId() != null
                          && truth.containsKey(r.status().requestId())
                          && r.latency().ttftMicros() >= 0
                          && truth.get(r.status().requestId()).ttftNanos() >= 0)
              .mapToDouble(
                  r ->
                      r.latency().ttftMicros() / 1000.0
                          - truth.get(r.status().requestId()).ttftNanos() / 1e6)
              .toArray();
      md.append(
          String.format(
              Locale.ROOT,
              "| %d | %s | %s / %s / %s / %s | %.1f |%n",
              run.streams(),
              run.captured() ? "on" : "off",
              signed(mean(errors)),
              signed(pct(errors, 50)),
              signed(pct(errors, 99)),
              signed(pct(errors, 100)),
              run.gatling().middleCpuSeconds()));
    }
  }

  /**
   * Output events that arrived in [from, to), each exchange's spread evenly between its first and
   * last one.
   */
  static double eventsBetween(List<WireExchange> exchanges, long fromNanos, long toNanos) {
    double events = 0;
    for (WireExchange e : exchanges) {
      long first = e.firstOutputNanos();
      long last = e.lastOutputNanos();
      if (first < 0) continue;
      if (last <= first) {
        events += first >= fromNanos && first < toNanos ? e.outputEvents() : 0;
        continue;
      }
      double overlap = Math.max(0, Math.min(last, toNanos) - Math.max(first, fromNanos));
      events += e.outputEvents() * overlap / (last - first);
    }
    return events;
  }

  private static double mean(double[] values) {
    return values.length == 0 ? Double.NaN : Arrays.stream(values).average().orElse(Double.NaN);
  }
}
