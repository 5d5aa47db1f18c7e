package dev.gatlingllm.stream;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The exchanges of a run that were handed to the transport and have not ended: what a stopped run
 * (SIGTERM, Ctrl-C, its parent gone) must still count, since the server received them. One
 * concurrent set add and remove per request, nothing per token.
 *
 * <p>{@link #stopAll} ends each of them as aborted on its own event loop (an exchange is confined
 * to it), so the thread that stops the run waits for them without ever blocking a loop; after it no
 * new exchange is admitted.
 */
public final class InFlightExchanges {
  /**
   * An exchange as the registry sees it: what a stop asks of it, nothing else (the registry does
   * not call the exchange's other methods, nor depend on its class).
   */
  public interface Member {
    /**
     * Ends the exchange on its own executor because the run is stopping.
     *
     * @throws RejectedExecutionException when the executor no longer runs anything
     */
    void stopOnItsLoop();

    /** Ends the exchange here, its executor being gone. */
    void stopForRunEnd();
  }

  private final Set<Member> exchanges = ConcurrentHashMap.newKeySet();
  private volatile boolean stopped;

  /**
   * Admits an exchange about to be sent.
   *
   * @return false once the run is stopping: the request must not be sent
   */
  public boolean enter(Member exchange) {
    if (stopped) {
      return false;
    }
    exchanges.add(exchange);
    // A stop that began between the check and the add may have missed it: take it back, unsent.
    if (stopped) {
      exchanges.remove(exchange);
      return false;
    }
    return true;
  }

  /** The exchange ended (its outcome is being recorded). */
  public void leave(Member exchange) {
    exchanges.remove(exchange);
  }

  /** How many exchanges are in flight now. */
  public int size() {
    return exchanges.size();
  }

  /**
   * Admits no more exchanges and ends every one in flight as aborted, each on its event loop,
   * waiting at most {@code patience} for their outcomes to be delivered. Call from a thread that is
   * no event loop (a shutdown hook).
   *
   * @return how many were still in flight after {@code patience} (a loop that no longer runs): not
   *     counted
   */
  public int stopAll(Duration patience) throws InterruptedException {
    stopped = true;
    for (Member exchange : exchanges) {
      try {
        exchange.stopOnItsLoop();
      } catch (RejectedExecutionException loopGone) {
        // Its loop is shut down and runs nothing more: nothing else touches the exchange, end it
        // here.
        exchange.stopForRunEnd();
      }
    }
    long deadline = System.nanoTime() + patience.toNanos();
    while (!exchanges.isEmpty() && System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(5);
    }
    return exchanges.size();
  }
}
