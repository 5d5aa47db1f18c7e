package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.properties.PropertyBounds;
import dev.gatlingllm.secrets.Redactor;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * This JVM's part of a run shared by several injectors: {@code llm.injector.index} (0-based) of
 * {@code llm.injector.count}, and {@code llm.injector.startAt} (epoch milliseconds or an ISO
 * instant such as {@code 2026-12-01T10:00:00Z}), when every injector starts its first level. Each
 * level's streams, requests and arrival rate are split so that the injectors together run what was
 * planned: 10 streams over 3 injectors are 4, 3 and 3. Prompts are seeded per injector, so that
 * they differ while following the same distribution.
 *
 * @param index this injector's number, 0 to count - 1
 * @param count how many injectors share the run (1: this JVM alone)
 * @param startAtEpochMillis when the first level starts on every injector, or -1 to start at once
 */
public record InjectorSettings(int index, int count, long startAtEpochMillis) {
  public static final InjectorSettings ALONE = new InjectorSettings(0, 1, -1);

  public InjectorSettings {
    if (count < 1) {
      throw new UserError("llm.injector.count must be at least 1, was " + count);
    }
    if (index < 0 || index >= count) {
      throw new UserError(
          "llm.injector.index must be in [0, "
              + (count - 1)
              + "] (llm.injector.count is "
              + count
              + "), was "
              + index);
    }
  }

  static InjectorSettings read(Settings s) {
    int count = s.wholeNumber("llm.injector.count", 1);
    int index = s.wholeNumber("llm.injector.index", 0);
    String startAt = s.text("llm.injector.startAt", null);
    return new InjectorSettings(index, count, startAt == null ? -1 : epochMillis(startAt));
  }

  private static long epochMillis(String value) {
    if (value.chars().allMatch(Character::isDigit)) {
      return PropertyBounds.of("llm.injector.startAt").readLong("llm.injector.startAt", value);
    }
    try {
      return Instant.parse(value).toEpochMilli();
    } catch (DateTimeParseException e) {
      throw new UserError(
          "llm.injector.startAt must be epoch milliseconds or an ISO instant such as "
              + "2026-12-01T10:00:00Z, was '"
              + Redactor.setting(value)
              + "'");
    }
  }

  public boolean shared() {
    return count > 1;
  }

  /** This injector's share of {@code total}: the remainder goes one each to the first injectors. */
  public int share(int total) {
    return total / count + (index < total % count ? 1 : 0);
  }

  /**
   * This injector's share of every level's streams; each level needs at least one stream per
   * injector.
   */
  public List<Integer> shareOfLevels(List<Integer> levels) {
    List<Integer> shares = new ArrayList<>(levels.size());
    for (int level : levels) {
      if (level < count) {
        throw new UserError(
            "a level of "
                + level
                + " streams cannot be split over "
                + count
                + " injectors (llm.injector.count): every injector needs one stream at least");
      }
      shares.add(share(level));
    }
    return List.copyOf(shares);
  }

  /** This injector's share of every arrival rate: an equal part, so that the rates add up. */
  public List<Double> shareOfRates(List<Double> rates) {
    return rates.stream().map(rate -> rate / count).toList();
  }

  /**
   * The prompt seed of this injector: the run's seed for the first, a different one for each other.
   */
  public long seed(long runSeed) {
    return runSeed + 1_000_003L * index;
  }

  /** A label for the report's metadata, e.g. {@code 2 of 3}. */
  public String label() {
    return (index + 1) + " of " + count;
  }
}
