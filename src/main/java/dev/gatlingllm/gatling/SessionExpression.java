package dev.gatlingllm.gatling;

import io.gatling.core.session.Session;
import java.util.function.Function;

/**
 * A value computed from a virtual user's session: an EL string, a user function or a constant, as
 * Gatling's DSL accepts them. Throws {@link ExpressionException} when it cannot be computed for
 * this session.
 */
@FunctionalInterface
public interface SessionExpression<T> {
  T resolve(Session session);

  static <T> SessionExpression<T> constant(T value) {
    return session -> value;
  }

  static <T> SessionExpression<T> function(Function<io.gatling.javaapi.core.Session, T> function) {
    return session -> {
      try {
        return function.apply(GatlingRuntime.javaSession(session));
      } catch (RuntimeException e) {
        throw new ExpressionException("function failed: " + e);
      }
    };
  }
}
