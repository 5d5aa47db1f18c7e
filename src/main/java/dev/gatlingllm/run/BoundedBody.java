package dev.gatlingllm.run;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body collected as it arrives, up to a bound: past it, the subscription is cancelled
 * (the JDK's client then closes the connection) and the body fails with {@link TooLarge}. One
 * buffer at a time is asked for, so no more than one buffer beyond the bound is ever held. {@link
 * #abort()} stops it from another thread (a deadline).
 */
final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {
  /**
   * The body passed the bound; no stack trace: it is a verdict on the page, not a fault of the
   * client.
   */
  static final class TooLarge extends Exception {
    private static final long serialVersionUID = 1L;

    TooLarge() {
      super("body larger than the bound", null, false, false);
    }

    /**
     * True when {@code failure} is this, or was caused by it (the client may wrap what the body
     * failed with).
     */
    static boolean isCauseOf(Throwable failure) {
      for (Throwable t = failure; t != null; t = t.getCause()) {
        if (t instanceof TooLarge) {
          return true;
        }
      }
      return false;
    }
  }

  private final int maxBytes;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final CompletableFuture<byte[]> body = new CompletableFuture<>();
  private volatile Flow.Subscription subscription;
  private volatile boolean stopped;

  BoundedBody(int maxBytes) {
    this.maxBytes = maxBytes;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (stopped) {
      subscription.cancel();
      return;
    }
    subscription.request(1);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    if (stopped) {
      return;
    }
    for (ByteBuffer buffer : buffers) {
      int n = buffer.remaining();
      if (bytes.size() + (long) n > maxBytes) {
        stop(new TooLarge());
        return;
      }
      byte[] chunk = new byte[n];
      buffer.get(chunk);
      bytes.write(chunk, 0, n);
    }
    subscription.request(1);
  }

  @Override
  public void onError(Throwable throwable) {
    body.completeExceptionally(throwable);
  }

  @Override
  public void onComplete() {
    body.complete(bytes.toByteArray());
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return body;
  }

  /** Stops reading (the deadline passed): the connection is closed and the body fails. */
  void abort() {
    stop(new java.util.concurrent.CancellationException("aborted"));
  }

  private void stop(Throwable why) {
    stopped = true;
    Flow.Subscription s = subscription;
    if (s != null) {
      s.cancel();
    }
    body.completeExceptionally(why);
  }
}
