package dev.gatlingllm.simulator;

import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Drives {@link ContinuousBatchingEngine} in real time on one dedicated thread, planning ahead.
 *
 * <p>Iterations run back to back on the engine's own timeline (each starts at the previous one's
 * planned end, so timing errors do not accumulate). About {@value #PLANNING_LEAD_NANOS} ns before
 * an iteration starts, the thread wakes, admits the requests that are ready, computes the
 * iteration's end, publishes the tokens planned for that instant and arms one timer per event loop
 * to write them. So the precise moment belongs to the event loops' own timers alone: this thread
 * never spins and never competes with them for a CPU at the instant of a write, which matters on a
 * small shared machine. It never touches a channel.
 *
 * <p>The price: a request that becomes ready during the last {@value #PLANNING_LEAD_NANOS} ns
 * before an iteration joins the following one, as with a real engine whose scheduler runs before
 * each step.
 */
final class EngineThread implements AutoCloseable {
  static final long PLANNING_LEAD_NANOS = 1_000_000;

  /**
   * Falling further behind than this (a GC pause, an overloaded box) restarts the timeline from
   * now.
   */
  private static final long RESYNC_NANOS = 20_000_000;

  /** The write timer fires this much early and the event loop spins until the planned instant. */
  private static final long TIMER_EARLY_NANOS = 250_000;

  private record Arrival(long readyNanos, GenerationStream stream) {}

  private final ContinuousBatchingEngine engine;
  private final long idleStartNanos;
  private final ConcurrentLinkedQueue<Arrival> inbox = new ConcurrentLinkedQueue<>();
  private final PriorityQueue<Arrival> delayed =
      new PriorityQueue<>((a, b) -> Long.compare(a.readyNanos, b.readyNanos));
  private final ArrayList<GenerationStream> touched = new ArrayList<>();
  private final SimulatorMetrics metrics;
  private final ContinuousBatchingEngine.TokenSink sink = this::onToken;
  private final Thread thread;
  private volatile boolean running = true;

  EngineThread(CapacityModel model, SimulatorMetrics metrics) {
    this.engine = new ContinuousBatchingEngine(model);
    this.idleStartNanos = model.idleStartNanos();
    this.metrics = metrics;
    this.thread = new Thread(this::loop, "sim-engine");
    this.thread.setDaemon(true);
    this.thread.start();
  }

  private void onToken(EngineRequest request, long time, boolean last) {
    GenerationStream stream = (GenerationStream) request;
    stream.publish(time);
    metrics.token(request, time - stream.receivedNanos(), request.generated() == 1, last);
    touched.add(stream);
  }

  /** Queues a stream; it reaches the engine's waiting queue at {@code readyNanos}. Any thread. */
  void submit(GenerationStream stream, long readyNanos) {
    inbox.add(new Arrival(readyNanos, stream));
    LockSupport.unpark(thread);
  }

  private void loop() {
    long iterationStart = 0;
    boolean busy = false;
    while (running) {
      drainInbox();
      long now = System.nanoTime();
      if (busy) {
        if (now - iterationStart > RESYNC_NANOS) iterationStart = now;
      } else {
        if (delayed.isEmpty()) {
          LockSupport.parkNanos(this, 100_000_000L);
          continue;
        }
        // the request that wakes an idle engine starts its first pass idleStart later; those
        // arriving meanwhile join it
        long ready = delayed.peek().readyNanos + idleStartNanos;
        if (ready - now > PLANNING_LEAD_NANOS) {
          parkUntil(ready - PLANNING_LEAD_NANOS, true);
          continue;
        }
        iterationStart = Math.max(ready, now);
      }
      while (!delayed.isEmpty() && delayed.peek().readyNanos <= iterationStart) {
        engine.submit(delayed.poll().stream);
      }
      long end = engine.beginIteration(iterationStart);
      metrics.queue(engine.activeCount(), engine.waitingCount(), engine.kvInUse());
      if (end < 0) {
        busy = false;
        continue;
      }
      busy = true;
      engine.completeIteration(end, sink);
      metrics.queue(engine.activeCount(), engine.waitingCount(), engine.kvInUse());
      metrics.engineCounters(
          engine.preemptions(), engine.prefixCacheQueryTokens(), engine.prefixCacheHitTokens());
      scheduleWrites(end);
      long lead = Math.min(PLANNING_LEAD_NANOS, (end - iterationStart) / 2);
      parkUntil(end - lead, false);
      iterationStart = end;
    }
  }

  /** One timer per event loop for the iteration's end, draining the streams of that loop. */
  private void scheduleWrites(long endNanos) {
    IdentityHashMap<EventLoop, ArrayList<GenerationStream>> byLoop = new IdentityHashMap<>();
    for (GenerationStream stream : touched) {
      byLoop.computeIfAbsent(stream.eventLoop(), l -> new ArrayList<>()).add(stream);
    }
    touched.clear();
    long delay = Math.max(0, endNanos - TIMER_EARLY_NANOS - System.nanoTime());
    byLoop.forEach(
        (loop, streams) ->
            loop.schedule(
                () -> {
                  // a timer wake-up is tens to hundreds of microseconds late on a busy VM; wake
                  // early, spin the rest
                  while (System.nanoTime() < endNanos) {
                    Thread.onSpinWait();
                  }
                  for (int i = 0; i < streams.size(); i++) {
                    streams.get(i).drainDue();
                  }
                },
                delay,
                TimeUnit.NANOSECONDS));
  }

  private void drainInbox() {
    Arrival arrival;
    while ((arrival = inbox.poll()) != null) {
      delayed.add(arrival);
    }
  }

  /**
   * Parks until {@code deadline}; when {@code wakeOnArrival}, a new arrival ends the wait early.
   */
  private void parkUntil(long deadline, boolean wakeOnArrival) {
    while (running) {
      long remaining = deadline - System.nanoTime();
      if (remaining <= 0) return;
      if (wakeOnArrival && !inbox.isEmpty()) return;
      LockSupport.parkNanos(this, remaining);
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
