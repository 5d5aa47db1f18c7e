package dev.gatlingllm.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class LlmPropertiesTest {
  private static final Path RUNNING_GUIDE = Path.of("docs", "running.md");

  @Test
  void anUnknownPropertyFailsWithTheNearestKnownName() {
    Properties properties = new Properties();
    properties.setProperty("llm.levels", "1,4");
    properties.setProperty("llm.modle", "x");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> LlmProperties.rejectUnknown(properties));
    assertEquals("unknown property llm.modle; did you mean llm.model?", e.getMessage());

    properties.remove("llm.modle");
    properties.setProperty("llm.slo.ttftms", "300");
    e = assertThrows(IllegalArgumentException.class, () -> LlmProperties.rejectUnknown(properties));
    assertEquals("unknown property llm.slo.ttftms; did you mean llm.slo.ttftMs?", e.getMessage());

    properties.remove("llm.slo.ttftms");
    properties.setProperty("sim.model", "other prefixes are not ours");
    LlmProperties.rejectUnknown(properties);
  }

  /**
   * A word without the project's qualifier names the property holding it (llm.url is 3 edits from
   * llm.turns, the nearest by edits alone); a slip of two characters still names the name it
   * slipped from, even where a longer name holds the word (llm.level: llm.levels, not
   * llm.levelDuration).
   */
  @Test
  void theHintPrefersTheNameHoldingTheWordTypedOverAnotherWordFewEditsAway() {
    assertEquals("llm.baseUrl", LlmProperties.nearest("llm.url"));
    assertEquals("llm.apiKey", LlmProperties.nearest("llm.key"));
    assertEquals("llm.timeoutSeconds", LlmProperties.nearest("llm.timeout"), "fewest words");
    assertEquals("llm.slo.ttftMs", LlmProperties.nearest("llm.ttft.slo"), "dotted parts too");
    assertEquals("llm.levels", LlmProperties.nearest("llm.level"));
    assertEquals("llm.model", LlmProperties.nearest("llm.modle"));
    assertEquals(3, LlmProperties.editDistance("llm.url", "llm.turns"));
    assertEquals(java.util.Set.of("base", "url"), LlmProperties.words("llm.baseUrl"));
    assertEquals(java.util.Set.of("slo", "ttft", "ms"), LlmProperties.words("llm.slo.ttftMs"));
  }

  @Test
  void theOwnSimulationsProtocolTakesTheRunWideSwitchesAndRefusesTypos() {
    try {
      System.setProperty("llm.tokenRecords", "true");
      System.setProperty("llm.detailedResults", "true");
      assertTrue(LlmProtocol.of(LlmDsl.llm()).tokenRecords());
      assertTrue(LlmProtocol.of(LlmDsl.llm()).detailedResults());
      assertEquals(
          false,
          LlmProtocol.of(LlmDsl.llm().tokenRecords(false)).tokenRecords(),
          "the DSL's own call wins");
      System.setProperty("llm.tokenRecrods", "true");
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, LlmDsl::llm);
      assertEquals(
          "unknown property llm.tokenRecrods; did you mean llm.tokenRecords?", e.getMessage());
    } finally {
      System.clearProperty("llm.tokenRecords");
      System.clearProperty("llm.detailedResults");
      System.clearProperty("llm.tokenRecrods");
    }
  }

  @Test
  void theRunningGuideTablesEveryKnownPropertyAndNoOther() throws IOException {
    Set<String> tabled = new TreeSet<>();
    for (String line : Files.readAllLines(RUNNING_GUIDE)) {
      String[] cells = line.split("\\|");
      if (line.startsWith("|") && cells.length > 1) {
        tabled.addAll(propertiesNamedIn(cells[1]));
      }
    }
    assertEquals(
        known(),
        tabled,
        "the first column of docs/running.md's tables and LlmProperties name the same llm.* properties");
    assertEquals(
        known(),
        propertiesNamedIn(Files.readString(RUNNING_GUIDE)),
        "docs/running.md names no llm.* property beyond its tables' and LlmProperties'");
  }

  @Test
  void theReadmeAndTheDocsNameNoUnknownProperty() throws IOException {
    List<Path> documents = new ArrayList<>(List.of(Path.of("README.md")));
    try (Stream<Path> docs = Files.list(Path.of("docs"))) {
      docs.filter(f -> f.toString().endsWith(".md")).sorted().forEach(documents::add);
    }
    for (Path document : documents) {
      Set<String> unknown = propertiesNamedIn(Files.readString(document));
      unknown.removeAll(known());
      assertEquals(
          Set.of(), unknown, document + " names llm.* properties LlmProperties does not know");
    }
  }

  @Test
  void propertyNamesAreFoundWhereTheyAreKeysAndNowhereElse() {
    assertEquals(
        Set.of("llm.model", "llm.levels", "llm.slo.ttftMs", "llm.baseUrl"),
        propertiesNamedIn("| `llm.model`, -Dllm.levels=1,4 (llm.slo.ttftMs) <llm.baseUrl>"));
    assertEquals(
        Set.of(),
        propertiesNamedIn(
            "dev.gatlingllm.dsl, #{llm.content}, https://docs.vllm.ai/, `llm.assert.*`, llm/index.html"));
    assertEquals(Set.of("llm.levels"), propertiesNamedIn("ends a sentence with llm.levels."));
  }

  @Test
  void everyPropertyTheCodeReadsIsKnown() throws IOException {
    Set<String> read = new TreeSet<>();
    Pattern literal = Pattern.compile("\"(llm\\.[A-Za-z0-9.]+)\"");
    for (Path root : List.of(Path.of("src", "main", "java"), Path.of("simulations"))) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
          Matcher m = literal.matcher(Files.readString(file));
          while (m.find()) {
            read.add(m.group(1));
          }
        }
      }
    }
    read.removeAll(LlmProperties.known().keySet());
    assertEquals(Set.of(), read, "llm.* properties read but not in LlmProperties");
  }

  /**
   * The llm.* keys a text names: package names, EL, URLs and wildcards such as llm.assert.* are no
   * keys.
   */
  private static Set<String> propertiesNamedIn(String text) {
    Set<String> names = new TreeSet<>();
    Matcher m = Pattern.compile("llm\\.[A-Za-z0-9.]+").matcher(text);
    while (m.find()) {
      String name = m.group().replaceAll("\\.+$", "");
      char before = m.start() == 0 ? ' ' : text.charAt(m.start() - 1);
      boolean wildcard = m.end() < text.length() && text.charAt(m.end()) == '*';
      boolean key =
          " `<(-".indexOf(before) >= 0 || (before == 'D' && text.charAt(m.start() - 2) == '-');
      if (key && !wildcard) {
        names.add(name);
      }
    }
    return names;
  }

  private static Set<String> known() {
    return new TreeSet<>(LlmProperties.known().keySet());
  }
}
