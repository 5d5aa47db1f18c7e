package dev.gatlingllm.real;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gatlingllm.dsl.prompts.RandomPrompts;
import dev.gatlingllm.tokenize.ServerTokenizer;
import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.values.Tokenizer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model's own tokenizer.json ({@code models/stories260K.tokenizer.json}, written from the GGUF
 * by {@code scripts/gguf-tokenizer-json.py}) against llama.cpp's {@code /tokenize} for the same
 * model: the same ids for every text, so prompts built on the client are exact on the server
 * (skipped without the server, as {@link RealLlamaServerTest}).
 */
class RealTokenizerTest {
  private static final String WORDS =
      "Once upon a time there was a little cat named Tom . He liked to play with"
          + " his ball in the big green park ! One day , the sun was hot and Lily said : \" Let's go home \" 42 7 9";

  @Test
  void theModelsTokenizerJsonGivesTheServersIds() throws Exception {
    try (LlamaServer server = RealLlamaServerTest.start(1)) {
      ServerTokenizer serverTokenizer = new ServerTokenizer(server.baseUrl(), null);
      Tokenizer local =
          Tokenizers.byName("hf:models/stories260K.tokenizer.json", server.baseUrl(), null);
      for (String text : texts()) {
        assertArrayEquals(serverTokenizer.encode(text), local.encode(text), text);
      }
    }
  }

  /**
   * LLaMA-2's own 32,000-piece vocabulary, converted from a GGUF by the script, against llama.cpp
   * serving that GGUF: run with {@code LLAMA_MODELS} naming a folder that holds {@code
   * llama-2-tiny-random.gguf} (random weights, the real vocabulary), skipped otherwise.
   */
  @Test
  void aLlama2VocabularyConvertedFromItsGgufGivesTheServersIds(@TempDir Path dir) throws Exception {
    RealLlamaServerTest.binary();
    Optional<Path> model = LlamaServer.model("llama-2-tiny-random.gguf");
    assumeTrue(model.isPresent(), "llama-2-tiny-random.gguf not in LLAMA_MODELS");
    Path json = dir.resolve("llama-2.tokenizer.json");
    Process script =
        new ProcessBuilder(
                "python3",
                "scripts/gguf-tokenizer-json.py",
                model.get().toString(),
                json.toString())
            .inheritIO()
            .start();
    assertEquals(0, script.waitFor(), "scripts/gguf-tokenizer-json.py");
    try (LlamaServer server =
        LlamaServer.start(RealLlamaServerTest.binary(), model.get(), "llama-2", 1)) {
      ServerTokenizer serverTokenizer = new ServerTokenizer(server.baseUrl(), null);
      Tokenizer local = Tokenizers.byName(json.toString(), server.baseUrl(), null);
      for (String text : texts()) {
        assertArrayEquals(serverTokenizer.encode(text), local.encode(text), text);
      }
    }
  }

  @Test
  void promptsBuiltWithItHaveTheServersCount() throws Exception {
    try (LlamaServer server = RealLlamaServerTest.start(1)) {
      ServerTokenizer serverTokenizer = new ServerTokenizer(server.baseUrl(), null);
      Tokenizer local =
          Tokenizers.byName("models/stories260K.tokenizer.json", server.baseUrl(), null);
      RandomPrompts prompts = new RandomPrompts(local, 150, 0.5, 30, 11);
      for (int i = 0; i < 20; i++) {
        RandomPrompts.Prompt prompt = prompts.next();
        assertEquals(prompt.tokens(), serverTokenizer.encode(prompt.text()).length, prompt.text());
      }
    }
  }

  /**
   * Sentences of the model's own kind, odd spacing, new lines, and characters outside its 512
   * pieces.
   */
  private static List<String> texts() {
    List<String> texts =
        new ArrayList<>(
            List.of(
                "",
                " ",
                "  two  spaces",
                "tab\there",
                "line\nbreak\n\n",
                "café naïve 日本語 😀",
                "ÀÉÎÕÜ ß ø",
                "<s> and </s> as text",
                "a",
                "The the THE tHe",
                "123456789.0"));
    String[] words = WORDS.split(" ");
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 200; i++) {
      StringBuilder text = new StringBuilder();
      for (int w = random.nextInt(1, 40); w > 0; w--) {
        text.append(random.nextInt(5) == 0 ? "" : " ").append(words[random.nextInt(words.length)]);
      }
      texts.add(text.toString());
    }
    return texts;
  }
}
