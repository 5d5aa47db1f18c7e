package dev.gatlingllm.dsl.load;

import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.List;

/**
 * Azure's LLM inference traces (Azure/AzurePublicDataset, 2023 and 2024): CSV with the header
 * {@code TIMESTAMP,ContextTokens,GeneratedTokens}, {@code TIMESTAMP} a date and time such as {@code
 * 2023-11-16 18:15:46.6805900} (seven fractional digits, as .NET writes them; any number from 0 to
 * 9 is taken, and an offset such as {@code +00:00} when present). A stamp without offset is read as
 * UTC: only the gaps between stamps matter to a replay.
 */
final class AzureTraceFormat implements TraceFormat {
  static final String TIMESTAMP = "TIMESTAMP";
  static final String CONTEXT_TOKENS = "ContextTokens";
  static final String GENERATED_TOKENS = "GeneratedTokens";
  static final String HEADER = "TIMESTAMP,ContextTokens,GeneratedTokens";

  private static final List<String> NEEDED = List.of(TIMESTAMP, CONTEXT_TOKENS, GENERATED_TOKENS);

  private static final DateTimeFormatter STAMP =
      new DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .appendPattern("uuuu-MM-dd")
          .optionalStart()
          .appendLiteral('T')
          .optionalEnd()
          .optionalStart()
          .appendLiteral(' ')
          .optionalEnd()
          .appendPattern("HH:mm:ss")
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .optionalEnd()
          .optionalStart()
          .appendOffset("+HH:MM", "Z")
          .optionalEnd()
          .toFormatter();

  @Override
  public String id() {
    return "azure";
  }

  @Override
  public String described() {
    return "Azure CSV (" + HEADER + ")";
  }

  @Override
  public boolean recognizes(String firstLine) {
    CsvTraceColumns columns = CsvTraceColumns.of(firstLine);
    return columns.hasAll(NEEDED);
  }

  @Override
  public Rows rows(String firstLine) {
    return CsvTraceColumns.rows(
        firstLine, TIMESTAMP, AzureTraceFormat::epochNanos, CONTEXT_TOKENS, GENERATED_TOKENS);
  }

  /** The stamp as nanoseconds since the epoch (UTC when it names no offset). */
  static long epochNanos(String text) {
    try {
      TemporalAccessor parsed = STAMP.parse(text);
      long seconds =
          parsed.isSupported(ChronoField.OFFSET_SECONDS)
              ? OffsetDateTime.from(parsed).toEpochSecond()
              : LocalDateTime.from(parsed).toEpochSecond(ZoneOffset.UTC);
      return Math.addExact(
          Math.multiplyExact(seconds, 1_000_000_000L), parsed.getLong(ChronoField.NANO_OF_SECOND));
    } catch (DateTimeParseException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "'"
              + TIMESTAMP
              + "' must be a date and time such as 2023-11-16 18:15:46.6805900, was '"
              + text
              + "'");
    }
  }
}
