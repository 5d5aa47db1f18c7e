package dev.gatlingllm.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.dsl.LlmDsl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class LlmPropertiesTest {
  @Test
  void anUnknownPropertyFailsWithTheNearestKnownName() {
    Properties properties = new Properties();
    properties.setProperty("llm.levels", "1,4");
    properties.setProperty("llm.modle", "x");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LlmProperties.rejectUnknown(properties));
    assertEquals("unknown property llm.modle; did you mean llm.model?", e.getMessage());

    properties.remove("llm.modle");
    properties.setProperty("llm.slo.ttftms", "300");
    e = assertThrows(IllegalArgumentException.class, () -> LlmProperties.rejectUnknown(properties));
    assertEquals("unknown property llm.slo.ttftms; did you mean llm.slo.ttftMs?", e.getMessage());

    properties.remove("llm.slo.ttftms");
    properties.setProperty("sim.model", "other prefixes are not ours");
    LlmProperties.rejectUnknown(properties);
  }

  @Test
  void theOwnSimulationsProtocolTakesTheRunWideSwitchesAndRefusesTypos() {
    try {
      System.setProperty("llm.tokenRecords", "true");
      System.setProperty("llm.detailedResults", "true");
      assertTrue(LlmDsl.llm().protocol().tokenRecords());
      assertTrue(LlmDsl.llm().protocol().detailedResults());
      assertEquals(false, LlmDsl.llm().tokenRecords(false).protocol().tokenRecords(), "the DSL's own call wins");
      System.setProperty("llm.tokenRecrods", "true");
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, LlmDsl::llm);
      assertEquals("unknown property llm.tokenRecrods; did you mean llm.tokenRecords?", e.getMessage());
    } finally {
      System.clearProperty("llm.tokenRecords");
      System.clearProperty("llm.detailedResults");
      System.clearProperty("llm.tokenRecrods");
    }
  }

  @Test
  void theReadmeListsEveryKnownPropertyAndNoOther() throws IOException {
    String readme = Files.readString(Path.of("README.md"));
    Set<String> inReadme = new TreeSet<>();
    Matcher m = Pattern.compile("llm\\.[A-Za-z0-9.]+").matcher(readme);
    while (m.find()) {
      String name = m.group().replaceAll("\\.+$", "");
      char before = m.start() == 0 ? ' ' : readme.charAt(m.start() - 1);
      boolean wildcard = m.end() < readme.length() && readme.charAt(m.end()) == '*';
      // package names (dev.gatlingllm.x), EL (#{llm.content}), URLs (docs.vllm.ai) and llm.assert.* are not keys
      boolean key = " `<(-".indexOf(before) >= 0 || (before == 'D' && readme.charAt(m.start() - 2) == '-');
      if (key && !wildcard) {
        inReadme.add(name);
      }
    }
    Set<String> known = new TreeSet<>(LlmProperties.known().keySet());
    assertEquals(known, inReadme, "README.md and LlmProperties name the same llm.* properties");
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
}
