package dev.gatlingllm.report;

import java.util.List;

/**
 * The verdict against a baseline as the pages show it first: red with the figures that regressed,
 * or plain when none did.
 *
 * @param headline the verdict in a sentence, e.g. {@code 11 regressions against the baseline
 *     /runs/then/llm}
 * @param regressed the figures that regressed, each as {@code 4 streams: output tok/s 88.71 ->
 *     46.05 (-48.1 %)}; empty when none did
 * @param counts the comparison's checks counted, judged and not ({@code CheckCounts.describe})
 * @param failsBuild whether the regression fails the build ({@code llm.baseline.failOnRegression})
 */
public record BaselineVerdict(
    String headline, List<String> regressed, String counts, boolean failsBuild) {
  public BaselineVerdict {
    regressed = List.copyOf(regressed);
  }

  public boolean red() {
    return !regressed.isEmpty();
  }

  /**
   * The banner's HTML: a heading line, the regressed figures, the counts and a link to the
   * comparison's table.
   *
   * @param id the element's id
   * @param comparisonLink where the comparison's table is, from the page
   */
  public String bannerHtml(String id, String comparisonLink) {
    StringBuilder html = new StringBuilder(512);
    // Inline colours: Gatling's page has none of ours, and a red build must look red on it too.
    html.append("<div id=\"")
        .append(id)
        .append("\" class=\"")
        .append(red() ? "llm-verdict bad" : "llm-verdict good")
        .append("\" style=\"")
        .append(red() ? RED_STYLE : CLEAN_STYLE)
        .append("\">\n<div style=\"font-weight:700;font-size:1.1em\">")
        .append(red() ? "&#x2717; " : "&#x2713; ")
        .append(Html.escape(headline))
        .append(red() ? (failsBuild ? ": the build fails" : " (reported only)") : "")
        .append("</div>\n");
    if (red()) {
      html.append("<ul style=\"margin:4px 0 4px 20px;padding:0\">\n");
      for (String figure : regressed) {
        html.append("<li>").append(Html.escape(figure)).append("</li>\n");
      }
      html.append("</ul>\n");
    }
    return html.append("<div>")
        .append(Html.escape(counts))
        .append(" &middot; <a style=\"color:inherit\" href=\"")
        .append(Html.escape(comparisonLink))
        .append("\">every figure against the baseline</a></div>\n</div>\n")
        .toString();
  }

  /** The red of a regression, white text on it: a red neither page uses elsewhere. */
  public static final String RED = "rgb(190, 30, 45)";

  private static final String RED_STYLE =
      "background:" + RED + ";color:#fff;padding:10px 16px;margin:8px 0;border-radius:6px";
  private static final String CLEAN_STYLE =
      "background:#e6f4ea;color:#1e4620;padding:10px 16px;margin:8px 0;border-radius:6px;"
          + "border:1px solid #1e8e3e";
}
