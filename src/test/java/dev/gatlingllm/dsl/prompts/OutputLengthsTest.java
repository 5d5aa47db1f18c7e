package dev.gatlingllm.dsl.prompts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.values.Tokenizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Output lengths drawn per request, as vllm bench serve's random dataset draws them. */
class OutputLengthsTest {

  @Test
  void lengthsAreUniformWithinTheRangeAndSeeded() {
    OutputLengths lengths = new OutputLengths(48, 0.5, 7);
    assertEquals(24, lengths.shortest());
    assertEquals(72, lengths.longest());
    int[] counts = new int[73];
    long sum = 0;
    int n = 49_000;
    for (int i = 0; i < n; i++) {
      int length = lengths.next();
      assertTrue(length >= 24 && length <= 72, "in [24, 72]: " + length);
      counts[length]++;
      sum += length;
    }
    // 49 values, 1,000 expected each: every one drawn, none far from its share
    for (int length = 24; length <= 72; length++) {
      assertTrue(counts[length] > 800 && counts[length] < 1200, length + ": " + counts[length]);
    }
    assertEquals(48.0, (double) sum / n, 0.2);
    OutputLengths again = new OutputLengths(48, 0.5, 7);
    OutputLengths other = new OutputLengths(48, 0.5, 8);
    List<Integer> a = new ArrayList<>();
    List<Integer> b = new ArrayList<>();
    List<Integer> c = new ArrayList<>();
    OutputLengths first = new OutputLengths(48, 0.5, 7);
    for (int i = 0; i < 20; i++) {
      a.add(first.next());
      b.add(again.next());
      c.add(other.next());
    }
    assertEquals(a, b, "the same seed, the same lengths");
    assertTrue(!a.equals(c), "another seed, other lengths");
  }

  @Test
  void aShortOutputNeverAsksForNone() {
    OutputLengths lengths = new OutputLengths(1, 0.9, 1);
    for (int i = 0; i < 100; i++) {
      int length = lengths.next();
      assertTrue(length == 1 || length == 2, "in [1, 2]: " + length);
    }
  }

  @Test
  void theRangeIsChecked() {
    assertThrows(IllegalArgumentException.class, () -> new OutputLengths(48, 1.0, 1));
    assertThrows(IllegalArgumentException.class, () -> new OutputLengths(0, 0.5, 1));
  }

  @Test
  void drawingOutputsLeavesASeedsPromptsAsTheyWere() {
    Tokenizer tokenizer = Tokenizers.local("cl100k_base");
    RandomPrompts plain = new RandomPrompts(tokenizer, 32, 0.5, 0, 11);
    RandomPrompts drawing =
        new RandomPrompts(tokenizer, 32, 0.5, 0, 11).drawingOutputs(new OutputLengths(16, 0.5, 11));
    OutputLengths expected = new OutputLengths(16, 0.5, 11);
    for (int i = 0; i < 10; i++) {
      RandomPrompts.Prompt p = plain.next();
      RandomPrompts.Prompt q = drawing.next();
      assertEquals(p.text(), q.text());
      assertEquals(p.tokens(), q.tokens());
      assertEquals(0, p.maxTokens(), "no output drawn: the request's own");
      assertEquals(expected.next(), q.maxTokens());
      Map<String, Object> record = PromptRecords.of(q);
      assertEquals(q.maxTokens(), record.get(PromptRecords.MAX_TOKENS));
      assertTrue(!PromptRecords.of(p).containsKey(PromptRecords.MAX_TOKENS));
    }
  }
}
