package dev.gatlingllm.dsl.prompts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.tokenize.JTokkitTokenizer;
import dev.gatlingllm.values.Tokenizer;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RandomPromptsTest {

  @ParameterizedTest
  @ValueSource(strings = {"cl100k_base", "o200k_base", "r50k_base", "p50k_base"})
  void everyPromptHasExactlyTheTargetLengthAndAllDiffer(String encoding) {
    Tokenizer tokenizer = JTokkitTokenizer.of(encoding);
    for (int target : new int[] {1, 2, 7, 128, 1024}) {
      RandomPrompts prompts = new RandomPrompts(tokenizer, target, 0, 0, 42);
      Set<String> seen = new HashSet<>();
      int count = target >= 1024 ? 20 : 60;
      for (int i = 0; i < count; i++) {
        RandomPrompts.Prompt p = prompts.next();
        assertEquals(target, p.tokens());
        assertEquals(
            target, tokenizer.count(p.text()), encoding + " prompt " + i + ": '" + p.text() + "'");
        seen.add(p.text());
      }
      if (target >= 7) {
        assertEquals(
            count, seen.size(), "prompts must all differ (" + encoding + ", " + target + ")");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"cl100k_base", "o200k_base"})
  void sharedPrefixIsKeptAndTheTotalIsStillExact(String encoding) {
    Tokenizer tokenizer = JTokkitTokenizer.of(encoding);
    RandomPrompts prompts = new RandomPrompts(tokenizer, 300, 0, 100, 7);
    assertEquals(100, tokenizer.count(prompts.prefix()));
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 50; i++) {
      RandomPrompts.Prompt p = prompts.next();
      assertTrue(p.text().startsWith(prompts.prefix()));
      assertEquals(300, tokenizer.count(p.text()));
      // The tokens of the prefix are the prompt's first tokens.
      int[] ids = tokenizer.encode(p.text());
      int[] prefixIds = tokenizer.encode(prompts.prefix());
      for (int k = 0; k < prefixIds.length - 1; k++) {
        assertEquals(prefixIds[k], ids[k], "token " + k);
      }
      seen.add(p.text());
    }
    assertEquals(50, seen.size());
  }

  @Test
  void groupsOfPrefixesAreTakenInTurnEachExactAndDifferent() {
    Tokenizer tokenizer = JTokkitTokenizer.of("cl100k_base");
    RandomPrompts prompts = new RandomPrompts(tokenizer, 120, 0, new SharedPrefix(40, 3), 11);
    assertEquals(3, prompts.prefixes().size());
    assertEquals(3, new HashSet<>(prompts.prefixes()).size(), "three different prefixes");
    for (String prefix : prompts.prefixes()) {
      assertEquals(40, tokenizer.count(prefix));
    }
    for (int i = 0; i < 9; i++) {
      RandomPrompts.Prompt p = prompts.next();
      String prefix = prompts.prefixes().get(i % 3);
      assertTrue(
          p.text().startsWith(prefix + "\n"), "prompt " + i + " starts with prefix " + (i % 3));
      assertEquals(120, tokenizer.count(p.text()));
      int[] ids = tokenizer.encode(p.text());
      int[] prefixIds = tokenizer.encode(prefix);
      for (int k = 0; k < prefixIds.length - 1; k++) {
        assertEquals(prefixIds[k], ids[k], "prompt " + i + " token " + k);
      }
    }
  }

  @Test
  void rangeRatioDrawsLengthsUniformlyInTheRangeAndEachIsExact() {
    Tokenizer tokenizer = JTokkitTokenizer.of("cl100k_base");
    RandomPrompts prompts = new RandomPrompts(tokenizer, 100, 0.5, 10, 3);
    int min = Integer.MAX_VALUE;
    int max = 0;
    long sum = 0;
    int n = 400;
    for (int i = 0; i < n; i++) {
      RandomPrompts.Prompt p = prompts.next();
      assertTrue(p.tokens() >= 50 && p.tokens() <= 150, "length " + p.tokens());
      assertEquals(p.tokens(), tokenizer.count(p.text()));
      min = Math.min(min, p.tokens());
      max = Math.max(max, p.tokens());
      sum += p.tokens();
    }
    assertTrue(min <= 55 && max >= 145, "range covered: " + min + ".." + max);
    assertEquals(100.0, sum / (double) n, 5.0, "mean of a uniform draw on [50, 150]");
  }

  @Test
  void sameSeedGivesTheSamePrompts() {
    Tokenizer tokenizer = JTokkitTokenizer.of("cl100k_base");
    RandomPrompts a = new RandomPrompts(tokenizer, 64, 0.2, 0, 11);
    RandomPrompts b = new RandomPrompts(tokenizer, 64, 0.2, 0, 11);
    for (int i = 0; i < 10; i++) {
      assertEquals(a.next(), b.next());
    }
  }

  @Test
  void badSettingsAreRejectedWithTheirValue() {
    Tokenizer tokenizer = JTokkitTokenizer.of("cl100k_base");
    assertThrows(IllegalArgumentException.class, () -> new RandomPrompts(tokenizer, 0, 0, 0, 1));
    assertThrows(
        IllegalArgumentException.class, () -> new RandomPrompts(tokenizer, 100, 1.0, 0, 1));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new RandomPrompts(tokenizer, 100, 0.5, 60, 1));
    assertTrue(e.getMessage().contains("prefix tokens must be in [0, 50)"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> JTokkitTokenizer.of("gpt-42"));
  }

  @Test
  void aTokenizerWithAnEmptyVocabularyFailsWithAMessageInsteadOfLoopingForEver() {
    Tokenizer empty =
        new Tokenizer() {
          @Override
          public String name() {
            return "hf:empty.json";
          }

          @Override
          public int[] encode(String text) {
            return new int[0];
          }

          @Override
          public String decode(int[] ids) {
            return "";
          }
        };
    // the user's tokenizer: one line (a UserError), no stack
    dev.gatlingllm.logging.UserError error =
        assertTimeoutPreemptively(
            Duration.ofSeconds(10),
            () ->
                assertThrows(
                    dev.gatlingllm.logging.UserError.class,
                    () -> new RandomPrompts(empty, 64, 0, 0, 1).next()));
    assertTrue(
        error.getMessage().startsWith("tokenizer hf:empty.json counts 0 tokens"),
        error.getMessage());
    assertTrue(
        error.getMessage().endsWith("it cannot size prompts of 64 tokens"), error.getMessage());
  }

  @Test
  void aPromptLongerThanAnyContextIsRefusedBeforeAnythingIsBuilt() {
    Tokenizer tokenizer = JTokkitTokenizer.of("cl100k_base");
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RandomPrompts(tokenizer, 2_000_000_000, 0, 0, 1));
    assertEquals("input tokens must be from 1 to 2000000, was 2000000000", error.getMessage());
  }
}
