package dev.gatlingllm.transport;

import java.nio.ByteBuffer;

/**
 * What the transport reports about one HTTP exchange, each with the {@link System#nanoTime()} at
 * which it happened. Calls arrive on one thread (the virtual user's event loop), in order; after
 * {@link #onTransportFailure} or a last chunk nothing more arrives.
 */
public interface ResponseHandler {
  /**
   * The request bytes are about to be written (again, when the client retries on a fresh
   * connection).
   */
  void onRequestWritten(long nanos);

  /** Status line and headers arrived. */
  void onResponseHeaders(ResponseHead head, long nanos);

  /**
   * Status line and headers of a response that names only its content type and request id.
   *
   * @param contentType null when the response has none
   * @param requestId the server's id of the request (its {@code x-request-id} header), as sent, or
   *     null
   */
  default void onResponseHeaders(int status, String contentType, String requestId, long nanos) {
    onResponseHeaders(ResponseHead.of(status, contentType).withRequestId(requestId), nanos);
  }

  /**
   * A piece of the body; the buffer is only valid during the call. {@code last} marks the end of
   * the body.
   */
  void onBodyChunk(ByteBuffer chunk, boolean last, long nanos);

  /**
   * The exchange failed (connect error, reset, premature close, the client's request timeout...).
   */
  void onTransportFailure(Throwable cause, long nanos);
}
