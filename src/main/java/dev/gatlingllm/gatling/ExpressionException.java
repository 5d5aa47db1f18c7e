package dev.gatlingllm.gatling;

/**
 * A session expression could not be computed (e.g. the EL names an attribute the session lacks).
 */
public final class ExpressionException extends RuntimeException {
  public ExpressionException(String message) {
    super(message);
  }
}
