package dev.gatlingllm.testing;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The request counts Gatling's console printed last (its final "---- Requests ----" table), by
 * record name: what a Gatling user reads as Global and per-request OK/KO, read the way they read
 * it.
 */
public final class GatlingConsoleStats {
  private static final Pattern ROW =
      Pattern.compile("^> (.+?)\\s+\\|\\s+([\\d,]+) \\|\\s+([\\d,]+) \\|\\s+([\\d,]+)\\s*$");

  /** The counts of one record name. */
  public record Counts(long total, long ok, long ko) {}

  private GatlingConsoleStats() {}

  /** The last Requests table of the console, by name ("Global" included), in printed order. */
  public static Map<String, Counts> lastTable(String console) {
    int table = console.lastIndexOf("---- Requests ---");
    if (table < 0) {
      throw new IllegalArgumentException("no Requests table in the console");
    }
    Map<String, Counts> rows = new LinkedHashMap<>();
    for (String line : console.substring(table).split("\\R")) {
      if (line.startsWith("---- Errors") || line.startsWith("=====")) {
        break;
      }
      Matcher row = ROW.matcher(line);
      if (row.matches()) {
        rows.put(
            row.group(1).trim(),
            new Counts(number(row.group(2)), number(row.group(3)), number(row.group(4))));
      }
    }
    return rows;
  }

  private static long number(String printed) {
    return Long.parseLong(printed.replace(",", ""));
  }
}
