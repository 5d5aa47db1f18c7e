package dev.gatlingllm.dsl;

import dev.gatlingllm.check.AnswerCheck;
import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.gatling.action.LlmRequestSpec;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The calls every LLM request builder shares, {@code chat(..)}, {@code completion(..)}, {@code
 * embed(..)} and {@code rerank(..)} alike, as Gatling's {@code RequestActionBuilder} shares its own
 * across HTTP, WebSocket and SSE: the model, headers, body fields, the path, checks on the answer
 * and the session key of the outcome. Each value comes in Gatling's three forms: a {@code String}
 * is Gatling EL, a {@code Function<Session, T>} is computed per virtual user, a typed value is a
 * constant. Every call returns a new builder.
 *
 * @param <B> the request builder these calls return
 */
public abstract sealed class LlmRequestCalls<B extends LlmRequestCalls<B>> implements ActionBuilder
    permits LlmRequestActionBuilder, EmbedActionBuilder, RerankActionBuilder {
  final LlmRequestSpec spec;

  LlmRequestCalls(LlmRequestSpec spec) {
    this.spec = spec;
  }

  /** The same builder around another spec: the one copy path, as Gatling's own builders have. */
  abstract B withSpec(LlmRequestSpec newSpec);

  final B make(UnaryOperator<LlmRequestSpec> change) {
    return withSpec(change.apply(spec));
  }

  /**
   * The model for this request, overriding the protocol's.
   *
   * @param model the model name, a Gatling EL string
   * @return a new builder
   */
  public B model(String model) {
    SessionExpression<String> value = GatlingRuntime.el(requireText(model, "model"));
    return make(s -> s.withTemplate(s.template().withModel(value)));
  }

  /**
   * The model for this request, overriding the protocol's.
   *
   * @param model a function of the session giving the model name
   * @return a new builder
   */
  public B model(Function<Session, String> model) {
    SessionExpression<String> value =
        SessionExpression.function(Objects.requireNonNull(model, "model"));
    return make(s -> s.withTemplate(s.template().withModel(value)));
  }

  /**
   * An extra top-level JSON field, e.g. {@code bodyField("min_tokens", 64)}.
   *
   * @param field the field's name
   * @param value a constant: a Number, Boolean, Map or List (a String goes to {@link
   *     #bodyField(String, String)}, as EL)
   * @return a new builder
   */
  public B bodyField(String field, Object value) {
    Objects.requireNonNull(value, "value");
    if (value instanceof CharSequence text) {
      return bodyField(field, text.toString());
    }
    return withBodyField(field, SessionExpression.constant(value));
  }

  /**
   * An extra top-level JSON string field.
   *
   * @param field the field's name
   * @param value a Gatling EL string, e.g. {@code "#{user}"}; sent as a JSON string
   * @return a new builder
   */
  public B bodyField(String field, String value) {
    Objects.requireNonNull(value, "value");
    SessionExpression<String> text = GatlingRuntime.el(value);
    return withBodyField(field, text::resolve);
  }

  /**
   * An extra top-level JSON field computed from the session.
   *
   * @param field the field's name
   * @param value a function of the session giving a String, Number, Boolean, Map or List
   * @return a new builder
   */
  public B bodyField(String field, Function<Session, Object> value) {
    return withBodyField(field, SessionExpression.function(Objects.requireNonNull(value, "value")));
  }

  /**
   * An extra HTTP header.
   *
   * @param headerName the header's name
   * @param value a Gatling EL string
   * @return a new builder
   */
  public B header(String headerName, String value) {
    Objects.requireNonNull(value, "value");
    return withHeader(headerName, GatlingRuntime.el(value));
  }

  /**
   * An extra HTTP header.
   *
   * @param headerName the header's name
   * @param value a function of the session giving the value
   * @return a new builder
   */
  public B header(String headerName, Function<Session, String> value) {
    return withHeader(
        headerName, SessionExpression.function(Objects.requireNonNull(value, "value")));
  }

  /**
   * The path for this request, overriding the protocol's endpoint (or an embeddings or rerank
   * request's own path).
   *
   * @param path a Gatling EL string resolved against the {@code http} protocol's baseUrl
   * @return a new builder
   */
  public B endpoint(String path) {
    String value = requireText(path, "endpoint");
    return make(s -> s.withEndpoint(value));
  }

  /**
   * The session key under which the outcome map is saved.
   *
   * @param key a constant key (default {@code llm})
   * @return a new builder
   */
  public B saveAs(String key) {
    String value = requireText(key, "key");
    return make(s -> s.withSaveAs(s.saveAs().withKey(value)));
  }

  /**
   * Checks on the answer (see {@link LlmDsl}), judged in order when the request succeeded: the
   * first that fails makes it KO with {@code check failed: <why>}, in Gatling's report and {@code
   * llm/requests.csv}. Each call adds to the checks already set. Checks that find a value ({@code
   * jsonPath}, {@code answerRegex}, {@code toolCallName}, {@code toolCallArguments}) with {@code
   * .saveAs(key)} save it in the session when the request ends OK. An embeddings or rerank answer
   * has no text: its checks are the latency's ({@code e2elAtMost}) or a lambda's.
   *
   * @param answerChecks constant checks, e.g. {@code LlmDsl.outputTokensAtLeast(128)}
   * @return a new builder
   */
  public B check(AnswerCheck... answerChecks) {
    List<AnswerCheck> added = new ArrayList<>();
    for (AnswerCheck check : answerChecks) {
      added.add(Objects.requireNonNull(check, "check"));
    }
    return make(s -> s.withChecks(added));
  }

  private B withBodyField(String field, SessionExpression<Object> value) {
    String name = requireText(field, "field");
    return make(s -> s.withTemplate(s.template().withBodyField(name, value)));
  }

  private B withHeader(String headerName, SessionExpression<String> value) {
    String name = requireText(headerName, "header name");
    return make(s -> s.withHeader(name, value));
  }

  static String requireText(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank");
    }
    return value;
  }
}
