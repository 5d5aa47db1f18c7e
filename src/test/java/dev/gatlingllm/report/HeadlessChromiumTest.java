package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gatlingllm.metrics.aggregate.RunRecorder;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens the page in headless Chromium, offline from a file: URL, and checks that the bundled
 * library drew every chart (the page's own script marks the body when it got to the end without an
 * error). Skipped where no Chromium is installed.
 */
class HeadlessChromiumTest {
  @TempDir Path dir;

  @Test
  void chartsRenderOffline() throws Exception {
    Path chromium = findChromium();
    assumeTrue(chromium != null, "no Chromium on PATH");
    Path llm = dir.resolve("llm");
    RunRecorder recorder = SampleRun.recorder(llm);
    SampleRun.record(recorder, n -> true);
    Path page = LlmReportWriter.write(recorder.finish(SampleRun.end()), llm, null);

    Path dom = dir.resolve("dom.html");
    Process process =
        new ProcessBuilder(
                List.of(
                    chromium.toString(),
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--no-first-run",
                    "--user-data-dir=" + dir.resolve("profile"),
                    "--virtual-time-budget=5000",
                    "--dump-dom",
                    page.toUri().toString()))
            .redirectOutput(dom.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (!process.waitFor(90, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("Chromium did not finish in 90 s");
    }
    String rendered = Files.readString(dom, StandardCharsets.UTF_8);
    assertTrue(rendered.contains("data-charts=\"ready\""), "the chart script ran to its end");
    for (String id :
        List.of(
            "chart-timeline",
            "chart-throughput",
            "chart-ttft",
            "chart-tradeoff",
            "chart-dist-ttft",
            "chart-dist-tpot",
            "chart-dist-itl",
            "chart-percentiles")) {
      // Chart.js sizes each canvas it draws on; an unused canvas keeps no style.
      assertTrue(
          rendered.matches("(?s).*<canvas id=\"" + id + "\"[^>]*style=\"[^\"]*height[^\"]*\".*"),
          id + " was drawn");
    }
  }

  private static Path findChromium() {
    for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name :
          List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")) {
        Path candidate = Path.of(directory, name);
        if (Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    return null;
  }
}
