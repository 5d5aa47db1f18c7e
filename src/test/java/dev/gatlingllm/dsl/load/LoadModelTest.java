package dev.gatlingllm.dsl.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.simulator.LlmSimulator;
import io.gatling.app.Gatling$;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the load models for real (Gatling in-process, the simulator on loopback) and checks their
 * shape.
 */
class LoadModelTest {
  private static LlmSimulator simulator;
  @TempDir static Path results;

  @BeforeAll
  static void start() {
    simulator = LlmSimulator.builder().host("127.0.0.1").port(0).build().start();
    System.setProperty("test.baseUrl", "http://127.0.0.1:" + simulator.port());
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  private static int run(Map<String, String> properties) {
    LoadModelSimulation.PLACED.clear();
    properties.forEach(System::setProperty);
    return Gatling$.MODULE$.fromArgs(
        new String[] {
          "--simulation", LoadModelSimulation.class.getName(),
          "--results-folder", results.toString(),
          "--no-reports"
        });
  }

  /**
   * A level that lasts a duration keeps its c users for the whole level, each looping on its own
   * connection, rather than replacing a user (and opening a connection) after every request.
   */
  @Test
  void durationLevelsKeepTheirUsersForTheWholeLevel() {
    assertEquals(0, run(Map.of("test.model", "duration")));
    Map<Integer, List<LoadModelSimulation.Placed>> byLevel =
        LoadModelSimulation.PLACED.stream()
            .collect(Collectors.groupingBy(LoadModelSimulation.Placed::level));
    for (int level = 0; level < 2; level++) {
      List<LoadModelSimulation.Placed> requests = byLevel.get(level);
      long users =
          requests.stream().mapToLong(LoadModelSimulation.Placed::userId).distinct().count();
      assertEquals(
          level + 2, users, "level " + level + ": one user per stream, kept for the level");
      assertTrue(
          requests.size() >= 3 * users,
          "level " + level + ": each user looped, " + requests.size());
      assertTrue(requests.stream().allMatch(LoadModelSimulation.Placed::ok));
    }
  }

  @Test
  void concurrencyStepsRunTheirRequestsPerLevelWithoutOverlap() {
    assertEquals(0, run(Map.of("test.model", "steps")));
    List<LoadModelSimulation.Placed> placed = LoadModelSimulation.PLACED;
    Map<Integer, List<LoadModelSimulation.Placed>> byLevel =
        placed.stream().collect(Collectors.groupingBy(LoadModelSimulation.Placed::level));
    assertEquals(2, byLevel.get(-1).size(), "warm-up requests, outside every level");
    // 6 requests per level, rounded up to a multiple of the concurrency: 6, 6, 10.
    assertEquals(6, byLevel.get(0).size());
    assertEquals(6, byLevel.get(1).size());
    assertEquals(10, byLevel.get(2).size());
    assertTrue(placed.stream().allMatch(LoadModelSimulation.Placed::ok));
    // Levels follow each other: every request of a level ends before the next level's first one
    // starts.
    for (int level = -1; level < 2; level++) {
      long lastEnd =
          byLevel.get(level).stream()
              .mapToLong(LoadModelSimulation.Placed::endNanos)
              .max()
              .orElseThrow();
      long nextStart =
          byLevel.get(level + 1).stream()
              .mapToLong(LoadModelSimulation.Placed::startNanos)
              .min()
              .orElseThrow();
      assertTrue(lastEnd <= nextStart, "level " + level + " overlaps the next one");
    }
    // Within level 2 (5 streams) five requests are in flight together at its start.
    List<LoadModelSimulation.Placed> top =
        byLevel.get(2).stream()
            .sorted(Comparator.comparingLong(LoadModelSimulation.Placed::startNanos))
            .toList();
    assertTrue(top.get(4).startNanos() < top.get(0).endNanos(), "5 concurrent streams at level 2");
  }

  @Test
  void repeatedLevelsGetScenarioNamesOfTheirOwn() {
    assertEquals(
        List.of(
            "sweep 1 stream",
            "sweep 4 streams",
            "sweep 1 stream (2)",
            "sweep 4 streams (2)",
            "sweep 1 stream (3)",
            "sweep 16 streams"),
        ConcurrencySteps.levelNames("sweep", List.of(1, 4, 1, 4, 1, 16)));
    assertEquals(
        List.of("s 1000 streams", "s 1000 streams (2)"),
        ConcurrencySteps.levelNames("s", List.of(1000, 1000)));
  }

  @Test
  void aRunWithRepeatedLevelsRunsEachOfThem() {
    // Gatling refuses a simulation whose scenario names repeat: it throws before sending anything.
    assertEquals(0, run(Map.of("test.model", "repeated")));
    Map<Integer, Long> byLevel =
        LoadModelSimulation.PLACED.stream()
            .collect(
                Collectors.groupingBy(LoadModelSimulation.Placed::level, Collectors.counting()));
    assertEquals(Map.of(0, 2L, 1, 2L, 2, 2L, 3, 2L), byLevel, "2 requests in each of the 4 levels");
    assertTrue(LoadModelSimulation.PLACED.stream().allMatch(LoadModelSimulation.Placed::ok));
  }

  @Test
  void constantOpenRateHitsItsTargetWithinTwoPercent() {
    assertOpenRate(false);
  }

  @Test
  void poissonOpenRateHitsItsTargetWithinTwoPercent() {
    assertOpenRate(true);
  }

  private static void assertOpenRate(boolean poisson) {
    double rate = 40;
    long seconds = 5;
    assertEquals(
        0,
        run(
            Map.of(
                "test.model",
                "open",
                "test.rate",
                Double.toString(rate),
                "test.seconds",
                Long.toString(seconds),
                "test.poisson",
                Boolean.toString(poisson))));
    List<LoadModelSimulation.Placed> placed = LoadModelSimulation.PLACED;
    double expected = rate * seconds;
    assertEquals(
        expected,
        placed.size(),
        expected * 0.02,
        "arrivals over the run (poisson=" + poisson + ")");
    assertTrue(placed.stream().allMatch(p -> p.level() == 0));
  }
}
