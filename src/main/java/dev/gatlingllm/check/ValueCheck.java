package dev.gatlingllm.check;

import java.util.Objects;
import java.util.function.Function;

/**
 * A check that finds one value in a request's answer (a JSON path in the answer, a regex group, a
 * tool call's name or argument) and passes when it is found and, with {@link #is}, equal to the
 * expected text; with {@link #saveAs} the value is saved in the virtual user's session when the
 * request ends OK, as Gatling's own {@code .saveAs(key)} does. Immutable: each call returns a new
 * check.
 */
public final class ValueCheck implements AnswerCheck {
  /**
   * What a search found: the value, or why there is none (a message without per-request values).
   */
  public record Found(String value, String missing) {
    public static Found of(String value) {
      return new Found(Objects.requireNonNull(value), null);
    }

    public static Found none(String why) {
      return new Found(null, why);
    }
  }

  private final String description;
  private final Function<Answer, Found> search;
  private final String expected;
  private final String saveKey;

  /**
   * @param description how messages name the value, e.g. {@code jsonPath $.name}
   * @param search finds the value in an answer; called on the virtual user's event loop, must not
   *     block
   */
  public ValueCheck(String description, Function<Answer, Found> search) {
    this(description, search, null, null);
  }

  private ValueCheck(
      String description, Function<Answer, Found> search, String expected, String saveKey) {
    this.description = description;
    this.search = search;
    this.expected = expected;
    this.saveKey = saveKey;
  }

  /** Passes only when the value's text is exactly {@code expected} (a constant). */
  public ValueCheck is(String expected) {
    if (expected == null) {
      throw new IllegalArgumentException(description + ": the expected value must not be null");
    }
    return new ValueCheck(description, search, expected, saveKey);
  }

  /** Also saves the value (a String) under {@code key} in the session when the request ends OK. */
  public ValueCheck saveAs(String key) {
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException(description + ": saveAs needs a session key");
    }
    return new ValueCheck(description, search, expected, key);
  }

  /** The session key, or null when the value is not saved. */
  public String saveKey() {
    return saveKey;
  }

  /** The value when the check passes; otherwise {@link Found#missing()} says why it fails. */
  public Found evaluate(Answer answer) {
    Found found = search.apply(answer);
    if (found.missing() != null) {
      return found;
    }
    if (expected != null && !expected.equals(found.value())) {
      // The expected value is a constant, the actual one is not: it stays out of the message (one
      // cause, one row).
      return Found.none(description + " is not '" + expected + "'");
    }
    return found;
  }

  @Override
  public String failure(Answer answer) {
    return evaluate(answer).missing();
  }

  @Override
  public String toString() {
    return description
        + (expected == null ? "" : " is '" + expected + "'")
        + (saveKey == null ? "" : " saveAs " + saveKey);
  }
}
