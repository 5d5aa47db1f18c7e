package dev.gatlingllm.simulator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The engine of embeddings and rerank requests ({@link PoolingModel}): dynamic batching as TEI and
 * vLLM's pooling runners do it. One thread of its own, apart from the generation engine, so that a
 * mixed load shares nothing but the connections; every answer is written back by its connection's
 * event loop.
 */
final class PoolingEngine implements AutoCloseable {
  /** One request waiting for a batch: its input tokens and what answers it. */
  record Job(long tokens, Runnable answer) {}

  private final PoolingModel model;
  private final ScheduledExecutorService thread =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "sim-pooling");
            t.setDaemon(true);
            return t;
          });
  private final ArrayDeque<Job> waiting = new ArrayDeque<>();
  private boolean running;

  PoolingEngine(PoolingModel model) {
    this.model = model;
  }

  /** Queues a request; it is answered at the end of the batch that takes it. */
  void submit(Job job) {
    thread.execute(
        () -> {
          waiting.add(job);
          if (!running) {
            startBatch();
          }
        });
  }

  /**
   * Runs {@code answer} on the engine's thread at {@code atNanos} ({@link System#nanoTime}),
   * outside any batch and without holding the engine: a fixed timing bypasses the model, as it does
   * for generation.
   */
  void answerAt(long atNanos, Runnable answer) {
    thread.schedule(answer, Math.max(0, atNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
  }

  /** On the engine's thread: takes the waiting requests up to the token bound and runs them. */
  private void startBatch() {
    List<Job> batch = new ArrayList<>();
    long tokens = 0;
    while (!waiting.isEmpty()
        && (batch.isEmpty() || tokens + waiting.peek().tokens() <= model.maxBatchTokens())) {
      Job job = waiting.poll();
      batch.add(job);
      tokens += job.tokens();
    }
    if (batch.isEmpty()) {
      return;
    }
    running = true;
    thread.schedule(() -> endBatch(batch), model.batchNanos(tokens), TimeUnit.NANOSECONDS);
  }

  private void endBatch(List<Job> batch) {
    running = false;
    for (Job job : batch) {
      job.answer().run();
    }
    startBatch();
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }
}
