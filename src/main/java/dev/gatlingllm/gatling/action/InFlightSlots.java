package dev.gatlingllm.gatling.action;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.ArrayDeque;

/**
 * Slots for requests in flight, shared by every user of a cap: a user takes one before its request
 * and frees it after, OK or KO. A user that finds none free is parked in a queue, no thread
 * blocked, and resumed ({@code next ! session}, on its own event loop) by the user whose request
 * frees a slot, first come first served. The monitor is held for a few field updates only: never
 * while a user is resumed.
 */
public final class InFlightSlots {
  private final int capacity;
  private final ArrayDeque<Runnable> parked = new ArrayDeque<>();
  private int taken;

  public InFlightSlots(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("the cap must be at least 1, was " + capacity);
    }
    this.capacity = capacity;
  }

  public int capacity() {
    return capacity;
  }

  /** Slots taken now (for tests and logs). */
  public synchronized int taken() {
    return taken;
  }

  /** Runs {@code resume} now when a slot is free, else when one frees. */
  void acquire(Runnable resume) {
    synchronized (this) {
      if (taken >= capacity) {
        parked.add(resume);
        return;
      }
      taken++;
    }
    resume.run();
  }

  /** Frees a slot, or hands it to the first parked user. */
  void release() {
    Runnable next;
    synchronized (this) {
      next = parked.poll();
      if (next == null) {
        taken = Math.max(0, taken - 1);
      }
    }
    if (next != null) {
      next.run();
    }
  }

  /** The Gatling action that takes a slot, for {@code exec(..)}. */
  public io.gatling.core.action.builder.ActionBuilder acquireAction() {
    return PlainAction.builder((ctx, next) -> new SlotAction("take in-flight slot", next, true));
  }

  /** The Gatling action that frees the slot, for {@code exec(..)}. */
  public io.gatling.core.action.builder.ActionBuilder releaseAction() {
    return PlainAction.builder((ctx, next) -> new SlotAction("free in-flight slot", next, false));
  }

  private final class SlotAction extends PlainAction {
    private final String name;
    private final Action next;
    private final boolean take;

    SlotAction(String name, Action next, boolean take) {
      this.name = name;
      this.next = next;
      this.take = take;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public void execute(Session session) {
      if (take) {
        acquire(() -> next.$bang(session));
      } else {
        release();
        next.$bang(session);
      }
    }
  }
}
