package dev.gatlingllm.dsl;

import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.gatling.action.LlmRequestSpec;
import io.gatling.javaapi.core.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the embeddings and rerank builders share beyond {@link LlmRequestCalls}: the spec's fields
 * by the API's names, and the texts of a request as one list expression (a constant, an EL string
 * naming a list, or a function).
 */
final class PoolingSpec {
  private PoolingSpec() {}

  static LlmRequestSpec field(LlmRequestSpec spec, String field, SessionExpression<Object> value) {
    return spec.withTemplate(spec.template().withBodyField(field, value));
  }

  /** A constant list of texts, checked and copied once. */
  static SessionExpression<List<String>> texts(List<String> texts, String what) {
    Objects.requireNonNull(texts, what);
    if (texts.isEmpty()) {
      throw new IllegalArgumentException(what + " must not be empty");
    }
    // every element a text, checked here rather than by List.copyOf's bare NullPointerException
    List<String> copy = List.copyOf(strings(texts, what, IllegalArgumentException::new));
    return SessionExpression.constant(copy);
  }

  /** An EL string naming a session attribute that holds a list of texts. */
  static SessionExpression<List<String>> texts(String expression, String what) {
    @SuppressWarnings({"rawtypes", "unchecked"})
    SessionExpression<List> list =
        GatlingRuntime.el(LlmRequestActionBuilder.requireText(expression, what), List.class);
    return session -> strings(list.resolve(session), what);
  }

  /** A function of the session giving the texts. */
  static SessionExpression<List<String>> texts(Function<Session, List<String>> fn, String what) {
    SessionExpression<List<String>> list =
        SessionExpression.function(Objects.requireNonNull(fn, what));
    return session -> strings(list.resolve(session), what);
  }

  /** The texts as strings; an empty list, a null or anything not a text is a KO naming it. */
  private static List<String> strings(List<?> values, String what) {
    if (values == null || values.isEmpty()) {
      throw new dev.gatlingllm.gatling.ExpressionException(what + " resolved to no text");
    }
    return strings(values, what, dev.gatlingllm.gatling.ExpressionException::new);
  }

  /**
   * The texts of {@code values}: a null, a JSON object or a number among them ({@code [null, "x",
   * {}]}) is refused with its place, never sent as {@code "null"} or {@code "{}"}.
   */
  private static List<String> strings(
      List<?> values, String what, Function<String, RuntimeException> refusal) {
    List<String> texts = new ArrayList<>(values.size());
    for (Object value : values) {
      if (!(value instanceof CharSequence text)) {
        throw refusal.apply(
            what + " element " + (texts.size() + 1) + " is " + kind(value) + ", not a text");
      }
      texts.add(text.toString());
    }
    return texts;
  }

  private static String kind(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof Map<?, ?>) {
      return "an object";
    }
    if (value instanceof java.util.Collection<?>) {
      return "a list";
    }
    return value instanceof Number ? "a number" : "a " + value.getClass().getSimpleName();
  }

  static int positive(int value, String what) {
    if (value < 1) {
      throw new IllegalArgumentException(what + " must be at least 1, was " + value);
    }
    return value;
  }
}
