package dev.gatlingllm.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gatlingllm.check.CheckVerdict;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * Writes the LLM report of a run into its {@code llm/} folder: {@code summary.json}, {@code
 * run.json}, {@code index.html}, and for CI {@code junit.xml} and {@code summary.md}. {@code
 * requests.csv} is streamed there during the run by the recorder, which must be closed (see {@code
 * RunRecorder#finish}) before this is called, so that the file is complete.
 */
public final class LlmReportWriter {
  public static final String SUMMARY_JSON = "summary.json";
  public static final String RUN_JSON = "run.json";
  public static final String REQUESTS_CSV = "requests.csv";

  /**
   * Each request's inter-token gaps, line for line with requests.csv; only with detailed results.
   */
  public static final String ITLS_CSV = "itls.csv";

  public static final String INDEX_HTML = "index.html";

  /** The run's checks for CI servers ({@link JunitXml}). */
  public static final String JUNIT_XML = "junit.xml";

  /** The run in Markdown for CI pages ({@link MarkdownSummary}). */
  public static final String SUMMARY_MD = "summary.md";

  public static final String COMPARISON_MD = "comparison.md";

  private LlmReportWriter() {}

  /**
   * @param summary the run's figures
   * @param llmDir the folder to write into (created if needed)
   * @param gatlingIndexHtml Gatling's report page, linked from ours, or null
   * @return the path of the page
   */
  public static Path write(RunSummary summary, Path llmDir, Path gatlingIndexHtml)
      throws IOException {
    return write(summary, llmDir, gatlingIndexHtml, false);
  }

  /**
   * @param detailedResults whether summary.json also gets the per-request arrays ({@link
   *     DetailedResults}), read from the folder's requests.csv
   */
  public static Path write(
      RunSummary summary, Path llmDir, Path gatlingIndexHtml, boolean detailedResults)
      throws IOException {
    return write(summary, llmDir, gatlingIndexHtml, detailedResults, List.of());
  }

  /**
   * The same, with the CI files beside the page: {@code junit.xml} and {@code summary.md}.
   *
   * @param verdicts the run's checks (LLM checks and Gatling assertions), each a test case in
   *     junit.xml
   */
  public static Path write(
      RunSummary summary,
      Path llmDir,
      Path gatlingIndexHtml,
      boolean detailedResults,
      List<CheckVerdict> verdicts)
      throws IOException {
    Files.createDirectories(llmDir);
    Path requestsCsv = llmDir.resolve(REQUESTS_CSV);
    if (detailedResults && Files.isRegularFile(requestsCsv)) {
      ObjectNode root = SummaryJson.of(summary);
      writeAtomically(
          llmDir.resolve(SUMMARY_JSON),
          writer -> {
            try (JsonGenerator json = Json.MAPPER.getFactory().createGenerator(writer)) {
              json.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false)
                  .useDefaultPrettyPrinter();
              json.writeStartObject();
              for (Map.Entry<String, JsonNode> field : root.properties()) {
                json.writeFieldName(field.getKey());
                Json.MAPPER.writeTree(json, field.getValue());
              }
              DetailedResults.write(json, requestsCsv, llmDir.resolve(ITLS_CSV));
              json.writeEndObject();
            }
            writer.write("\n");
          });
    } else {
      writeAtomically(
          llmDir.resolve(SUMMARY_JSON),
          Json.MAPPER.writeValueAsString(SummaryJson.of(summary)) + "\n");
    }
    writeAtomically(
        llmDir.resolve(RUN_JSON), Json.MAPPER.writeValueAsString(RunJson.of(summary)) + "\n");
    Path page = llmDir.resolve(INDEX_HTML);
    writeAtomically(page, HtmlPage.render(summary, linkTo(llmDir, gatlingIndexHtml)));
    writeAtomically(
        llmDir.resolve(JUNIT_XML), JunitXml.render(verdicts, summary.runEndEpochMillis()));
    writeAtomically(llmDir.resolve(SUMMARY_MD), MarkdownSummary.render(summary, verdicts));
    return page;
  }

  /**
   * Adds a comparison with a baseline to a report already written: its section in the page,
   * junit.xml again with every verdict (the run's checks and the comparison's), its section at the
   * end of summary.md, and comparison.md.
   */
  public static void addComparison(
      Path llmDir,
      List<CheckVerdict> verdicts,
      RunSummary summary,
      String markdown,
      java.util.function.UnaryOperator<String> intoPage)
      throws IOException {
    rewritePage(llmDir, intoPage);
    writeAtomically(
        llmDir.resolve(JUNIT_XML), JunitXml.render(verdicts, summary.runEndEpochMillis()));
    writeAtomically(
        llmDir.resolve(SUMMARY_MD), MarkdownSummary.render(summary, verdicts) + "\n" + markdown);
    writeAtomically(llmDir.resolve(COMPARISON_MD), markdown);
  }

  /**
   * Rewrites the page of a report already written, e.g. with its history's section; a page {@code
   * change} makes null of is left as it is.
   */
  public static void rewritePage(Path llmDir, java.util.function.UnaryOperator<String> change)
      throws IOException {
    Path page = llmDir.resolve(INDEX_HTML);
    if (Files.isRegularFile(page)) {
      String changed = change.apply(Files.readString(page));
      if (changed != null) {
        writeAtomically(page, changed);
      }
    }
  }

  /** A relative link from the page to Gatling's (normally {@code ../index.html}). */
  private static String linkTo(Path llmDir, Path gatlingIndexHtml) {
    if (gatlingIndexHtml == null) {
      return null;
    }
    Path from = llmDir.toAbsolutePath().normalize();
    Path to = gatlingIndexHtml.toAbsolutePath().normalize();
    try {
      return from.relativize(to).toString().replace('\\', '/');
    } catch (IllegalArgumentException e) {
      return to.toUri().toString();
    }
  }

  /**
   * Readers never see a half-written file: write beside it, then move over it. When either step
   * fails the temporary file is removed, so a failed report leaves no {@code *.tmp} behind.
   */
  private static void writeAtomically(Path file, String content) throws IOException {
    writeAtomically(file, writer -> writer.write(content));
  }

  private interface Content {
    void writeTo(Writer writer) throws IOException;
  }

  private static void writeAtomically(Path file, Content content) throws IOException {
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    boolean moved = false;
    try {
      try (Writer writer = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
        content.writeTo(writer);
      }
      try {
        Files.move(
            temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
      }
      moved = true;
    } finally {
      if (!moved) {
        Files.deleteIfExists(temporary);
      }
    }
  }
}
