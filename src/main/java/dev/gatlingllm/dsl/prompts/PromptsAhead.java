package dev.gatlingllm.dsl.prompts;

import dev.gatlingllm.secrets.Redactor;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The prompts of a run that outlasts its prepared ones: a background thread keeps up to {@link
 * #AHEAD} of them ready, refilling when fewer than {@link #LOW_WATER} are left, so that virtual
 * users still take them without waiting. Only when none is ready (the server answers faster than
 * prompts are made) does a user generate one itself, on its event loop; those are counted and
 * logged, since they delay that user's request.
 *
 * <p>The generator is not thread-safe: the background thread and those inline generations share it
 * under its own lock, so together they continue its one sequence.
 */
final class PromptsAhead {
  static final int AHEAD = 256;
  static final int LOW_WATER = AHEAD / 2;

  /**
   * The background thread ends when idle this long, so that a run that is over leaves no thread
   * behind.
   */
  private static final long IDLE_SECONDS = 5;

  private static final Logger LOG = LoggerFactory.getLogger(PromptsAhead.class);

  private final RandomPrompts generator;
  private final Executor background;
  private final ConcurrentLinkedQueue<Map<String, Object>> ready = new ConcurrentLinkedQueue<>();

  /** The queue's size: {@link ConcurrentLinkedQueue#size()} walks the whole queue. */
  private final AtomicInteger readyCount = new AtomicInteger();

  private final AtomicBoolean refilling = new AtomicBoolean();
  private final AtomicBoolean announced = new AtomicBoolean();
  private final AtomicBoolean failureLogged = new AtomicBoolean();
  private final AtomicLong inline = new AtomicLong();

  PromptsAhead(RandomPrompts generator, Executor background) {
    this.generator = generator;
    this.background = background;
  }

  /** One daemon thread at most, started on demand and ended when idle. */
  static Executor backgroundExecutor() {
    ThreadPoolExecutor executor =
        new ThreadPoolExecutor(
            1,
            1,
            IDLE_SECONDS,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread thread = new Thread(task, "llm-prompts-ahead");
              thread.setDaemon(true);
              return thread;
            });
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }

  /** A prompt the prepared ones did not cover; {@code prepared} only serves the messages. */
  Map<String, Object> next(int prepared) {
    if (announced.compareAndSet(false, true)) {
      LOG.info(
          "gatling-llm: the {} prepared prompts are used up; more are generated in the background",
          prepared);
    }
    Map<String, Object> prompt = ready.poll();
    if (prompt != null) {
      readyCount.decrementAndGet();
    }
    refillIfLow();
    if (prompt != null) {
      return prompt;
    }
    long count = inline.incrementAndGet();
    if (Long.bitCount(count) == 1) {
      LOG.warn(
          "gatling-llm: {} prompt(s) generated on a virtual user's thread because none was ready: "
              + "plan more prompts for this run (that request's send lateness includes the wait)",
          count);
    }
    return generate();
  }

  long generatedInline() {
    return inline.get();
  }

  /** How many are ready now (for tests). */
  int readyCount() {
    return readyCount.get();
  }

  private void refillIfLow() {
    if (readyCount.get() < LOW_WATER && refilling.compareAndSet(false, true)) {
      background.execute(this::refill);
    }
  }

  private void refill() {
    try {
      while (readyCount.get() < AHEAD) {
        ready.add(generate());
        readyCount.incrementAndGet();
      }
    } catch (RuntimeException e) {
      // The users go on generating inline, and meet the same error there if it persists.
      if (failureLogged.compareAndSet(false, true)) {
        // The server tokenizer's errors are redacted where they are made; a cause from elsewhere is
        // masked here.
        LOG.warn(
            "gatling-llm: generating prompts in the background failed: {}",
            Redactor.credentialsIn(e.toString()));
      }
      refilling.set(false);
      return;
    }
    refilling.set(false);
    // A user may have taken prompts after the loop's last check and before the flag was cleared.
    refillIfLow();
  }

  private Map<String, Object> generate() {
    synchronized (generator) {
      return PromptRecords.of(generator.next());
    }
  }
}
