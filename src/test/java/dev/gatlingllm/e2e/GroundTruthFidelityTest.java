package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.simulator.GroundTruthRecord;
import dev.gatlingllm.simulator.LlmSimulator;
import io.gatling.app.Gatling$;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's timing against the truth, request by request, at 100 concurrent streams: the
 * simulator logs when it really received each request and wrote each event (same JVM, same
 * monotonic clock), the plugin saves what it measured ({@code saveItl()}), and the two are joined
 * on the {@code x-request-id} the client sent.
 *
 * <p>TTFT error = client TTFT (sent -> first token read) - server TTFT (received -> first token
 * written): the loopback transit both ways and the client's reading are all that may separate them.
 * ITL error = client gap - server gap, for the same pair of events of the same request.
 *
 * <p>Bounds: the medians must show no bias (the client's marks are where metrics.md puts them); the
 * p99 bound is what this shared 2-vCPU machine holds with the client, the simulator and the JIT
 * compilers in one JVM: 2.2-6 ms measured at p99, most of it the C2 compiler taking a third to half
 * of a core for the whole run (async-profiler), against 0.05 ms for a bare C reader on the same
 * loopback (BENCHMARKS.md, "Fidelity"). The bound, 15 ms, leaves room for one GC pause of this JVM,
 * which delays every stream's next read at once.
 */
class GroundTruthFidelityTest {
  private static final int USERS = 100;
  private static final int WARM_UP_REQUESTS = 6;
  private static final int REQUESTS = 3;
  private static final int TOKENS = 50;

  @Test
  void clientTtftAndItlMatchTheGroundTruthRequestByRequestAt100Streams(@TempDir Path results)
      throws Exception {
    List<GroundTruthRecord> truth;
    try (LlmSimulator simulator =
        LlmSimulator.builder()
            .host("127.0.0.1")
            .port(0)
            .timing("ttft=200;itl=20")
            .groundTruth(true)
            .build()
            .start()) {
      System.setProperty("test.baseUrl", "http://127.0.0.1:" + simulator.port());
      System.setProperty("test.users", String.valueOf(USERS));
      System.setProperty("test.tokens", String.valueOf(TOKENS));
      // A first run warms the JVM up: at first the JIT compilers take most of the two cores.
      assertEquals(
          0, run(results, "warm-up", WARM_UP_REQUESTS), "every request of the warm-up run OK");
      assertEquals(0, run(results, "measured", REQUESTS), "every request OK");
      truth = simulator.groundTruth();
    }
    Map<String, GroundTruthRecord> served =
        truth.stream().collect(Collectors.toMap(GroundTruthRecord::requestId, Function.identity()));
    Map<String, Map<String, Object>> measured = FidelitySimulation.MEASURED;
    assertEquals(USERS * REQUESTS, measured.size(), "measured requests");

    double[] ttftErrors = new double[measured.size()];
    double[] itlErrors = new double[measured.size() * (TOKENS - 1)];
    int t = 0;
    int g = 0;
    for (Map.Entry<String, Map<String, Object>> entry : measured.entrySet()) {
      GroundTruthRecord server = served.get(entry.getKey());
      assertNotNull(server, "the simulator served " + entry.getKey());
      List<GroundTruthRecord.Event> writes = server.contentEvents();
      assertEquals(TOKENS, writes.size(), "content events written");
      double serverTtft = (writes.get(0).writeNanos() - server.receivedNanos()) / 1e6;
      ttftErrors[t++] = (double) entry.getValue().get("ttftMs") - serverTtft;
      double[] clientGaps = (double[]) entry.getValue().get("itlMs");
      assertEquals(TOKENS - 1, clientGaps.length, "gaps the client measured");
      for (int i = 0; i < clientGaps.length; i++) {
        double serverGap = (writes.get(i + 1).writeNanos() - writes.get(i).writeNanos()) / 1e6;
        itlErrors[g++] = clientGaps[i] - serverGap;
      }
    }
    String ttft = describe(ttftErrors);
    String itl = describe(itlErrors);
    System.out.printf(
        "fidelity at %d streams: TTFT error (ms) %s; ITL error (ms) %s%n", USERS, ttft, itl);

    double[] sortedTtft = sorted(ttftErrors);
    // The client cannot see a token before it is written, nor send after the server received: never
    // below 0.
    assertTrue(sortedTtft[0] >= 0, "TTFT error never negative: " + ttft);
    assertTrue(nearestRank(sortedTtft, 0.5) < 1.0, "TTFT error p50 under 1 ms: " + ttft);
    assertTrue(
        Math.abs(nearestRank(sorted(itlErrors), 0.5)) < 0.05,
        "ITL error p50 within 0.05 ms: " + itl);
    assertTrue(absP99(ttftErrors) < 15.0, "TTFT error p99 under 15 ms: " + ttft);
    assertTrue(absP99(itlErrors) < 15.0, "ITL error |p99| under 15 ms: " + itl);
  }

  private static int run(Path results, String tag, int requests) {
    FidelitySimulation.MEASURED.clear();
    System.setProperty("test.runTag", tag);
    System.setProperty("test.requests", String.valueOf(requests));
    return Gatling$.MODULE$.fromArgs(
        new String[] {
          "--simulation",
          FidelitySimulation.class.getName(),
          "--results-folder",
          results.toString(),
          "--no-reports"
        });
  }

  private static double absP99(double[] errors) {
    return nearestRank(sorted(Arrays.stream(errors).map(Math::abs).toArray()), 0.99);
  }

  private static double[] sorted(double[] values) {
    double[] copy = values.clone();
    Arrays.sort(copy);
    return copy;
  }

  private static String describe(double[] errors) {
    double[] s = sorted(errors);
    return String.format(
        "min %.3f p50 %.3f p99 %.3f max %.3f, |error| p99 %.3f (n=%d)",
        s[0], nearestRank(s, 0.5), nearestRank(s, 0.99), s[s.length - 1], absP99(errors), s.length);
  }

  private static double nearestRank(double[] sorted, double quantile) {
    return sorted[Math.max(0, (int) Math.ceil(quantile * sorted.length) - 1)];
  }
}
