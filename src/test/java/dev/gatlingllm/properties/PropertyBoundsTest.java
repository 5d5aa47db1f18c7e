package dev.gatlingllm.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.bounds.Bound;
import dev.gatlingllm.simulator.SettingBounds;
import dev.gatlingllm.simulator.SimulatorSetting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every property either holds no number or has its bound, and docs/running.md shows the bounds
 * exactly as the readers apply them.
 */
class PropertyBoundsTest {
  private static final Path RUNNING_GUIDE = Path.of("docs", "running.md");
  private static final String START =
      "<!-- bounds: generated from PropertyBounds and SettingBounds -->";
  private static final String END = "<!-- end of bounds -->";

  /** Fails for a property added to the registry without a bound (or a word that it holds none). */
  @Test
  void everyLlmPropertyHasABoundOrHoldsNoNumber() {
    Set<String> unsorted = new TreeSet<>();
    for (String name : LlmProperties.known().keySet()) {
      boolean bounded = PropertyBounds.all().containsKey(name);
      if (bounded == PropertyBounds.NOT_NUMBERS.contains(name)) {
        unsorted.add(name + (bounded ? " is bounded and said to hold no number" : " has no bound"));
      }
    }
    Set<String> stale = new TreeSet<>(PropertyBounds.all().keySet());
    stale.addAll(PropertyBounds.NOT_NUMBERS);
    stale.removeAll(LlmProperties.known().keySet());
    unsorted.addAll(stale.stream().map(name -> name + " is not a known property").toList());
    assertEquals(Set.of(), unsorted);
  }

  @Test
  void everySimulatorSettingHasABoundOrHoldsNoNumberAndItsDefaultIsWithin() {
    Set<String> wrong = new TreeSet<>();
    for (SimulatorSetting setting : SimulatorSetting.values()) {
      boolean bounded = SettingBounds.all().containsKey(setting.propertyName());
      if (bounded == SettingBounds.NOT_NUMBERS.contains(setting)) {
        wrong.add(setting.propertyName());
      } else if (bounded) {
        SettingBounds.of(setting).read(setting.propertyName(), setting.defaultValue());
      }
    }
    assertEquals(Set.of(), wrong);
  }

  @Test
  void aNumberReadWithoutABoundIsTheCodesMistake() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> PropertyBounds.of("llm.model"));
    assertEquals(
        "llm.model is read as a number but has no bound in PropertyBounds", e.getMessage());
  }

  @Test
  void theRunningGuideShowsEveryBound() throws IOException {
    String guide = Files.readString(RUNNING_GUIDE);
    int start = guide.indexOf(START);
    int end = guide.indexOf(END);
    assertTrue(start >= 0 && end > start, "docs/running.md holds the generated bounds table");
    Map<String, Bound> all = new LinkedHashMap<>(PropertyBounds.all());
    all.putAll(SettingBounds.all());
    assertEquals(
        PropertyBounds.markdownTable(all),
        guide.substring(start + START.length(), end).strip() + "\n",
        "regenerate the table between the markers of docs/running.md");
  }

  @Test
  void theTableSaysWhatTheReaderTakes() {
    Map<String, Bound> one = Map.of("llm.images.count", PropertyBounds.of("llm.images.count"));
    assertEquals(
        "| property | accepts | unit |\n|---|---|---|\n"
            + "| `llm.images.count` | whole number in `[0, 64]` | images per request |\n",
        PropertyBounds.markdownTable(one));
  }
}
