package dev.gatlingllm.dsl.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The search's decisions against servers whose capacity is known: a level passes when its
 * concurrency <= it.
 */
class CapacityBisectionTest {
  private static final List<Integer> DOUBLING = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256);

  /** Runs the search to its end; returns the concurrency of every level it ran, in run order. */
  private static List<Integer> run(CapacityBisection search, int capacity) {
    List<Integer> ran = new ArrayList<>();
    for (int next = search.next(); next > 0; next = search.next()) {
      ran.add(next);
      search.verdict(next <= capacity);
    }
    return ran;
  }

  @Test
  void coarseLevelsThenMidpointsUntilTheGapIsTheResolution() {
    CapacityBisection search = new CapacityBisection(List.of(1, 2, 4, 8, 16, 32), 1);
    // 16 fails: between 8 and 16, 12 fails, 10 and 11 pass; 12 - 11 = 1.
    assertEquals(List.of(1, 2, 4, 8, 16, 12, 10, 11), run(search, 11));
    assertEquals(11, search.lastPass());
    assertEquals(12, search.firstFail());
    assertEquals(1, search.resolution());
    assertEquals(0, search.next(), "over: every later level is skipped");
  }

  @Test
  void theDefaultResolutionIsTenPercentOfTheLastPassRoundedDown() {
    CapacityBisection search = new CapacityBisection(DOUBLING, 0);
    // 64 passes, 128 fails; 96 passes (10 % of 96 = 9), 112 fails, 104 fails: 104 - 96 = 8 <= 9.
    assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128, 96, 112, 104), run(search, 100));
    assertEquals(96, search.lastPass());
    assertEquals(104, search.firstFail());
    assertEquals(9, search.resolution());
    assertEquals(1, new CapacityBisection(DOUBLING, 0).resolutionAt(9), "never below one stream");
  }

  @Test
  void everyLevelPassingLeavesNothingToBisect() {
    CapacityBisection search = new CapacityBisection(List.of(1, 4, 16), 1);
    assertEquals(List.of(1, 4, 16), run(search, 1000));
    assertEquals(16, search.lastPass());
    assertEquals(0, search.firstFail(), "no level failed");
  }

  @Test
  void aFailingFirstLevelIsBisectedDownToOneStream() {
    CapacityBisection fromFour = new CapacityBisection(List.of(4, 8), 1);
    assertEquals(List.of(4, 2, 3), run(fromFour, 3));
    assertEquals(3, fromFour.lastPass());
    assertEquals(4, fromFour.firstFail());

    CapacityBisection fromOne = new CapacityBisection(List.of(1, 2), 1);
    assertEquals(List.of(1), run(fromOne, 0));
    assertEquals(0, fromOne.lastPass(), "no level passed");
    assertEquals(1, fromOne.firstFail());
  }

  @Test
  void theLevelsPlannedAheadAlwaysSufficeAndTheBoundaryIsWithinTheResolution() {
    for (int resolution : new int[] {0, 1, 3, 10}) {
      int planned = CapacityBisection.levelsAtMost(DOUBLING, resolution);
      for (int capacity = 0; capacity <= 300; capacity++) {
        CapacityBisection search = new CapacityBisection(DOUBLING, resolution);
        List<Integer> ran = run(search, capacity);
        String what = "capacity " + capacity + ", resolution " + resolution + ": " + ran;
        assertTrue(
            ran.size() <= planned, what + " ran more than the " + planned + " levels planned");
        assertTrue(search.lastPass() <= capacity, what);
        if (search.firstFail() > 0) {
          assertTrue(capacity < search.firstFail(), what);
          assertTrue(search.firstFail() - search.lastPass() <= search.resolution(), what);
        }
      }
    }
    assertEquals(
        9 + 4,
        CapacityBisection.levelsAtMost(DOUBLING, 0),
        "128 -> 256 at 12 streams: 4 midpoints");
  }

  @Test
  void badInputsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new CapacityBisection(List.of(), 1));
    assertThrows(IllegalArgumentException.class, () -> new CapacityBisection(List.of(4, 2), 1));
    assertThrows(IllegalArgumentException.class, () -> new CapacityBisection(List.of(1, 2), -1));
  }
}
