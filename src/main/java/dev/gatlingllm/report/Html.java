package dev.gatlingllm.report;

/** Escaping for text that comes from outside (model names, server error messages, metadata). */
public final class Html {
  private Html() {}

  /** Text safe in element content and in quoted attribute values. */
  public static String escape(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * JSON safe inside a {@code <script>} element: {@code <}, {@code >} and {@code &} only occur
   * inside JSON strings, where their {@code \\u} escapes mean the same, so no {@code </script>} or
   * {@code <!--} can end the element early.
   */
  public static String scriptSafeJson(String json) {
    return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
  }
}
