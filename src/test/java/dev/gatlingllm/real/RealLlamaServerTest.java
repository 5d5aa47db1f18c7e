package dev.gatlingllm.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gatlingllm.dsl.prompts.RandomPrompts;
import dev.gatlingllm.tokenize.ServerTokenizer;
import io.gatling.app.Gatling$;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End-to-end truth against a real llama.cpp server and the repository's model (skipped, saying why,
 * when the binary is missing: {@code scripts/real-server.sh build} builds it; with {@code
 * -Dreal.required=true} a missing binary fails instead, so that the script's check cannot pass
 * without running).
 */
class RealLlamaServerTest {
  static final String MODEL = "stories260K.gguf";
  private static final String NOT_BUILT = "llama-server not built (scripts/real-server.sh build)";

  @TempDir Path results;

  /**
   * The llama-server binary, or the test skipped (failed with {@code -Dreal.required=true}) when it
   * is not built.
   */
  static Path binary() {
    var binary = LlamaServer.binary();
    if (Boolean.getBoolean("real.required")) {
      assertTrue(binary.isPresent(), NOT_BUILT);
    }
    assumeTrue(binary.isPresent(), NOT_BUILT);
    var model = LlamaServer.model(MODEL);
    assertTrue(
        model.isPresent(), MODEL + " not found (models/ in the repository, or LLAMA_MODELS)");
    return binary.get();
  }

  /**
   * The repository's model served with {@code slots} parallel sequences, or the test skipped
   * (failed with {@code -Dreal.required=true}) when llama-server is not built.
   */
  static LlamaServer start(int slots) throws Exception {
    return start(slots, Placement.SHARED);
  }

  static LlamaServer start(int slots, Placement placement) throws Exception {
    return LlamaServer.start(
        binary(),
        LlamaServer.model(MODEL).orElseThrow(),
        "stories260K",
        slots,
        List.of(),
        placement);
  }

  @Test
  void streamsFromARealServerAreMeasuredAndCounted() throws Exception {
    try (LlamaServer server = start(8)) {
      Map<String, Double> before = server.metrics();
      System.setProperty("test.baseUrl", server.baseUrl());
      RealServerSimulation.CHATS.clear();
      RealServerSimulation.COMPLETIONS.clear();
      int exit =
          Gatling$.MODULE$.fromArgs(
              new String[] {
                "--simulation",
                RealServerSimulation.class.getName(),
                "--results-folder",
                results.toString(),
                "--no-reports"
              });
      // llama-server closes the connection after each stream although it advertised keep-alive: the
      // next request on that pooled connection must still succeed.
      assertEquals(0, exit, "every request OK");
      assertEquals(12, RealServerSimulation.CHATS.size());
      assertEquals(6, RealServerSimulation.COMPLETIONS.size());
      for (List<Map<String, Object>> results :
          List.of(RealServerSimulation.CHATS, RealServerSimulation.COMPLETIONS)) {
        for (Map<String, Object> r : results) {
          assertEquals(true, r.get("ok"), String.valueOf(r.get("error")));
          assertEquals(
              (long) RealServerSimulation.OUTPUT_TOKENS,
              r.get("outputTokens"),
              "usage.completion_tokens");
          assertEquals("server usage", r.get("outputTokenSource"));
          double ttft = (Double) r.get("ttftMs");
          double tpot = (Double) r.get("tpotMs");
          double e2el = (Double) r.get("e2elMs");
          assertTrue(ttft > 0 && ttft < e2el, "ttft " + ttft + " e2el " + e2el);
          // TPOT is defined from the other two figures and the server's count.
          assertEquals((e2el - ttft) / (RealServerSimulation.OUTPUT_TOKENS - 1), tpot, 0.01);
          assertTrue(((String) r.get("content")).length() > 0);
          assertAgreesWithTheResponsesTimings(r);
        }
      }
      assertAgreesWithTheServersOwnFigures(before, server.metrics());
    }
  }

  /**
   * Request by request, against the {@code timings} llama.cpp put in that response's last chunk:
   * its decode time, {@code predicted_per_token_ms} x {@code predicted_n}, is saved as {@code
   * serverDecodeMs}; the client's TPOT and the server's time per decode step span the same n - 1
   * steps, one loopback write apart at both ends. Its prompt time ({@code prompt_ms}, {@code
   * serverPrefillMs}) lies inside the client's TTFT, which adds the queueing in the server and the
   * delivery both ways.
   */
  private static void assertAgreesWithTheResponsesTimings(Map<String, Object> r) {
    double serverPrefillMs = (Double) r.get("serverPrefillMs");
    double ttft = (Double) r.get("ttftMs");
    assertTrue(
        serverPrefillMs >= 0 && ttft >= serverPrefillMs,
        "TTFT " + ttft + " ms holds this response's prompt_ms " + serverPrefillMs);
    double serverDecodeMs = (Double) r.get("serverDecodeMs");
    assertTrue(serverDecodeMs > 0, "the response's timings were read: " + r);
    double serverPerTokenMs = serverDecodeMs / RealServerSimulation.OUTPUT_TOKENS;
    double tpot = (Double) r.get("tpotMs");
    assertEquals(
        serverPerTokenMs,
        tpot,
        1.0 + 0.1 * serverPerTokenMs,
        "TPOT " + tpot + " ms against this response's predicted_per_token_ms " + serverPerTokenMs);
  }

  /**
   * What the server says it did (its /metrics counters, which sum the {@code timings} of each
   * response) against what the client measured, over the run's 18 requests. llama.cpp times a
   * request's generation from its first sampled token to its last, over n - 1 decode steps: the
   * definition of TPOT, seen from the server's side of the socket. Its prompt time is the prefill
   * only, a part of every TTFT.
   */
  private static void assertAgreesWithTheServersOwnFigures(
      Map<String, Double> before, Map<String, Double> after) {
    List<Map<String, Object>> all = new java.util.ArrayList<>(RealServerSimulation.CHATS);
    all.addAll(RealServerSimulation.COMPLETIONS);
    long clientTokens = 0;
    double clientTtftMs = 0;
    double clientTpotMs = 0;
    for (Map<String, Object> r : all) {
      clientTokens += (Long) r.get("outputTokens");
      clientTtftMs += (Double) r.get("ttftMs");
      clientTpotMs += (Double) r.get("tpotMs");
    }
    double serverTokens = delta(before, after, "tokens_predicted_total");
    double serverPrefillMs = delta(before, after, "prompt_seconds_total") * 1000;
    double serverGenerationMs = delta(before, after, "tokens_predicted_seconds_total") * 1000;
    assertEquals(serverTokens, clientTokens, 0.0, "output tokens: the server's count");
    assertTrue(
        serverPrefillMs > 0 && clientTtftMs >= serverPrefillMs,
        "sum of TTFT "
            + clientTtftMs
            + " ms holds the server's prefill "
            + serverPrefillMs
            + " ms");
    double serverTpotMs = serverGenerationMs / (serverTokens - all.size());
    double clientMeanTpotMs = clientTpotMs / all.size();
    // The client sees each token one loopback write later than the server sampled it, with the same
    // delay at both ends of the window; what remains is scheduling on a machine the server, Gatling
    // and the JIT share.
    assertEquals(
        serverTpotMs,
        clientMeanTpotMs,
        0.2 * serverTpotMs,
        "mean TPOT "
            + clientMeanTpotMs
            + " ms against the server's "
            + serverTpotMs
            + " ms a token");
    System.out.printf(
        "real server: TPOT client %.3f ms, server %.3f ms; TTFT sum %.1f ms, server prefill %.1f ms%n",
        clientMeanTpotMs, serverTpotMs, clientTtftMs, serverPrefillMs);
  }

  private static double delta(
      Map<String, Double> before, Map<String, Double> after, String counter) {
    assertTrue(after.containsKey(counter), "llama-server /metrics has no " + counter);
    return after.get(counter) - before.getOrDefault(counter, 0.0);
  }

  @Test
  void randomPromptsHaveExactlyTheServersTokenCount() throws Exception {
    try (LlamaServer server = start(1)) {
      ServerTokenizer tokenizer = new ServerTokenizer(server.baseUrl(), null);
      RandomPrompts prompts = new RandomPrompts(tokenizer, 200, 0.3, 20, 5);
      for (int i = 0; i < 10; i++) {
        RandomPrompts.Prompt p = prompts.next();
        assertEquals(p.tokens(), tokenizer.encode(p.text()).length, "prompt " + i);
        assertTrue(p.text().startsWith(prompts.prefix()));
      }
    }
  }
}
