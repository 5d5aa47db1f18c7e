package dev.gatlingllm.transport;

/**
 * What the status line and headers of a response say to an LLM stream, as sent (bounded and
 * redacted later).
 *
 * @param status the HTTP status code
 * @param contentType the {@code Content-Type} header, or null
 * @param contentEncoding the {@code Content-Encoding} header, or null
 * @param requestId the server's id of the request (its {@code x-request-id} header), or null
 * @param retryAfter the {@code Retry-After} header (429, 503), or null
 */
public record ResponseHead(
    int status, String contentType, String contentEncoding, String requestId, String retryAfter) {
  /** A response with only a status and a content type. */
  public static ResponseHead of(int status, String contentType) {
    return new ResponseHead(status, contentType, null, null, null);
  }

  public ResponseHead withContentEncoding(String encoding) {
    return new ResponseHead(status, contentType, encoding, requestId, retryAfter);
  }

  public ResponseHead withRequestId(String id) {
    return new ResponseHead(status, contentType, contentEncoding, id, retryAfter);
  }

  public ResponseHead withRetryAfter(String value) {
    return new ResponseHead(status, contentType, contentEncoding, requestId, value);
  }
}
