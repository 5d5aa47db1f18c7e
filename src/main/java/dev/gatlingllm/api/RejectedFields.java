package dev.gatlingllm.api;

import java.util.List;
import java.util.Locale;

/**
 * Turns a server's refusal of a request field it does not know (OpenAI's {@code Unsupported
 * parameter: 'max_tokens' is not supported with this model}, Azure's {@code Unrecognized request
 * argument supplied: ignore_eos}) into a short, stable KO message naming the setting that removes
 * the field. Every request of such a run fails the same way, so one clear line beats the server's
 * varied wording.
 */
public final class RejectedFields {
  /** A field the plugin writes, and the setting that changes it. */
  private record Fix(String field, String setting) {}

  private static final List<Fix> FIXES =
      List.of(
          new Fix("max_completion_tokens", "llm.maxTokensField=max_tokens"),
          new Fix("max_tokens", "llm.maxTokensField=max_completion_tokens"),
          new Fix("ignore_eos", "llm.ignoreEos=false"),
          new Fix("stream_options", "llm.includeUsage=false"));

  /** How servers say that they do not take a field (lower case). */
  private static final List<String> REFUSALS =
      List.of(
          "unsupported",
          "not supported",
          "unrecognized",
          "unrecognised",
          "unknown",
          "not permitted",
          "not allowed",
          "extra inputs",
          "extra fields",
          "additional properties");

  private RejectedFields() {}

  /**
   * {@code unsupported field 'max_tokens' (set llm.maxTokensField=max_completion_tokens)} when the
   * message refuses one of the fields the plugin writes, else the message unchanged. The refused
   * field is the first one named ("'max_tokens' is not supported ... Use 'max_completion_tokens'
   * instead").
   */
  public static String explain(String serverMessage) {
    if (serverMessage == null) {
      return null;
    }
    String lower = serverMessage.toLowerCase(Locale.ROOT);
    if (REFUSALS.stream().noneMatch(lower::contains)) {
      return serverMessage;
    }
    Fix first = null;
    int firstAt = Integer.MAX_VALUE;
    for (Fix fix : FIXES) {
      int at = indexOfField(lower, fix.field());
      if (at >= 0 && at < firstAt) {
        first = fix;
        firstAt = at;
      }
    }
    return first == null
        ? serverMessage
        : "unsupported field '" + first.field() + "' (set " + first.setting() + ")";
  }

  /** Where {@code field} appears as a whole name (not inside a longer identifier), or -1. */
  private static int indexOfField(String text, String field) {
    int from = 0;
    while (true) {
      int at = text.indexOf(field, from);
      if (at < 0) {
        return -1;
      }
      int end = at + field.length();
      if ((at == 0 || !isNameChar(text.charAt(at - 1)))
          && (end == text.length() || !isNameChar(text.charAt(end)))) {
        return at;
      }
      from = at + 1;
    }
  }

  private static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }
}
