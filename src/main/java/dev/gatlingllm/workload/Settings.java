package dev.gatlingllm.workload;

import java.util.Properties;

/** Typed reads of {@code llm.*} system properties that name the property in every error. */
public final class Settings {
  private final Properties properties;

  private Settings(Properties properties) {
    this.properties = properties;
  }

  public static Settings fromSystemProperties() {
    return new Settings(System.getProperties());
  }

  public static Settings of(Properties properties) {
    return new Settings(properties);
  }

  /** The trimmed value, or {@code defaultValue} when unset or blank. */
  public String text(String name, String defaultValue) {
    String value = properties.getProperty(name);
    return value == null || value.isBlank() ? defaultValue : value.trim();
  }

  public int positiveInt(String name, int defaultValue) {
    String value = text(name, null);
    if (value == null) {
      return defaultValue;
    }
    try {
      int parsed = Integer.parseInt(value);
      if (parsed > 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below with the property's name
    }
    throw new IllegalArgumentException(name + " must be a positive integer, was '" + value + "'");
  }
}
