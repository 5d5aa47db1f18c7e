package dev.gatlingllm.dsl;

import dev.gatlingllm.api.pooling.RerankDialect;
import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.gatling.action.LlmActionFactory;
import dev.gatlingllm.gatling.action.LlmRequestSpec;
import io.gatling.javaapi.core.ActionBuilder;
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
public final class RerankActionBuilder implements ActionBuilder {
  private final LlmRequestSpec spec;

  RerankActionBuilder(String name) {
    this(LlmRequestSpec.named(name, RerankDialect.ID));
  }

  private RerankActionBuilder(LlmRequestSpec spec) {
    this.spec = spec;
  }

  private RerankActionBuilder field(String field, SessionExpression<Object> value) {
    return new RerankActionBuilder(PoolingSpec.field(spec, field, value));
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

  /**
   * The model for this request, overriding the protocol's.
   *
   * @param model the model name, a Gatling EL string
   * @return a new builder
   */
  public RerankActionBuilder model(String model) {
    return new RerankActionBuilder(
        PoolingSpec.model(
            spec, GatlingRuntime.el(LlmRequestActionBuilder.requireText(model, "model"))));
  }

  /**
   * The path for this request (default {@code /v1/rerank}; some servers serve {@code /rerank}).
   *
   * @param path a Gatling EL string resolved against the {@code http} protocol's baseUrl
   * @return a new builder
   */
  public RerankActionBuilder endpoint(String path) {
    return new RerankActionBuilder(
        spec.withEndpoint(LlmRequestActionBuilder.requireText(path, "endpoint")));
  }

  /**
   * An extra top-level JSON field, e.g. {@code bodyField("return_documents", false)}.
   *
   * @param field the field's name
   * @param value a constant: a String, Number, Boolean, Map or List
   * @return a new builder
   */
  public RerankActionBuilder bodyField(String field, Object value) {
    Objects.requireNonNull(value, "value");
    return field(
        LlmRequestActionBuilder.requireText(field, "field"), SessionExpression.constant(value));
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
