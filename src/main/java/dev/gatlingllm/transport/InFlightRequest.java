package dev.gatlingllm.transport;

/** A request on the wire. */
public interface InFlightRequest {
  /** Stops the exchange by closing its connection, so that a half-read stream is never reused. */
  void abort();
}
