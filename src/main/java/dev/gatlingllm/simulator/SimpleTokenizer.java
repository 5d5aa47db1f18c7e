package dev.gatlingllm.simulator;

import java.util.ArrayList;
import java.util.List;

/**
 * The simulator's own deterministic tokenizer, GPT-like in spirit: a token is one optional leading
 * space followed by either a run of letters/digits or a single other visible character; any other
 * whitespace run (newlines, extra spaces) is one token. So {@code "Hello, world!\n"} is {@code
 * ["Hello", ",", " world", "!", "\n"]}. Every generated word ({@link Vocabulary}) is exactly one
 * token, so the prompt and the output are counted with the same rule. Ids: a vocabulary word's
 * index, any other token a stable hash in [1000, 32000).
 */
public final class SimpleTokenizer {
  private SimpleTokenizer() {}

  /** Number of tokens in {@code text}, without allocating. */
  public static int count(CharSequence text) {
    int count = 0;
    int i = 0;
    int n = text.length();
    while (i < n) {
      i = nextTokenEnd(text, i);
      count++;
    }
    return count;
  }

  /** The token strings of {@code text}. */
  public static List<String> tokens(CharSequence text) {
    List<String> tokens = new ArrayList<>();
    int i = 0;
    int n = text.length();
    while (i < n) {
      int end = nextTokenEnd(text, i);
      tokens.add(text.subSequence(i, end).toString());
      i = end;
    }
    return tokens;
  }

  /** Token ids of {@code text}, as /tokenize returns them. */
  public static int[] ids(CharSequence text) {
    List<String> tokens = tokens(text);
    int[] ids = new int[tokens.size()];
    for (int i = 0; i < ids.length; i++) {
      int index = Vocabulary.indexOf(tokens.get(i));
      ids[i] = index >= 0 ? index : 1000 + Math.floorMod(tokens.get(i).hashCode(), 31_000);
    }
    return ids;
  }

  private static int nextTokenEnd(CharSequence text, int start) {
    int n = text.length();
    int i = start;
    char c = text.charAt(i);
    if (c == ' ' && i + 1 < n && !Character.isWhitespace(text.charAt(i + 1))) {
      i++; // a single leading space belongs to the following word or symbol
      c = text.charAt(i);
    } else if (Character.isWhitespace(c)) {
      while (i < n
          && Character.isWhitespace(text.charAt(i))
          && !(text.charAt(i) == ' '
              && i + 1 < n
              && !Character.isWhitespace(text.charAt(i + 1))
              && i > start)) {
        i++;
      }
      return i;
    }
    if (Character.isLetterOrDigit(c)) {
      while (i < n && Character.isLetterOrDigit(text.charAt(i))) {
        i++;
      }
      return i;
    }
    if (Character.isHighSurrogate(c) && i + 1 < n) {
      return i + 2;
    }
    return i + 1;
  }
}
