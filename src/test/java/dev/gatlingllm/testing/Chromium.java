package dev.gatlingllm.testing;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Headless Chromium for the tests that check a page as a browser draws it, offline. */
public final class Chromium {
  private Chromium() {}

  /** The Chromium (or Chrome) on PATH, or null. */
  public static Path find() {
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

  /**
   * The page's DOM once its scripts ran (up to 5 s of the page's time), from a file: URL.
   *
   * @param work a folder for the browser's profile and the dump
   */
  public static String dumpDom(Path chromium, Path page, Path work) throws Exception {
    Files.createDirectories(work);
    Path dom = work.resolve("dom.html");
    Process process =
        new ProcessBuilder(
                List.of(
                    chromium.toString(),
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--no-first-run",
                    "--user-data-dir=" + work.resolve("profile"),
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
    return Files.readString(dom, StandardCharsets.UTF_8);
  }
}
