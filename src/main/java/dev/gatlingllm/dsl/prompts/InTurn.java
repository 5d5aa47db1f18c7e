package dev.gatlingllm.dsl.prompts;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** An endless feeder of records prepared before the load, fed in turn. Thread-safe. */
final class InTurn {
  private InTurn() {}

  static Iterator<Map<String, Object>> feeder(List<Map<String, Object>> records) {
    List<Map<String, Object>> all = List.copyOf(records);
    AtomicLong next = new AtomicLong();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return true;
      }

      @Override
      public Map<String, Object> next() {
        return all.get((int) Math.floorMod(next.getAndIncrement(), (long) all.size()));
      }
    };
  }
}
