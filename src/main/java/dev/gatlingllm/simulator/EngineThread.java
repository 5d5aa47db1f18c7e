package dev.gatlingllm.simulator;

import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Drives {@link ContinuousBatchingEngine} in real time on one dedicated thread. Iterations are planned back to
 * back on the engine's own timeline (each starts at the previous one's planned end, so timing errors do not
 * accumulate); the thread sleeps until an iteration's end with {@code parkNanos} and spins the last
 * {@value #SPIN_NANOS} ns, then hands the tokens to the streams' event loops. It never touches a channel.
 */
final class EngineThread implements AutoCloseable {
  private static final long SPIN_NANOS = 150_000;
  /** Falling further behind than this (a GC pause, an overloaded box) restarts the timeline from now. */
  private static final long RESYNC_NANOS = 20_000_000;

  private record Arrival(long readyNanos, GenerationStream stream) {}

  private final ContinuousBatchingEngine engine;
  private final ConcurrentLinkedQueue<Arrival> inbox = new ConcurrentLinkedQueue<>();
  private final PriorityQueue<Arrival> delayed =
      new PriorityQueue<>((a, b) -> Long.compare(a.readyNanos, b.readyNanos));
  private final Thread thread;
  private volatile boolean running = true;

  EngineThread(CapacityModel model) {
    this.engine = new ContinuousBatchingEngine(model);
    this.thread = new Thread(this::loop, "sim-engine");
    this.thread.setDaemon(true);
    this.thread.setPriority(Thread.MAX_PRIORITY);
    this.thread.start();
  }

  /** Queues a stream; it reaches the engine's waiting queue at {@code readyNanos}. Any thread. */
  void submit(GenerationStream stream, long readyNanos) {
    inbox.add(new Arrival(readyNanos, stream));
    LockSupport.unpark(thread);
  }

  private void loop() {
    long iterationStart = System.nanoTime();
    boolean busy = false;
    while (running) {
      long now = System.nanoTime();
      if (!busy || now - iterationStart > RESYNC_NANOS) {
        iterationStart = Math.max(iterationStart, now);
      }
      drainInbox();
      while (!delayed.isEmpty() && delayed.peek().readyNanos <= iterationStart) {
        engine.submit(delayed.poll().stream);
      }
      long end = engine.beginIteration(iterationStart);
      if (end < 0) {
        busy = false;
        if (delayed.isEmpty()) {
          if (inbox.isEmpty()) LockSupport.parkNanos(this, 100_000_000L);
        } else {
          sleepUntil(delayed.peek().readyNanos, true);
        }
        iterationStart = System.nanoTime();
        continue;
      }
      busy = true;
      sleepUntil(end, false);
      engine.completeIteration(end, (request, time, last) -> ((GenerationStream) request).publish(time));
      iterationStart = end;
    }
  }

  private void drainInbox() {
    Arrival arrival;
    while ((arrival = inbox.poll()) != null) {
      delayed.add(arrival);
    }
  }

  /** Sleeps until {@code deadline}; when {@code wakeOnArrival}, a new arrival may end the wait early. */
  private void sleepUntil(long deadline, boolean wakeOnArrival) {
    while (running) {
      long remaining = deadline - System.nanoTime();
      if (remaining <= 0) return;
      if (wakeOnArrival && !inbox.isEmpty()) return;
      if (remaining > SPIN_NANOS) {
        LockSupport.parkNanos(this, remaining - SPIN_NANOS);
      } else {
        Thread.onSpinWait();
      }
    }
  }

  @Override
  public void close() {
    running = false;
    LockSupport.unpark(thread);
    try {
      thread.join(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
