package dev.gatlingllm.transport;

/**
 * The request could not be built for this session (e.g. an expression names a missing attribute).
 */
public final class RequestBuildException extends RuntimeException {
  public RequestBuildException(String message) {
    super(message);
  }
}
