package dev.gatlingllm.simulator;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The words the simulated model generates: short lowercase words with a leading space, so each is
 * exactly one {@link SimpleTokenizer} token and needs no JSON escaping. Their UTF-8 bytes are
 * encoded once.
 */
public final class Vocabulary {
  private static final String[] WORDS = {
    " the", " a", " cat", " dog", " sat", " on", " mat", " and", " ran", " to", " big", " red",
    " sun", " tree", " sky", " was", " very", " happy", " little", " girl", " boy", " saw", " bird",
    " in", " park", " with", " her", " his", " friend", " played", " ball", " day", " one", " they",
    " went", " home", " it", " said", " hello", " time", " fun", " blue", " box", " new", " toy",
    " mom", " dad", " look", " found", " good", " cake", " car", " hat", " fish", " pond", " jump",
    " high", " run", " fast", " slow", " warm", " rain", " snow", " star"
  };
  private static final byte[][] BYTES = new byte[WORDS.length][];
  private static final Map<String, Integer> INDEX = new HashMap<>();

  static {
    for (int i = 0; i < WORDS.length; i++) {
      BYTES[i] = WORDS[i].getBytes(StandardCharsets.UTF_8);
      INDEX.put(WORDS[i], i);
    }
  }

  private Vocabulary() {}

  public static int size() {
    return WORDS.length;
  }

  public static String word(int index) {
    return WORDS[index];
  }

  static byte[] wordBytes(int index) {
    return BYTES[index];
  }

  /** Index of a vocabulary word, or -1. */
  public static int indexOf(String token) {
    Integer index = INDEX.get(token);
    return index == null ? -1 : index;
  }
}
