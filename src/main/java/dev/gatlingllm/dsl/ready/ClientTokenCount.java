package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.tokenize.SimulatorTokenizer;
import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.values.Tokenizer;
import java.util.Locale;

/**
 * Which tokenizer counts the prompt and the generated text of each request during the load, beside
 * the server's usage: {@code llm.clientTokenizer} when set (an encoding such as {@code
 * cl100k_base}, a model's {@code hf:<tokenizer.json>}, the simulator's {@code simulator}, or {@code
 * none}), else, against the embedded simulator, the simulator's own tokenizer (its usage counts
 * with it: the two counts then measure the same tokens), else {@code llm.tokenizer} (default {@code
 * cl100k_base}) when it is local. The server's {@code /tokenize} ({@code llm.tokenizer=server}) is
 * only ever called before the load, to shape the prompts: counting then stays off unless {@code
 * llm.clientTokenizer} names a local one, and the console says so once.
 *
 * @param tokenizer the local tokenizer counting during the load, or null for none
 * @param note what the console says about it, or null
 */
public record ClientTokenCount(Tokenizer tokenizer, String note) {

  /**
   * Reads the two properties for a server given by {@code llm.baseUrl}; an unknown encoding or a
   * missing tokenizer.json fails naming its property.
   */
  public static ClientTokenCount fromSettings(Settings settings) {
    return fromSettings(settings, false);
  }

  /**
   * @param embeddedSimulator true when the run targets the embedded simulator
   */
  public static ClientTokenCount fromSettings(Settings settings, boolean embeddedSimulator) {
    String explicit = settings.text("llm.clientTokenizer", null);
    if (explicit != null) {
      if (explicit.strip().toLowerCase(Locale.ROOT).equals("none")) {
        return new ClientTokenCount(null, null);
      }
      try {
        return new ClientTokenCount(Tokenizers.local(explicit), null);
      } catch (IllegalArgumentException e) {
        throw new UserError(
            "llm.clientTokenizer: "
                + e.getMessage()
                + (Tokenizers.namesATokenizerJson(explicit) ? "" : ", or none"));
      }
    }
    if (embeddedSimulator) {
      return new ClientTokenCount(new SimulatorTokenizer(), null);
    }
    String prompts = settings.text("llm.tokenizer", "cl100k_base");
    if (prompts.strip().equalsIgnoreCase("server")) {
      return new ClientTokenCount(
          null,
          "llm.tokenizer=server shapes the prompts before the load only; no token"
              + " is counted on the client during it (set llm.clientTokenizer=<encoding> to count with a local one)");
    }
    try {
      return new ClientTokenCount(Tokenizers.local(prompts), null);
    } catch (IllegalArgumentException e) {
      throw new UserError(
          "llm.tokenizer: "
              + e.getMessage()
              + (Tokenizers.namesATokenizerJson(prompts) ? "" : ", or server"));
    }
  }
}
