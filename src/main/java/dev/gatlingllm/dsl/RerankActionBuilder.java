package dev.gatlingllm.dsl;

import dev.gatlingllm.api.pooling.RerankDialect;
import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.gatling.action.LlmActionFactory;
import dev.gatlingllm.gatling.action.LlmRequestSpec;
import io.gatling.javaapi.core.Session;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Immutable builder of one rerank request ({@code POST /v1/rerank}, Cohere's and Jina's form, which
 * vLLM, TEI and llama.cpp serve): {@code {"model", "query", "documents", "top_n"}}. The answer is
 * not streamed: the request's latency is its E2EL, and the answer's {@code results} must each hold
 * an {@code index} among the documents and a {@code relevance_score}, at least one and at most one
 * per document, else the request is KO. Its {@code inputs} are the documents reranked. Logs one
 * Gatling record, {@code <name>}.
 */
public final class RerankActionBuilder extends LlmRequestCalls<RerankActionBuilder> {

  RerankActionBuilder(String name) {
    this(LlmRequestSpec.named(name, RerankDialect.ID));
  }

  private RerankActionBuilder(LlmRequestSpec spec) {
    super(spec);
  }

  @Override
  RerankActionBuilder withSpec(LlmRequestSpec newSpec) {
    return new RerankActionBuilder(newSpec);
  }

  private RerankActionBuilder field(String field, SessionExpression<Object> value) {
    return withSpec(PoolingSpec.field(spec, field, value));
  }

  /**
   * The query the documents are ranked against.
   *
   * @param query a Gatling EL string
   * @return a new builder
   */
  public RerankActionBuilder query(String query) {
    SessionExpression<String> value = GatlingRuntime.el(Objects.requireNonNull(query, "query"));
    return field(RerankDialect.QUERY, value::resolve);
  }

  /**
   * The query the documents are ranked against, computed from the session.
   *
   * @param query a function of the session giving the query
   * @return a new builder
   */
  public RerankActionBuilder query(Function<Session, String> query) {
    SessionExpression<String> value =
        SessionExpression.function(Objects.requireNonNull(query, "query"));
    return field(RerankDialect.QUERY, value::resolve);
  }

  /**
   * The documents to rank.
   *
   * @param documents a constant, non-empty list
   * @return a new builder
   */
  public RerankActionBuilder documents(List<String> documents) {
    return field(RerankDialect.DOCUMENTS, PoolingSpec.texts(documents, "documents")::resolve);
  }

  /**
   * The documents to rank.
   *
   * @param documents a Gatling EL string naming a session attribute that holds a list
   * @return a new builder
   */
  public RerankActionBuilder documents(String documents) {
    return field(RerankDialect.DOCUMENTS, PoolingSpec.texts(documents, "documents")::resolve);
  }

  /**
   * The documents to rank, computed from the session.
   *
   * @param documents a function of the session giving a non-empty list
   * @return a new builder
   */
  public RerankActionBuilder documents(Function<Session, List<String>> documents) {
    return field(RerankDialect.DOCUMENTS, PoolingSpec.texts(documents, "documents")::resolve);
  }

  /**
   * How many of the best documents the answer holds ({@code top_n}); all of them when not set.
   *
   * @param topN a constant, at least 1
   * @return a new builder
   */
  public RerankActionBuilder topN(int topN) {
    Object value = PoolingSpec.positive(topN, "topN");
    return field(RerankDialect.TOP_N, SessionExpression.constant(value));
  }

  /** Gatling's builder of the action, called once when the scenario is built. */
  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    if (!spec.template().bodyFields().containsKey(RerankDialect.QUERY)
        || !spec.template().bodyFields().containsKey(RerankDialect.DOCUMENTS)) {
      throw new IllegalArgumentException(
          "rerank('" + spec.name() + "') needs query(..) and documents(..)");
    }
    return new LlmActionFactory(spec);
  }
}
