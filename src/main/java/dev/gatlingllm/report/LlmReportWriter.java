package dev.gatlingllm.report;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes the LLM report of a run into its {@code llm/} folder: {@code summary.json}, {@code run.json} and
 * {@code index.html}. {@code requests.csv} is streamed there during the run by the recorder, which must be
 * closed (see {@code RunRecorder#finish}) before this is called, so that the file is complete.
 */
public final class LlmReportWriter {
  public static final String SUMMARY_JSON = "summary.json";
  public static final String RUN_JSON = "run.json";
  public static final String REQUESTS_CSV = "requests.csv";
  public static final String INDEX_HTML = "index.html";

  private LlmReportWriter() {}

  /**
   * @param summary the run's figures
   * @param llmDir the folder to write into (created if needed)
   * @param gatlingIndexHtml Gatling's report page, linked from ours, or null
   * @return the path of the page
   */
  public static Path write(RunSummary summary, Path llmDir, Path gatlingIndexHtml) throws IOException {
    Files.createDirectories(llmDir);
    writeAtomically(llmDir.resolve(SUMMARY_JSON), Json.MAPPER.writeValueAsString(SummaryJson.of(summary)) + "\n");
    writeAtomically(llmDir.resolve(RUN_JSON), Json.MAPPER.writeValueAsString(RunJson.of(summary)) + "\n");
    Path page = llmDir.resolve(INDEX_HTML);
    writeAtomically(page, HtmlPage.render(summary, linkTo(llmDir, gatlingIndexHtml)));
    return page;
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
   * Readers never see a half-written file: write beside it, then move over it. When either step fails the
   * temporary file is removed, so a failed report leaves no {@code *.tmp} behind.
   */
  private static void writeAtomically(Path file, String content) throws IOException {
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    boolean moved = false;
    try {
      Files.writeString(temporary, content, StandardCharsets.UTF_8);
      try {
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
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
