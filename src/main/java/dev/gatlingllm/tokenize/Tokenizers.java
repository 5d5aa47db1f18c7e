package dev.gatlingllm.tokenize;

/** Chooses a tokenizer by name: a JTokkit encoding ({@code cl100k_base}, {@code o200k_base}...) or {@code server}. */
public final class Tokenizers {
  private Tokenizers() {}

  /**
   * @param name an encoding name, or {@code server} for the target's own {@code /tokenize}
   * @param baseUrl the server root, used by {@code server}
   * @param model the model, used by {@code server}
   */
  public static Tokenizer byName(String name, String baseUrl, String model) {
    if ("server".equalsIgnoreCase(name)) {
      return new ServerTokenizer(baseUrl, model);
    }
    return JTokkitTokenizer.of(name);
  }
}
