package dev.gatlingllm.bounds;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.secrets.Redactor;
import java.math.BigDecimal;

/**
 * The range a number from outside must fall in, and the one reader of such numbers: the text is
 * read exactly (no rounding to a double first, so {@code 2^63} is not taken for {@code 2^63-1}),
 * NaN, infinities and anything not a plain decimal are refused, and the refusal names where the
 * number came from ({@code llm.images.count}, or {@code trace.jsonl line 3: tool_latency_ms}) and
 * the range. Every bound is checked before anything is sized by the number, so that no setting or
 * file can exhaust the heap before its message.
 *
 * @param min the lowest value
 * @param minOpen whether {@code min} itself is refused (e.g. a duration above 0)
 * @param max the highest value
 * @param maxOpen whether {@code max} itself is refused
 * @param whole whether only whole numbers are accepted
 * @param unit what the number counts, for the message and the documentation (e.g. {@code ms}), or
 *     empty
 */
public record Bound(
    BigDecimal min, boolean minOpen, BigDecimal max, boolean maxOpen, boolean whole, String unit) {

  /**
   * The longest text read as a number: a longer one is refused without parsing (a digit string of a
   * megabyte would be parsed in quadratic time).
   */
  static final int MAX_TEXT_LENGTH = 40;

  /** The longest refused text the message shows. */
  static final int MAX_SHOWN_LENGTH = 200;

  public Bound {
    if (min.compareTo(max) > 0) {
      throw new IllegalArgumentException("empty range " + min + " > " + max);
    }
  }

  /** Whole numbers in {@code [min, max]}. */
  public static Bound whole(long min, long max, String unit) {
    return new Bound(BigDecimal.valueOf(min), false, BigDecimal.valueOf(max), false, true, unit);
  }

  /** Numbers in {@code [min, max]}. */
  public static Bound closed(double min, double max, String unit) {
    return new Bound(decimal(min), false, decimal(max), false, false, unit);
  }

  /** Numbers in {@code (min, max]}: e.g. a duration or a price above 0. */
  public static Bound above(double min, double max, String unit) {
    return new Bound(decimal(min), true, decimal(max), false, false, unit);
  }

  /** Numbers in {@code [min, max)}: e.g. a ratio below 1. */
  public static Bound below(double min, double max, String unit) {
    return new Bound(decimal(min), false, decimal(max), true, false, unit);
  }

  private static BigDecimal decimal(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros();
  }

  /** The range as written in the docs and messages, e.g. {@code [1, 64]} or {@code (0, 3600]}. */
  public String range() {
    return (minOpen ? "(" : "[") + plain(min) + ", " + plain(max) + (maxOpen ? ")" : "]");
  }

  private static String plain(BigDecimal value) {
    return value.stripTrailingZeros().toPlainString();
  }

  /** What is accepted, e.g. {@code a whole number in [1, 64]} or {@code a number in (0, 60] s}. */
  public String describe() {
    return (whole ? "a whole number in " : "a number in ")
        + range()
        + (unit.isEmpty() ? "" : " (" + unit + ")");
  }

  /**
   * @param source where the text came from, named in the message: a property, or a file, its line
   *     and field
   * @param text the number as written; spaces around it allowed
   * @return the number, within this bound
   * @throws UserError {@code <source> must be a whole number in [0, 64], was '100000'}
   */
  public BigDecimal read(String source, String text) {
    String trimmed = text == null ? "" : text.trim();
    BigDecimal value = parse(trimmed);
    if (value == null || !contains(value)) {
      throw refused(source, trimmed);
    }
    return value;
  }

  /**
   * {@link #read} as a double: a number within the bound whose double is not ({@code 1e-400}, above
   * 0 but 0.0 as a double) is refused as well.
   */
  public double readDouble(String source, String text) {
    double value = read(source, text).doubleValue();
    if (!contains(new BigDecimal(value))) {
      throw refused(source, text.trim());
    }
    return value;
  }

  /** {@link #read} as a long; only for a bound of whole numbers within a long. */
  public long readLong(String source, String text) {
    return read(source, text).longValueExact();
  }

  /** {@link #read} as an int; only for a bound of whole numbers within an int. */
  public int readInt(String source, String text) {
    return read(source, text).intValueExact();
  }

  /**
   * Checks a number already parsed (e.g. a JSON field's double): NaN and infinities are refused.
   *
   * @return {@code value}
   */
  public double check(String source, double value) {
    if (Double.isNaN(value) || Double.isInfinite(value) || !contains(new BigDecimal(value))) {
      throw refused(source, Double.toString(value));
    }
    return value;
  }

  /** Checks a whole number already parsed. */
  public long check(String source, long value) {
    if (!contains(BigDecimal.valueOf(value))) {
      throw refused(source, Long.toString(value));
    }
    return value;
  }

  /**
   * Whether {@code value} is within this bound (and whole, if the bound asks for whole numbers).
   */
  public boolean contains(BigDecimal value) {
    int low = value.compareTo(min);
    int high = value.compareTo(max);
    return (minOpen ? low > 0 : low >= 0)
        && (maxOpen ? high < 0 : high <= 0)
        && (!whole || value.signum() == 0 || value.stripTrailingZeros().scale() <= 0);
  }

  private UserError refused(String source, String text) {
    // A long text is not shown at all: cut, a secret in it might no longer look like one.
    String shown =
        text.length() > MAX_SHOWN_LENGTH
            ? "a text of " + text.length() + " characters"
            : "'" + Redactor.setting(text) + "'";
    return new UserError(source + " must be " + describe() + ", was " + shown);
  }

  /**
   * The exact value of a plain decimal such as {@code 12}, {@code -0.5} or {@code 2e9}, or null.
   */
  private static BigDecimal parse(String text) {
    if (text.isEmpty() || text.length() > MAX_TEXT_LENGTH) {
      return null;
    }
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException | ArithmeticException e) {
      return null; // refused by the caller with the source's name and the range
    }
  }
}
