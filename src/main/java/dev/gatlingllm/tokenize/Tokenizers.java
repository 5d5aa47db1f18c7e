package dev.gatlingllm.tokenize;

import dev.gatlingllm.values.Tokenizer;
import java.util.Locale;

/**
 * Chooses a tokenizer by name: a JTokkit encoding ({@code cl100k_base}, {@code o200k_base}...), a
 * Hugging Face {@code tokenizer.json} ({@code hf:<path>}, or a path ending in {@code
 * tokenizer.json}), the embedded simulator's ({@code simulator}), or {@code server}.
 */
public final class Tokenizers {
  private static final String HUGGING_FACE = "hf:";

  private Tokenizers() {}

  /**
   * @param name an encoding name, a {@code tokenizer.json} as {@link #local} reads it, or {@code
   *     server} for the target's own {@code /tokenize}
   * @param baseUrl the server root, used by {@code server}
   * @param model the model, used by {@code server}
   */
  public static Tokenizer byName(String name, String baseUrl, String model) {
    if ("server".equalsIgnoreCase(name.strip())) {
      return new ServerTokenizer(baseUrl, model);
    }
    return local(name);
  }

  /**
   * A tokenizer that counts without I/O, fit for the virtual users' event loops.
   *
   * @param name a JTokkit encoding name, or {@code hf:<path>} / a path ending in {@code
   *     tokenizer.json}: the model's own Hugging Face tokenizer, the path a file or a classpath
   *     resource; or {@code simulator}, the simulator's own
   * @throws IllegalArgumentException for an unknown encoding or a missing or broken {@code
   *     tokenizer.json}
   */
  public static Tokenizer local(String name) {
    String trimmed = name.strip();
    if (SimulatorTokenizer.NAME.equalsIgnoreCase(trimmed)) {
      return new SimulatorTokenizer();
    }
    if (namesATokenizerJson(trimmed)) {
      boolean prefixed = trimmed.toLowerCase(Locale.ROOT).startsWith(HUGGING_FACE);
      return huggingFace(prefixed ? trimmed.substring(HUGGING_FACE.length()) : trimmed);
    }
    try {
      return JTokkitTokenizer.of(trimmed);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          e.getMessage() + ", simulator, or hf:<path to a tokenizer.json>");
    }
  }

  /**
   * True when the name is a Hugging Face tokenizer.json's place ({@code hf:<path>}, or a path
   * ending in {@code tokenizer.json}) rather than an encoding's name: its errors are about a file,
   * not a list of names.
   */
  public static boolean namesATokenizerJson(String name) {
    String trimmed = name.strip();
    return trimmed.toLowerCase(Locale.ROOT).startsWith(HUGGING_FACE)
        || trimmed.endsWith("tokenizer.json");
  }

  private static Tokenizer huggingFace(String location) {
    try {
      return HuggingFaceTokenizer.of(location);
    } catch (NoClassDefFoundError e) {
      // A build that excluded the dependency to save its size.
      throw new IllegalStateException(
          "hf:" + location + " needs ai.djl.huggingface:tokenizers on the classpath");
    }
  }
}
