package dev.gatlingllm.report;

import dev.gatlingllm.check.CheckCounts;
import dev.gatlingllm.check.CheckVerdict;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code junit.xml}: the run's checks as the JUnit XML report CI servers read (Jenkins' junit step,
 * GitLab's {@code artifacts:reports:junit}, GitHub test-report actions): one {@code <testsuite>}
 * per kind of check, one {@code <testcase>} per check, a {@code <failure>} for each one the run
 * missed, a {@code <skipped>} for each one it could not judge (its message says why and what would
 * judge it). Checks have no duration of their own: every {@code time} is 0.
 */
public final class JunitXml {
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

  private JunitXml() {}

  /**
   * @param verdicts every check of the run, in the order they were judged
   * @param runEndEpochMillis when the run ended, the suites' timestamp
   */
  public static String render(List<CheckVerdict> verdicts, long runEndEpochMillis) {
    Map<String, List<CheckVerdict>> bySuite = new LinkedHashMap<>();
    for (CheckVerdict verdict : verdicts) {
      bySuite.computeIfAbsent(verdict.suite(), suite -> new java.util.ArrayList<>()).add(verdict);
    }
    String timestamp = TIMESTAMP.format(Instant.ofEpochMilli(runEndEpochMillis));
    StringBuilder xml = new StringBuilder(512 + 200 * verdicts.size());
    xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    CheckCounts all = CheckCounts.of(verdicts);
    xml.append(
        String.format(
            Locale.ROOT,
            "<testsuites name=\"gatling-llm\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"0\">\n",
            all.total(),
            all.failed(),
            all.notJudged()));
    for (Map.Entry<String, List<CheckVerdict>> suite : bySuite.entrySet()) {
      List<CheckVerdict> cases = suite.getValue();
      CheckCounts counts = CheckCounts.of(cases);
      xml.append(
          String.format(
              Locale.ROOT,
              "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"0\" timestamp=\"%s\">\n",
              escape(suite.getKey()),
              counts.total(),
              counts.failed(),
              counts.notJudged(),
              timestamp));
      for (CheckVerdict verdict : cases) {
        xml.append("    <testcase classname=\"")
            .append(escape(suite.getKey()))
            .append("\" name=\"")
            .append(escape(verdict.name()))
            .append("\" time=\"0\"");
        if (verdict.passed()) {
          xml.append("/>\n");
        } else if (verdict.skipped()) {
          xml.append(">\n      <skipped message=\"")
              .append(escape(verdict.message() == null ? "not judged" : verdict.message()))
              .append("\"/>\n    </testcase>\n");
        } else {
          String message = verdict.message() == null ? "failed" : verdict.message();
          xml.append(">\n      <failure message=\"")
              .append(escape(message))
              .append("\" type=\"")
              .append(escape(suite.getKey()))
              .append("\">")
              .append(escape(message))
              .append("</failure>\n")
              .append("    </testcase>\n");
        }
      }
      xml.append("  </testsuite>\n");
    }
    return xml.append("</testsuites>\n").toString();
  }

  /**
   * Text and attribute escaping as the page's ({@code Html.escape}); characters XML 1.0 cannot hold
   * (most control characters, which a server's error message may carry) become U+FFFD first, so
   * that the file always parses.
   */
  static String escape(String text) {
    StringBuilder xmlChars = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean allowed =
          c >= 0x20 ? c != 0xFFFE && c != 0xFFFF : c == '\t' || c == '\n' || c == '\r';
      xmlChars.append(allowed ? c : '\uFFFD');
    }
    return Html.escape(xmlChars.toString());
  }
}
