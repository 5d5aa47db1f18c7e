package dev.gatlingllm.simulator;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;

/**
 * A file of {@code sim.*} settings (Java properties format), such as the twin a fit of a real
 * server's run writes: every key must name a setting, so that a mistyped one cannot leave a default
 * in place without a word. Plain Java, no other package of the project.
 */
public final class SimulatorProfile {
  private SimulatorProfile() {}

  /**
   * The settings the file holds, by setting.
   *
   * @throws IllegalArgumentException in one line: a missing or unreadable file, a key that names no
   *     setting, or a profile naming another profile
   */
  public static Map<SimulatorSetting, String> read(Path file) {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "simulator profile " + file + " cannot be read: " + e.getMessage());
    }
    Map<String, SimulatorSetting> byProperty = new java.util.HashMap<>();
    for (SimulatorSetting setting : SimulatorSetting.values()) {
      byProperty.put(setting.propertyName(), setting);
    }
    Map<SimulatorSetting, String> values = new EnumMap<>(SimulatorSetting.class);
    for (String name : new java.util.TreeSet<>(properties.stringPropertyNames())) {
      SimulatorSetting setting = byProperty.get(name);
      if (setting == null) {
        throw new IllegalArgumentException(
            "simulator profile " + file + ": " + name + " is no simulator setting (sim.<key>)");
      }
      if (setting == SimulatorSetting.PROFILE) {
        throw new IllegalArgumentException(
            "simulator profile " + file + " names another profile: one file holds the settings");
      }
      values.put(setting, properties.getProperty(name).trim());
    }
    return values;
  }
}
