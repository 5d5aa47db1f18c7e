package dev.gatlingllm.simulator;

import dev.gatlingllm.bounds.BoundedText;
import dev.gatlingllm.logging.UserError;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;

/**
 * A file of {@code sim.*} settings (Java properties format), such as the twin a fit of a real
 * server's run writes: every key must name a setting, so that a mistyped one cannot leave a default
 * in place without a word. It is read within a bound (a profile is a few lines; a gigabyte named by
 * mistake is refused, not loaded), and every failure is one line naming the file.
 */
public final class SimulatorProfile {
  /** Far beyond any profile (a twin's is about 2 KB); what is read of the file at most. */
  static final long MAX_BYTES = 1 << 20;

  private SimulatorProfile() {}

  /**
   * The settings the file holds, by setting.
   *
   * @throws UserError in one line: a missing, unreadable or oversized file, a key that names no
   *     setting, or a profile naming another profile
   */
  public static Map<SimulatorSetting, String> read(Path file) {
    Properties properties = new Properties();
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = BoundedText.readAll(in, "simulator profile " + file, MAX_BYTES);
    } catch (IOException e) {
      throw new UserError("simulator profile " + file + " cannot be read: " + e.getMessage());
    }
    try (Reader reader =
        new InputStreamReader(
            new ByteArrayInputStream(bytes),
            StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT))) {
      properties.load(reader);
    } catch (IOException e) {
      throw new UserError(
          "simulator profile " + file + " is not UTF-8 text: " + UserError.firstLine(e));
    } catch (IllegalArgumentException e) {
      // Properties.load's own refusal of a broken escape such as \\u12: it names no file.
      throw new UserError(
          "simulator profile " + file + " is not a properties file: " + UserError.firstLine(e));
    }
    Map<String, SimulatorSetting> byProperty = new java.util.HashMap<>();
    for (SimulatorSetting setting : SimulatorSetting.values()) {
      byProperty.put(setting.propertyName(), setting);
    }
    Map<SimulatorSetting, String> values = new EnumMap<>(SimulatorSetting.class);
    for (String name : new java.util.TreeSet<>(properties.stringPropertyNames())) {
      SimulatorSetting setting = byProperty.get(name);
      if (setting == null) {
        throw new UserError(
            "simulator profile " + file + ": " + name + " is no simulator setting (sim.<key>)");
      }
      if (setting == SimulatorSetting.PROFILE) {
        throw new UserError(
            "simulator profile " + file + " names another profile: one file holds the settings");
      }
      values.put(setting, properties.getProperty(name).trim());
    }
    return values;
  }
}
