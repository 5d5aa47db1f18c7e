package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.bounds.Bound;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.properties.LlmProperties;
import dev.gatlingllm.properties.PropertyBounds;
import dev.gatlingllm.secrets.Redactor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.BiFunction;

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
  public String oneOf(String name, String defaultValue, List<String> allowed) {
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

  // Every number below is read through its property's one bound (PropertyBounds, the table in
  // docs/running.md): finite, within the stated range, the property named in the refusal.

  /** A whole number within the property's bound (e.g. a seed), or the default when unset. */
  public long integer(String name, long defaultValue) {
    String value = text(name, null);
    return value == null ? defaultValue : PropertyBounds.of(name).readLong(name, value);
  }

  /** A whole number within the property's bound (an int's range), or the default when unset. */
  public int wholeNumber(String name, int defaultValue) {
    String value = text(name, null);
    return value == null ? defaultValue : PropertyBounds.of(name).readInt(name, value);
  }

  /** A number within the property's bound, or the default when unset. */
  public double number(String name, double defaultValue) {
    String value = text(name, null);
    return value == null ? defaultValue : PropertyBounds.of(name).readDouble(name, value);
  }

  /**
   * An SLO in milliseconds, as {@code llm()} reads it ({@link LlmProperties#sloMillis}): {@code
   * defaultMs} when unset, null when set to {@code none}.
   */
  public Double sloMillis(String name, Double defaultMs) {
    return LlmProperties.sloMillis(properties, name, defaultMs);
  }

  /** An optional number within the property's bound (e.g. an SLO in ms), null when unset. */
  public Double optionalNumber(String name) {
    return optionalNumber(name, null);
  }

  /**
   * A number within the property's bound, {@code defaultValue} when unset, null for {@code none}.
   */
  public Double optionalNumber(String name, Double defaultValue) {
    String value = text(name, null);
    if (value == null) {
      return defaultValue;
    }
    if (value.equalsIgnoreCase("none")) {
      return null;
    }
    return PropertyBounds.of(name).readDouble(name, value);
  }

  /**
   * A comma-separated list of whole numbers within the property's bound each, e.g. {@code 1,4,16}.
   */
  public List<Integer> wholeNumbers(String name, List<Integer> defaultValue) {
    return list(name, defaultValue, "1,4,16", (bound, part) -> bound.readInt(name, part));
  }

  /** A comma-separated list of numbers within the property's bound each, e.g. {@code 0.5,2,8}. */
  public List<Double> numbers(String name, List<Double> defaultValue) {
    return list(name, defaultValue, "0.5,2,8", (bound, part) -> bound.readDouble(name, part));
  }

  private <T> List<T> list(
      String name, List<T> defaultValue, String example, BiFunction<Bound, String, T> entry) {
    String value = text(name, null);
    if (value == null) {
      return defaultValue;
    }
    Bound bound = PropertyBounds.of(name);
    String[] parts = value.split(",", PropertyBounds.MAX_LIST_ENTRIES + 1);
    if (parts.length > PropertyBounds.MAX_LIST_ENTRIES) {
      throw new UserError(
          name + " must list at most " + PropertyBounds.MAX_LIST_ENTRIES + " values");
    }
    List<T> out = new ArrayList<>(parts.length);
    for (String part : parts) {
      try {
        out.add(entry.apply(bound, part));
      } catch (UserError e) {
        throw new UserError(
            name
                + " must be a comma-separated list such as "
                + example
                + ", each "
                + bound.describe()
                + ", was '"
                + Redactor.setting(value.length() > 80 ? value.substring(0, 80) + "..." : value)
                + "'");
      }
    }
    return List.copyOf(out);
  }

  /** A duration in seconds (decimals allowed) within the property's bound, or the default. */
  public Duration seconds(String name, Duration defaultValue) {
    String value = text(name, null);
    if (value == null) {
      return defaultValue;
    }
    return Duration.ofMillis(Math.round(number(name, 0) * 1000));
  }

  public boolean flag(String name, boolean defaultValue) {
    Boolean value = LlmProperties.flag(properties, name);
    return value == null ? defaultValue : value;
  }
}
