package dev.gatlingllm.tokenize;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.dsl.prompts.RandomPrompts;
import dev.gatlingllm.dsl.ready.ClientTokenCount;
import dev.gatlingllm.dsl.ready.Settings;
import dev.gatlingllm.values.Tokenizer;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository model's own vocabulary ({@code models/stories260K.tokenizer.json}, written from
 * its GGUF by {@code scripts/gguf-tokenizer-json.py}): ids as llama.cpp's {@code /tokenize} gave
 * them for the same model.
 */
class HuggingFaceTokenizerTest {
  static final String STORIES = "models/stories260K.tokenizer.json";

  @TempDir Path dir;

  @Test
  void countsInTheModelsOwnVocabulary() {
    Tokenizer tokenizer = byName("hf:" + STORIES);
    // llama.cpp's /tokenize for this model: " Once"=403, " upon"=407, " a"=261, " time"=378,
    // ","=432, " there"=383, " was"=286, " c"=280, "at"=294, "."=426 (" cat" is not one piece of
    // its 512).
    assertArrayEquals(
        new int[] {403, 407, 261, 378, 432, 383, 286, 261, 280, 294, 426},
        tokenizer.encode("Once upon a time, there was a cat."));
    assertEquals(11, tokenizer.count("Once upon a time, there was a cat."));
    assertEquals("hf:" + STORIES, tokenizer.name());
    assertFalse(tokenizer.blocks(), "counts without I/O: fit for the event loops");
  }

  @Test
  void charactersOutsideTheVocabularyFallBackToTheirBytes() {
    Tokenizer tokenizer = byName(STORIES);
    // The space prefix "▁" (410), then 日 = E6 97 A5 as the byte pieces <0xE6> <0x97> <0xA5>, whose
    // ids are 3 + the byte (after <unk>, <s>, </s>): what llama.cpp's /tokenize answers.
    int[] ids = tokenizer.encode("日");
    assertArrayEquals(new int[] {410, 3 + 0xE6, 3 + 0x97, 3 + 0xA5}, ids);
    assertEquals("日", tokenizer.decode(ids));
  }

  @Test
  void decodingGivesTheTextBackWithoutTheSpacePrefix() {
    Tokenizer tokenizer = byName(STORIES);
    String text = "The dog ran to the park.\nHe was happy!";
    assertEquals(text, tokenizer.decode(tokenizer.encode(text)));
    assertEquals(0, tokenizer.count(""));
  }

  @Test
  void randomPromptsAreExactInTheModelsVocabulary() {
    Tokenizer tokenizer = byName("hf:" + STORIES);
    RandomPrompts prompts = new RandomPrompts(tokenizer, 120, 0.5, 24, 7);
    for (int i = 0; i < 20; i++) {
      RandomPrompts.Prompt prompt = prompts.next();
      assertEquals(
          prompt.tokens(), tokenizer.count(prompt.text()), "prompt " + i + ": " + prompt.text());
      assertTrue(prompt.text().startsWith(prompts.prefix()));
    }
  }

  @Test
  void eventLoopsCountingAtOnceGetTheCountsOfOneThread() throws Exception {
    // One native tokenizer serves every virtual user's event loop.
    Tokenizer tokenizer = byName(STORIES);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      texts.add(
          "Once upon a time "
              + i
              + " little cats played with "
              + "a ball ".repeat(i % 7)
              + "in the park.");
    }
    List<int[]> alone = texts.stream().map(tokenizer::encode).toList();
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> runs = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        runs.add(
            threads.submit(
                () -> {
                  for (int round = 0; round < 200; round++) {
                    int i = round % texts.size();
                    if (!Arrays.equals(alone.get(i), tokenizer.encode(texts.get(i)))) {
                      return false;
                    }
                  }
                  return true;
                }));
      }
      for (Future<Boolean> run : runs) {
        assertTrue(run.get(60, TimeUnit.SECONDS));
      }
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void aFileIsLoadedOnceAndAlsoFoundOnTheClasspath() throws Exception {
    assertSame(byName("hf:" + STORIES), byName(Path.of(STORIES).toAbsolutePath().toString()));
    // A resource is found as feeder files are: through the context class loader.
    Files.createDirectories(dir.resolve("tokenizers"));
    Files.copy(Path.of(STORIES), dir.resolve("tokenizers/stories260K.tokenizer.json"));
    Thread thread = Thread.currentThread();
    ClassLoader original = thread.getContextClassLoader();
    try (URLClassLoader resources = new URLClassLoader(new URL[] {dir.toUri().toURL()}, original)) {
      thread.setContextClassLoader(resources);
      Tokenizer fromClasspath = byName("hf:tokenizers/stories260K.tokenizer.json");
      assertEquals(11, fromClasspath.count("Once upon a time, there was a cat."));
    } finally {
      thread.setContextClassLoader(original);
    }
  }

  @Test
  void djlsGpuProbeIsNotWarnedAboutForATokenizer() {
    countsInTheModelsOwnVocabulary();
    assertEquals(
        ch.qos.logback.classic.Level.ERROR,
        ((ch.qos.logback.classic.Logger)
                org.slf4j.LoggerFactory.getLogger(HuggingFaceTokenizer.CUDA_PROBE_LOGGER))
            .getLevel());
  }

  @Test
  void aMissingOrBrokenFileIsNamedInTheError() throws Exception {
    String missing =
        assertThrows(IllegalArgumentException.class, () -> byName("hf:no/such/tokenizer.json"))
            .getMessage();
    assertEquals(
        "no tokenizer.json at 'no/such/tokenizer.json' (neither a file nor on the classpath)",
        missing);
    Path broken = Files.writeString(dir.resolve("tokenizer.json"), "{\"model\": 42}");
    String message =
        assertThrows(IllegalArgumentException.class, () -> byName(broken.toString())).getMessage();
    assertTrue(
        message.startsWith("'" + broken + "' is not a Hugging Face tokenizer.json"), message);
    String unknown =
        assertThrows(IllegalArgumentException.class, () -> byName("gpt-42")).getMessage();
    assertTrue(unknown.endsWith(", or hf:<path to a tokenizer.json>"), unknown);
  }

  @Test
  void itCountsDuringTheLoadWhenItShapesThePrompts() {
    ClientTokenCount count =
        ClientTokenCount.fromSettings(settings("llm.tokenizer", "hf:" + STORIES));
    assertEquals("hf:" + STORIES, count.tokenizer().name());
    ClientTokenCount explicit =
        ClientTokenCount.fromSettings(
            settings("llm.tokenizer", "server", "llm.clientTokenizer", STORIES));
    assertEquals(11, explicit.tokenizer().count("Once upon a time, there was a cat."));
  }

  @Test
  void aMissingFileIsNamedWithItsProperty() {
    String message =
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    ClientTokenCount.fromSettings(
                        settings("llm.tokenizer", "hf:no/such/tokenizer.json")))
            .getMessage();
    assertEquals(
        "llm.tokenizer: no tokenizer.json at 'no/such/tokenizer.json' (neither a file nor on the classpath)",
        message);
  }

  /** As the properties name it; the server's URL is never used by a local tokenizer. */
  private static Tokenizer byName(String name) {
    return Tokenizers.byName(name, "http://127.0.0.1:1", null);
  }

  private static Settings settings(String... keysAndValues) {
    Properties properties = new Properties();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      properties.setProperty(keysAndValues[i], keysAndValues[i + 1]);
    }
    return Settings.of(properties);
  }
}
