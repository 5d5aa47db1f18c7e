package dev.gatlingllm.dsl.prompts;

import dev.gatlingllm.values.Tokenizer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates prompts of an exact token count for a given tokenizer, each one different so that no
 * prefix cache can answer it, optionally starting with a shared prefix, with lengths optionally
 * drawn uniformly in {@code [N(1-r), N(1+r)]} (vLLM's random dataset does the same).
 *
 * <p>How the count is made exact: random words are encoded, the ids cut at the target length and
 * decoded; decoding and re-encoding can merge or split tokens at the cut, so the text is re-encoded
 * and corrected (cut shorter, or extended) until the count is exact. Not thread-safe (one random
 * source), and slow for a feeder: {@link PreparedPrompts} generates them before the load.
 *
 * <p>The count is that of the prompt text alone; a chat template on the server adds its own tokens,
 * which the server's {@code usage.prompt_tokens} then shows.
 */
public final class RandomPrompts {
  /**
   * The longest prompt or output a workload asks for, in tokens: above the largest context windows
   * served today (1 to 2 million tokens), and low enough that preparing prompts fits a heap.
   */
  public static final int MAX_TOKENS = 2_000_000;

  private static final int MAX_CORRECTIONS = 50;

  /**
   * Rounds of added words that left the token count where it was before the tokenizer is blamed.
   */
  private static final int MAX_STALLED_GROWTHS = 3;

  private final Tokenizer tokenizer;
  private final int inputTokens;
  private final double rangeRatio;
  private final String[] prefixes;
  private final int prefixTokens;
  private final SplittableRandom random;
  private long serial;
  private long prompts;
  private OutputLengths outputs;

  /**
   * @param inputTokens N, the total prompt length in tokens (the prefix included)
   * @param rangeRatio r in [0, 1): lengths uniform in [N(1-r), N(1+r)]
   * @param prefixTokens P, a prefix shared by every prompt, 0 for none; must be below the shortest
   *     length
   */
  public RandomPrompts(
      Tokenizer tokenizer, int inputTokens, double rangeRatio, int prefixTokens, long seed) {
    this(tokenizer, inputTokens, rangeRatio, new SharedPrefix(prefixTokens, 1), seed);
  }

  /**
   * @param inputTokens N, the total prompt length in tokens (the prefix included)
   * @param rangeRatio r in [0, 1): lengths uniform in [N(1-r), N(1+r)]
   * @param shared G prefixes of P tokens, prompt i starting with prefix i mod G; P must be below
   *     the shortest length
   */
  public RandomPrompts(
      Tokenizer tokenizer, int inputTokens, double rangeRatio, SharedPrefix shared, long seed) {
    int prefixTokens = shared.tokens();
    if (inputTokens < 1 || inputTokens > MAX_TOKENS) {
      throw new IllegalArgumentException(
          "input tokens must be from 1 to " + MAX_TOKENS + ", was " + inputTokens);
    }
    if (rangeRatio < 0 || rangeRatio >= 1 || Double.isNaN(rangeRatio)) {
      throw new IllegalArgumentException("range ratio must be in [0, 1), was " + rangeRatio);
    }
    int shortest = (int) Math.floor(inputTokens * (1 - rangeRatio));
    if (prefixTokens < 0 || (prefixTokens > 0 && prefixTokens >= shortest)) {
      throw new IllegalArgumentException(
          "prefix tokens must be in [0, "
              + shortest
              + ") (below the shortest prompt), was "
              + prefixTokens);
    }
    this.tokenizer = tokenizer;
    this.inputTokens = inputTokens;
    this.rangeRatio = rangeRatio;
    this.random = new SplittableRandom(seed);
    this.prefixTokens = prefixTokens;
    this.prefixes = new String[prefixTokens > 0 ? shared.groups() : 1];
    for (int i = 0; i < prefixes.length; i++) {
      prefixes[i] = prefixTokens > 0 ? exact("", prefixTokens) : "";
    }
  }

  /** The first group's shared prefix ("" when none). */
  public String prefix() {
    return prefixes[0];
  }

  /** Every group's prefix, in the order prompts take them. */
  public List<String> prefixes() {
    return List.of(prefixes);
  }

  public int prefixTokens() {
    return prefixTokens;
  }

  /** The longest prompt the range allows, in tokens. */
  public int longestTokens() {
    return rangeRatio == 0 ? inputTokens : LengthRange.around(inputTokens, rangeRatio).longest();
  }

  /**
   * One prompt with its exact length.
   *
   * @param maxTokens the output tokens the request asks for, drawn with it ({@link
   *     #drawingOutputs}); 0: the request's own setting
   */
  public record Prompt(String text, int tokens, int maxTokens) {
    public Prompt(String text, int tokens) {
      this(text, tokens, 0);
    }
  }

  /**
   * From now on, each prompt {@link #next()} gives carries an output length of its own, drawn from
   * {@code lengths}.
   *
   * @return this generator
   */
  public RandomPrompts drawingOutputs(OutputLengths lengths) {
    this.outputs = lengths;
    return this;
  }

  /** The next prompt; its length is drawn from the range, and its output's when one is set. */
  public Prompt next() {
    int target = drawLength();
    String prefix = prefixes[(int) (prompts++ % prefixes.length)];
    return new Prompt(exact(prefix, target), target, outputs == null ? 0 : outputs.next());
  }

  /**
   * A prompt of exactly {@code tokens} tokens that starts with {@code start} (which must be
   * shorter), whatever this generator's own length and prefixes: a trace's shared blocks, then
   * random words.
   */
  public Prompt startingWith(String start, int tokens) {
    return new Prompt(exact(start, tokens), tokens);
  }

  private int drawLength() {
    if (rangeRatio == 0) {
      return inputTokens;
    }
    return LengthRange.around(inputTokens, rangeRatio).draw(random);
  }

  /** {@code start} followed by random words, exactly {@code target} tokens long in all. */
  private String exact(String start, int target) {
    // A serial number first makes every prompt differ from the first tokens after the prefix.
    StringBuilder text = new StringBuilder(start);
    text.append(start.isEmpty() ? "" : "\n").append(++serial).append('.');
    appendWords(text, target);
    int[] ids = tokenizer.encode(text.toString());
    int stalled = 0;
    while (ids.length < target) {
      int before = ids.length;
      appendWords(text, target - ids.length + 4);
      ids = tokenizer.encode(text.toString());
      // A tokenizer that gives no token for words (an empty vocabulary) would keep this loop
      // running for ever.
      stalled = ids.length > before ? 0 : stalled + 1;
      if (stalled >= MAX_STALLED_GROWTHS) {
        // the user's tokenizer (llm.tokenizer), not the code: one line
        throw new dev.gatlingllm.logging.UserError(
            "tokenizer "
                + tokenizer.name()
                + " counts "
                + ids.length
                + " tokens in "
                + text.length()
                + " characters of words and no more as words are added (an empty vocabulary?):"
                + " it cannot size prompts of "
                + target
                + " tokens");
      }
    }
    for (int attempt = 0; attempt < MAX_CORRECTIONS; attempt++) {
      String decoded = tokenizer.decode(Arrays.copyOf(ids, target));
      // SentencePiece tokenizers (llama.cpp's) add or drop a leading space when decoding: compare
      // without it, then put the shared prefix back exactly as every other prompt has it.
      String body = decoded.stripLeading();
      String wanted = start.stripLeading();
      if (!body.startsWith(wanted)) {
        throw new IllegalStateException(
            "prompt of "
                + target
                + " tokens cannot keep its "
                + prefixTokens
                + "-token prefix with tokenizer "
                + tokenizer.name());
      }
      String candidate = start + body.substring(wanted.length());
      int[] again = tokenizer.encode(candidate);
      if (again.length == target) {
        return candidate;
      }
      if (again.length > target) {
        ids = again; // the cut split a word into more tokens: cut the re-encoded ids instead
      } else {
        StringBuilder longer = new StringBuilder(candidate);
        appendWords(longer, target - again.length + 2);
        ids = tokenizer.encode(longer.toString());
      }
    }
    throw new IllegalStateException(
        "could not build a prompt of exactly "
            + target
            + " tokens with tokenizer "
            + tokenizer.name()
            + " after "
            + MAX_CORRECTIONS
            + " corrections");
  }

  private void appendWords(StringBuilder text, int count) {
    for (int i = 0; i < count; i++) {
      text.append(' ').append(PromptWords.ALL[random.nextInt(PromptWords.ALL.length)]);
    }
  }
}
