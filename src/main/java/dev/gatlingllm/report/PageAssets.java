package dev.gatlingllm.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The page's own look and behaviour, kept as resources beside the chart library ({@code page.css},
 * {@code page.js}: the script draws the charts from the page's inlined data, with no network
 * access) and inlined into every page, so that the report works offline and from a CI artefact.
 */
final class PageAssets {
  /** Most points a time chart gets: a long run is shown as averages over a few seconds each. */
  static final int MAX_TIME_POINTS = 2_000;

  private static volatile String style;
  private static volatile String script;

  private PageAssets() {}

  static String style() {
    String loaded = style;
    if (loaded == null) {
      style = loaded = read("page.css");
    }
    return loaded;
  }

  static String script() {
    String loaded = script;
    if (loaded == null) {
      // Inlined in a <script> element: nothing in it may close the element early.
      script = loaded = read("page.js").replace("</script", "<\\/script");
    }
    return loaded;
  }

  /** A resource of {@code dev/gatlingllm/report/} as text (the chart library reads its own too). */
  static String read(String name) {
    try (InputStream in = PageAssets.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource dev/gatlingllm/report/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
