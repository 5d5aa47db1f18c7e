package dev.gatlingllm.api.pooling;

import dev.gatlingllm.api.GenerationRequest;
import java.util.List;

/**
 * OpenAI's embeddings API ({@code POST /v1/embeddings}), as vLLM, TEI and llama.cpp serve it:
 * {@code {"model", "input": a string or a list of strings, "dimensions", "encoding_format"}} in,
 * {@code data[i].embedding} out, one per input, with {@code usage.prompt_tokens}.
 */
public final class EmbeddingsDialect extends PoolingDialect {
  public static final String ID = "openai-embeddings";

  /** The fields this API defines, in the order they are written. */
  public static final String INPUT = "input";

  public static final String DIMENSIONS = "dimensions";
  public static final String ENCODING_FORMAT = "encoding_format";

  public EmbeddingsDialect() {
    super(
        ID,
        "/v1/embeddings",
        List.of(INPUT, DIMENSIONS, ENCODING_FORMAT),
        EmbeddingsInterpreter::new);
  }

  @Override
  public List<String> texts(GenerationRequest request) {
    return asTexts(request.extraFields().get(INPUT));
  }
}
