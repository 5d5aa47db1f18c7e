package dev.gatlingllm.dsl.agents;

import static io.gatling.javaapi.core.CoreDsl.exec;

import dev.gatlingllm.gatling.action.InFlightSlots;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.ChainBuilder;

/**
 * A cap on requests in flight across every session (and every user) that shares it, as an agent
 * framework's pool of model calls bounds them: a user that finds every slot taken is parked, no
 * thread blocked, and goes on when a request ends and frees one, first come first served. The slot
 * is freed when the request ends, OK or KO alike.
 */
public final class InFlightCap {
  private final InFlightSlots slots;

  private InFlightCap(int max) {
    this.slots = new InFlightSlots(max);
  }

  /** A cap of {@code max} requests in flight, at least 1. */
  public static InFlightCap of(int max) {
    return new InFlightCap(max);
  }

  /** The most requests in flight. */
  public int max() {
    return slots.capacity();
  }

  /** {@code request} within the cap: a slot taken before it, freed after it. */
  public ChainBuilder around(ActionBuilder request) {
    ActionBuilder take = slots::acquireAction;
    ActionBuilder free = slots::releaseAction;
    return exec(take).exec(request).exec(free);
  }
}
