package dev.gatlingllm.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The figures of one request name from Gatling's HTML report ({@code req_<name>-<hash>.html}):
 * Gatling 3.15 writes no stats.json, and its simulation.log is binary, so the page's stats table is
 * the stable source. Values are whole milliseconds, as Gatling stores them.
 */
record GatlingReportPage(long ok, long ko, String p50, String p99, String max) {
  static GatlingReportPage read(Path run, String requestName) throws IOException {
    Path page;
    try (Stream<Path> files = Files.list(run)) {
      page =
          files
              .filter(f -> f.getFileName().toString().startsWith("req_" + requestName + "-"))
              .findFirst()
              .orElse(null);
    }
    if (page == null) {
      return null;
    }
    String html = Files.readString(page);
    return new GatlingReportPage(
        Long.parseLong(cell(html, "Total count", "ok")),
        Long.parseLong(cell(html, "Total count", "ko")),
        cell(html, "50th percentile", "total"),
        cell(html, "99th percentile", "total"),
        cell(html, "Max", "total"));
  }

  private static String cell(String html, String title, String column) {
    Matcher m =
        Pattern.compile(
                "<td class=\"title\">" + Pattern.quote(title) + "</td>(.*?)</tr>", Pattern.DOTALL)
            .matcher(html);
    if (!m.find()) {
      return "-1";
    }
    Matcher c = Pattern.compile("<td class=\"" + column + "\">([^<]*)</td>").matcher(m.group(1));
    return c.find() ? c.group(1).trim().replace(",", "") : "-1";
  }
}
