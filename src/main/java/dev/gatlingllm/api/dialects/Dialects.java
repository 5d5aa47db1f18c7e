package dev.gatlingllm.api.dialects;

import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.anthropic.AnthropicDialect;
import dev.gatlingllm.api.ollama.OllamaChatDialect;
import dev.gatlingllm.api.ollama.OllamaGenerateDialect;
import dev.gatlingllm.api.openai.AzureOpenAiDialect;
import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.api.openai.OpenAiCompletionsDialect;
import dev.gatlingllm.api.openai.OpenAiResponsesDialect;
import dev.gatlingllm.api.pooling.EmbeddingsDialect;
import dev.gatlingllm.api.pooling.RerankDialect;
import dev.gatlingllm.secrets.Redactor;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The built-in dialects by id, so that a configuration file or system property can name one. */
public final class Dialects {
  private static final Map<String, LlmDialect> BY_ID =
      index(
          new OpenAiChatDialect(),
          new OpenAiCompletionsDialect(),
          new OllamaChatDialect(),
          new OllamaGenerateDialect(),
          new OpenAiResponsesDialect(),
          new AnthropicDialect(),
          new AzureOpenAiDialect());

  /**
   * The APIs whose answer comes whole (embeddings, rerank): named by their own requests ({@code
   * embed}, {@code rerank}), never a protocol's dialect, so they are not among {@link #ids()}.
   */
  private static final Map<String, LlmDialect> POOLING =
      index(new EmbeddingsDialect(), new RerankDialect());

  private Dialects() {}

  /**
   * The dialect with this id (case and surrounding spaces ignored).
   *
   * @throws IllegalArgumentException naming the known ids when there is no such dialect
   */
  public static LlmDialect byId(String id) {
    LlmDialect dialect = id == null ? null : BY_ID.get(id.strip().toLowerCase(Locale.ROOT));
    if (dialect == null) {
      throw new IllegalArgumentException(
          "unknown LLM dialect '"
              + Redactor.setting(id)
              + "'; known dialects: "
              + String.join(", ", ids()));
    }
    return dialect;
  }

  /**
   * The dialect a request names: one of {@link #byId}'s, or an API whose answer comes whole
   * (embeddings, rerank), which only its own requests name.
   *
   * @throws IllegalArgumentException naming the known ids when there is no such dialect
   */
  public static LlmDialect forRequest(String id) {
    LlmDialect pooling = id == null ? null : POOLING.get(id);
    return pooling != null ? pooling : byId(id);
  }

  /** The known ids, in a stable order. */
  public static List<String> ids() {
    return List.copyOf(BY_ID.keySet());
  }

  /** Every built-in dialect, in the order of {@link #ids()}. */
  public static List<LlmDialect> all() {
    return List.copyOf(BY_ID.values());
  }

  private static Map<String, LlmDialect> index(LlmDialect... dialects) {
    Map<String, LlmDialect> byId = new LinkedHashMap<>();
    for (LlmDialect dialect : dialects) {
      if (byId.put(dialect.id(), dialect) != null) {
        throw new IllegalStateException("two dialects with id " + dialect.id());
      }
    }
    return Collections.unmodifiableMap(byId);
  }
}
