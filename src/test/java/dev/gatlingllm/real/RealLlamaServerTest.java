package dev.gatlingllm.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gatlingllm.tokenize.ServerTokenizer;
import dev.gatlingllm.workload.RandomPrompts;
import io.gatling.app.Gatling$;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End-to-end truth against a real llama.cpp server (skipped, saying why, when the binary or the models are
 * missing: build it with ../shared/real-llm/build-llama-server.sh).
 */
class RealLlamaServerTest {
  @TempDir Path results;

  @Test
  void streamsFromARealServerAreMeasuredAndCounted() throws Exception {
    var binary = LlamaServer.binary();
    var model = LlamaServer.model("stories260K.gguf");
    assumeTrue(binary.isPresent(), "llama-server not built (../shared/real-llm/build-llama-server.sh)");
    assumeTrue(model.isPresent(), "stories260K.gguf not found");
    try (LlamaServer server = LlamaServer.start(binary.get(), model.get(), "stories260K", 8)) {
      System.setProperty("test.baseUrl", server.baseUrl());
      RealServerSimulation.CHATS.clear();
      RealServerSimulation.COMPLETIONS.clear();
      int exit = Gatling$.MODULE$.fromArgs(new String[] {
          "--simulation", RealServerSimulation.class.getName(),
          "--results-folder", results.toString(), "--no-reports"});
      // llama-server closes the connection after each stream although it advertised keep-alive: the next
      // request on that pooled connection must still succeed.
      assertEquals(0, exit, "every request OK");
      assertEquals(12, RealServerSimulation.CHATS.size());
      assertEquals(6, RealServerSimulation.COMPLETIONS.size());
      for (List<Map<String, Object>> results : List.of(RealServerSimulation.CHATS, RealServerSimulation.COMPLETIONS)) {
        for (Map<String, Object> r : results) {
          assertEquals(true, r.get("ok"), String.valueOf(r.get("error")));
          assertEquals((long) RealServerSimulation.OUTPUT_TOKENS, r.get("outputTokens"), "usage.completion_tokens");
          assertEquals("server usage", r.get("outputTokenSource"));
          double ttft = (Double) r.get("ttftMs");
          double tpot = (Double) r.get("tpotMs");
          double e2el = (Double) r.get("e2elMs");
          assertTrue(ttft > 0 && ttft < e2el, "ttft " + ttft + " e2el " + e2el);
          // TPOT is defined from the other two figures and the server's count.
          assertEquals((e2el - ttft) / (RealServerSimulation.OUTPUT_TOKENS - 1), tpot, 0.01);
          assertTrue(((String) r.get("content")).length() > 0);
        }
      }
    }
  }

  @Test
  void randomPromptsHaveExactlyTheServersTokenCount() throws Exception {
    var binary = LlamaServer.binary();
    var model = LlamaServer.model("llama-2-tiny-random.gguf");
    assumeTrue(binary.isPresent(), "llama-server not built (../shared/real-llm/build-llama-server.sh)");
    assumeTrue(model.isPresent(), "llama-2-tiny-random.gguf not found");
    try (LlamaServer server = LlamaServer.start(binary.get(), model.get(), "tiny", 1)) {
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
