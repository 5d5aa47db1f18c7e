package dev.gatlingllm.report;

/**
 * Chart.js 4.5.1 (MIT, see chart.js-LICENSE.md beside it), bundled as a resource and inlined into
 * the page so that the report works offline and from a CI artefact.
 */
final class ChartLibrary {
  static final String VERSION = "4.5.1";
  private static final String RESOURCE = "chart.umd.min.js";
  private static final String LICENSE = "chart.js-LICENSE.md";
  private static volatile String script;

  private ChartLibrary() {}

  /** The minified library, without its source-map reference (the map is not shipped). */
  static String script() {
    String loaded = script;
    if (loaded == null) {
      loaded =
          PageAssets.read(RESOURCE)
              .replaceAll("//# sourceMappingURL=\\S*\\s*$", "")
              .replace("</script", "<\\/script");
      script = loaded;
    }
    return loaded;
  }

  static String license() {
    return PageAssets.read(LICENSE);
  }
}
