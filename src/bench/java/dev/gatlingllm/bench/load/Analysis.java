package dev.gatlingllm.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Joins a client run with the server's ground truth. Both processes read the same CLOCK_MONOTONIC
 * through {@code System.nanoTime()} (Linux), so the client's window bounds select server writes
 * directly.
 *
 * <p>TTFT error, plugin client: per request, joined on the {@code x-request-id} each request sends
 * ({@link LoadPlan#requestId}), which the simulator keeps as the request's id. Error = client TTFT
 * (sent -> first token event) - server TTFT (received -> first content write): an upper bound of
 * the client's error, as it also holds the loopback transit both ways and the server's delay in
 * reading the request.
 *
 * <p>ITL error, plugin client: the gaps of each joined request ({@code saveItl()}, microseconds)
 * against the server's gaps between the same two content writes, gap by gap. Also the
 * distributions: the plugin's pooled ITL from {@code llm/summary.json} against all the server's
 * gaps, whole run.
 */
final class Analysis {
  private Analysis() {}

  static RunResult analyse(
      LoadPlan plan,
      int itlMs,
      int eventsPerWrite,
      Properties p,
      Path rowsFile,
      List<GroundTruthFile.Request> truth)
      throws IOException {
    Map<Integer, int[]> clientGaps =
        readGaps(Path.of(rowsFile.toString().replace(".rows.csv", ".gaps.csv")));
    Samples itlError = new Samples();
    Samples itlErrorAbs = new Samples();
    long ws = Long.parseLong(p.getProperty("windowStartNanos"));
    long we = Long.parseLong(p.getProperty("windowEndNanos"));
    long cpu = Long.parseLong(p.getProperty("windowCpuNanos"));
    long heapSteady = Long.parseLong(p.getProperty("heapSteadyBytes"));
    long heapBase = Long.parseLong(p.getProperty("heapBaselineBytes"));
    String note = "";
    if (ws == 0 || we == 0 || cpu < 0) {
      note = "window not reached";
      we = ws + 1;
    }
    long events = 0;
    Samples serverTtft = new Samples();
    Samples gaps = new Samples();
    Samples lateness = new Samples();
    Map<String, GroundTruthFile.Request> byId = new HashMap<>();
    for (GroundTruthFile.Request r : truth) {
      byId.put(r.id(), r);
      long[] w = r.contentWrites();
      for (int i = 0; i < w.length; i++) {
        if (w[i] >= ws && w[i] < we) {
          events++;
          lateness.add(w[i] - r.contentPlanned()[i]);
        }
        if (i > 0) gaps.add(w[i] - w[i - 1]);
      }
      if (r.receivedNanos() >= ws && r.receivedNanos() < we && w.length > 0) {
        serverTtft.add(r.ttftNanos());
      }
    }
    double seconds = (we - ws) / 1e9;

    long ok = 0;
    long ko = 0;
    int joined = 0;
    Samples ttftError = new Samples();
    Samples ttftErrorLow = new Samples();
    Samples clientTtft = new Samples();
    String itlClient = "n/a";
    String reported;
    Path run = Path.of(p.getProperty("runFolder"));
    Samples trueTtft = new Samples();
    Samples readDelay = new Samples();
    try (BufferedReader in = Files.newBufferedReader(rowsFile, StandardCharsets.UTF_8)) {
      int row = -1;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        row++;
        String[] f = line.split(",");
        long start = Long.parseLong(f[1]);
        long ttftUs = Long.parseLong(f[2]);
        int tokenEvents = Integer.parseInt(f[3]);
        long end = Long.parseLong(f[4]);
        if (ttftUs == -2) continue; // still running when the run stopped
        if (plan.client().equals("llm")) {
          if (tokenEvents == plan.tokens()) {
            ok++;
          } else if (end < we + (plan.tailSeconds() - 1) * 1_000_000_000L) {
            ko++; // not one of the requests cut short by Gatling's maxDuration at the end of the
            // tail
          }
        }
        // Requests started in the window, but not in its last second: the heap measurement's full
        // GC follows the window and would stall their first token.
        if (start < ws || start >= we - 1_000_000_000L) continue;
        GroundTruthFile.Request match = byId.get(LoadPlan.requestId(row));
        if (match == null || match.contentWrites().length == 0) {
          continue;
        }
        // What the user lived, on the shared clock: server's first content write - the client's
        // timestamp just before the request action (an upper bound: request building and connection
        // wait are included).
        trueTtft.add(match.contentWrites()[0] - start);
        readDelay.add(match.receivedNanos() - start);
        joined++;
        if (ttftUs >= 0) {
          clientTtft.add(ttftUs * 1_000);
          // Error against the server's TTFT (received -> first content write): the loopback transit
          // both ways, the server's delay in reading the request and the client's delay in seeing
          // the event.
          ttftError.add(ttftUs * 1_000 - match.ttftNanos());
          // And a lower bound: against the write measured from the timestamp before the action,
          // which is not after the client's own "sent" mark.
          ttftErrorLow.add(ttftUs * 1_000 - (match.contentWrites()[0] - start));
        }
        int[] gapsUs = clientGaps.get(row);
        long[] writes = match.contentWrites();
        if (gapsUs != null && gapsUs.length == writes.length - 1) {
          // Gaps that end after the window are left out: the heap measurement's full GC follows the
          // window and stalls every open stream, which is the harness's doing, not the client's.
          for (int i = 0; i < gapsUs.length && writes[i + 1] < we; i++) {
            long error = gapsUs[i] * 1_000L - (writes[i + 1] - writes[i]);
            itlError.add(error);
            itlErrorAbs.add(Math.abs(error));
          }
        }
      }
    }
    if (plan.client().equals("llm")) {
      reported = "TTFT " + clientTtft.millis();
      JsonNode summary = new ObjectMapper().readTree(run.resolve("llm/summary.json").toFile());
      itlClient =
          summary.path("median_itl_ms").asText()
              + " / "
              + summary.path("p99_itl_ms").asText()
              + " / "
              + summary.path("max_itl_ms").asText();
    } else {
      GatlingReportPage connect = GatlingReportPage.read(run, "connect");
      reported =
          connect == null
              ? "n/a"
              : "connect " + connect.p50() + " / " + connect.p99() + " / " + connect.max();
      ok = connect == null ? 0 : connect.ok();
      GatlingReportPage await = GatlingReportPage.read(run, "token");
      ko = (connect == null ? 0 : connect.ko()) + (await == null ? 0 : await.ko());
    }
    double heapPerStream =
        heapSteady < 0 ? Double.NaN : (heapSteady - heapBase) / (double) plan.streams();
    double load =
        (Double.parseDouble(p.getProperty("loadAverageStart"))
                + Double.parseDouble(p.getProperty("loadAverageEnd")))
            / 2;
    return new RunResult(
        plan.client(),
        plan.streams(),
        itlMs,
        eventsPerWrite,
        plan.tokens(),
        Integer.parseInt(p.getProperty("exit")),
        ok,
        ko,
        truth.size(),
        events / seconds,
        events == 0 ? Double.NaN : cpu / (double) events,
        cpu / (double) (we - ws),
        heapPerStream,
        heapSteady,
        heapBase,
        joined,
        ttftError,
        ttftErrorLow,
        reported,
        serverTtft,
        trueTtft,
        readDelay,
        itlClient,
        itlError,
        itlErrorAbs,
        gaps,
        lateness,
        load,
        note);
  }

  /**
   * The client's gaps per row, from ClientLoadRun's gaps file (absent for Gatling SSE, which has
   * none).
   */
  private static Map<Integer, int[]> readGaps(Path file) throws IOException {
    Map<Integer, int[]> gaps = new HashMap<>();
    if (!Files.exists(file)) {
      return gaps;
    }
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        String[] f = line.split(",");
        int[] us = new int[f.length - 1];
        for (int i = 1; i < f.length; i++) {
          us[i - 1] = Integer.parseInt(f[i]);
        }
        gaps.put(Integer.parseInt(f[0]), us);
      }
    }
    return gaps;
  }
}
