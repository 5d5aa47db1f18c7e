package dev.gatlingllm.api.pooling;

import dev.gatlingllm.api.GenerationRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * The rerank API in Cohere's and Jina's form ({@code POST /v1/rerank}), as vLLM, TEI and llama.cpp
 * serve it: {@code {"model", "query", "documents": [..], "top_n"}} in, {@code results[]} of {@code
 * index} and {@code relevance_score} out, at most one per document.
 */
public final class RerankDialect extends PoolingDialect {
  public static final String ID = "rerank";

  /** The fields this API defines, in the order they are written. */
  public static final String QUERY = "query";

  public static final String DOCUMENTS = "documents";
  public static final String TOP_N = "top_n";

  public RerankDialect() {
    super(ID, "/v1/rerank", List.of(QUERY, DOCUMENTS, TOP_N), RerankInterpreter::new);
  }

  /** The documents: one score is expected for each (or for the top n). */
  @Override
  public List<String> texts(GenerationRequest request) {
    return asTexts(request.extraFields().get(DOCUMENTS));
  }

  /**
   * A cross-encoder reads the query with each document: the client counts the query once per
   * document, as the servers' usage does.
   */
  @Override
  public List<String> countedTexts(GenerationRequest request) {
    List<String> documents = texts(request);
    List<String> query = asTexts(request.extraFields().get(QUERY));
    List<String> counted = new ArrayList<>(documents);
    for (int i = 0; i < documents.size(); i++) {
      counted.addAll(query);
    }
    return counted;
  }
}
