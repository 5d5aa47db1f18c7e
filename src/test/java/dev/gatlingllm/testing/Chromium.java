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
    run(chromium, page, work, List.of("--dump-dom"), dom);
    return Files.readString(dom, StandardCharsets.UTF_8);
  }

  /**
   * The page as Chromium paints it, the top {@code height} pixels of a window {@code width} wide,
   * once its scripts ran (up to 5 s of the page's time).
   */
  public static java.awt.image.BufferedImage screenshot(
      Path chromium, Path page, Path work, int width, int height) throws Exception {
    Files.createDirectories(work);
    Path png = work.resolve("screenshot.png");
    Files.deleteIfExists(png);
    run(
        chromium,
        page,
        work,
        List.of(
            "--hide-scrollbars", "--window-size=" + width + "," + height, "--screenshot=" + png),
        null);
    return javax.imageio.ImageIO.read(png.toFile());
  }

  /** How many pixels of the image are of exactly this colour. */
  public static long pixelsOf(java.awt.image.BufferedImage image, int red, int green, int blue) {
    int wanted = (red << 16) | (green << 8) | blue;
    long count = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        if ((image.getRGB(x, y) & 0xFFFFFF) == wanted) {
          count++;
        }
      }
    }
    return count;
  }

  private static void run(Path chromium, Path page, Path work, List<String> action, Path stdout)
      throws Exception {
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                chromium.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--user-data-dir=" + work.resolve("profile"),
                "--virtual-time-budget=5000"));
    command.addAll(action);
    command.add(page.toUri().toString());
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.redirectOutput(
        stdout == null
            ? ProcessBuilder.Redirect.DISCARD
            : ProcessBuilder.Redirect.to(stdout.toFile()));
    Process process = builder.start();
    if (!process.waitFor(90, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("Chromium did not finish in 90 s");
    }
  }
}
