package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.properties.LlmProperties;
import dev.gatlingllm.secrets.Redactor;
import java.util.Properties;

/**
 * Typed reads of {@code llm.*} system properties that name the property and its value in every
 * error, the value shown without its secrets ({@link Redactor#setting}).
 */
public final class Settings {
  private final Properties properties;

  private Settings(Properties properties) {
    this.properties = properties;
  }

  /**
   * The system properties, once every {@code llm.*} name among them is known ({@link
   * LlmProperties}).
   */
  public static Settings fromSystemProperties() {
    LlmProperties.rejectUnknown(System.getProperties());
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

  /**
   * One of {@code allowed} (e.g. a form's name), or {@code defaultValue} when unset; anything else
   * fails the run before it starts, naming the choices.
   */
  public String oneOf(String name, String defaultValue, java.util.List<String> allowed) {
    String value = text(name, defaultValue);
    if (!allowed.contains(value)) {
      throw new UserError(
          name
              + " must be "
              + String.join(", ", allowed)
              + ", was '"
              + Redactor.setting(value)
              + "'");
    }
    return value;
  }

  /** An integer of any sign (e.g. a seed), or the default when unset. */
  public long integer(String name, long defaultValue) {
    String value = text(name, null);
    if (value == null) {
      return defaultValue;
    }
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new UserError(name + " must be an integer, was '" + Redactor.setting(value) + "'");
    }
  }

  public int nonNegativeInt(String name, int defaultValue) {
    String value = text(name, null);
    if (value == null) {
      return defaultValue;
    }
    try {
      int parsed = Integer.parseInt(value);
      if (parsed >= 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below with the property's name
    }
    throw new UserError(name + " must be an integer >= 0, was '" + Redactor.setting(value) + "'");
  }

  /** A number in [min, max), or the default when unset. */
  public double number(String name, double defaultValue, double min, double max) {
    String value = text(name, null);
    if (value == null) {
      return defaultValue;
    }
    try {
      double parsed = Double.parseDouble(value);
      if (parsed >= min && parsed < max) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below with the property's name
    }
    throw new UserError(
        name
            + " must be a number in ["
            + min
            + ", "
            + max
            + "), was '"
            + Redactor.setting(value)
            + "'");
  }

  /** An optional positive number (e.g. an SLO in ms), null when unset. */
  public Double optionalPositive(String name) {
    String value = text(name, null);
    if (value == null) {
      return null;
    }
    return number(name, 0, Double.MIN_VALUE, Double.MAX_VALUE);
  }

  /** A positive number, {@code defaultValue} when unset, or null when set to {@code none}. */
  public Double optionalPositive(String name, Double defaultValue) {
    String value = text(name, null);
    if (value == null) {
      return defaultValue;
    }
    if (value.trim().equalsIgnoreCase("none")) {
      return null;
    }
    return number(name, 0, Double.MIN_VALUE, Double.MAX_VALUE);
  }

  /**
   * An SLO in milliseconds, as {@code llm()} reads it ({@link LlmProperties#sloMillis}): {@code
   * defaultMs} when unset, null when set to {@code none}.
   */
  public Double sloMillis(String name, Double defaultMs) {
    return LlmProperties.sloMillis(properties, name, defaultMs);
  }

  /** A comma-separated list of positive integers, e.g. {@code 1,4,16}. */
  public java.util.List<Integer> positiveInts(String name, java.util.List<Integer> defaultValue) {
    return positiveInts(name, defaultValue, Integer.MAX_VALUE);
  }

  /**
   * A comma-separated list of positive integers at most {@code max} each: a bound checked before
   * anything is sized by them.
   */
  public java.util.List<Integer> positiveInts(
      String name, java.util.List<Integer> defaultValue, int max) {
    java.util.List<Integer> out = unboundedPositiveInts(name, defaultValue);
    for (int each : out) {
      if (each > max) {
        throw new UserError(name + " must be at most " + max + " each, was " + each);
      }
    }
    return out;
  }

  private java.util.List<Integer> unboundedPositiveInts(
      String name, java.util.List<Integer> defaultValue) {
    String value = text(name, null);
    if (value == null) {
      return defaultValue;
    }
    java.util.List<Integer> out = new java.util.ArrayList<>();
    for (String part : value.split(",")) {
      try {
        int parsed = Integer.parseInt(part.trim());
        if (parsed > 0) {
          out.add(parsed);
          continue;
        }
      } catch (NumberFormatException e) {
        // reported below with the property's name
      }
      throw new UserError(
          name
              + " must be a comma-separated list of positive integers such as "
              + "1,4,16, was '"
              + Redactor.setting(value)
              + "'");
    }
    return java.util.List.copyOf(out);
  }

  /** A comma-separated list of positive numbers, e.g. {@code 0.5,2,8}. */
  public java.util.List<Double> positiveNumbers(String name, java.util.List<Double> defaultValue) {
    String value = text(name, null);
    if (value == null) {
      return defaultValue;
    }
    java.util.List<Double> out = new java.util.ArrayList<>();
    for (String part : value.split(",")) {
      try {
        double parsed = Double.parseDouble(part.trim());
        if (parsed > 0 && !Double.isInfinite(parsed)) {
          out.add(parsed);
          continue;
        }
      } catch (NumberFormatException e) {
        // reported below with the property's name
      }
      throw new UserError(
          name
              + " must be a comma-separated list of positive numbers such as "
              + "1,2.5,8, was '"
              + Redactor.setting(value)
              + "'");
    }
    return java.util.List.copyOf(out);
  }

  /** A positive duration in seconds (decimals allowed), or the default when unset. */
  public java.time.Duration seconds(String name, java.time.Duration defaultValue) {
    return seconds(name, defaultValue, 0.001, 1e9);
  }

  /**
   * A duration in seconds (decimals allowed) in {@code [minSeconds, maxSeconds)}, or the default
   * when unset.
   */
  public java.time.Duration seconds(
      String name, java.time.Duration defaultValue, double minSeconds, double maxSeconds) {
    String value = text(name, null);
    if (value == null) {
      return defaultValue;
    }
    double parsed = number(name, 0, minSeconds, maxSeconds);
    return java.time.Duration.ofMillis(Math.round(parsed * 1000));
  }

  public boolean flag(String name, boolean defaultValue) {
    Boolean value = LlmProperties.flag(properties, name);
    return value == null ? defaultValue : value;
  }

  /**
   * A positive integer at most {@code max}: a bound checked before anything is sized by it (a
   * prompt of 2,000,000,000 tokens would exhaust the heap before any message).
   */
  public int positiveInt(String name, int defaultValue, int max) {
    int value = positiveInt(name, defaultValue);
    if (value > max) {
      throw new UserError(name + " must be at most " + max + ", was " + value);
    }
    return value;
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
    throw new UserError(
        name + " must be a positive integer, was '" + Redactor.setting(value) + "'");
  }
}
