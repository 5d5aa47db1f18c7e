package dev.gatlingllm.gatling.action;

/**
 * Where and how much of a request's outcome goes into the session.
 *
 * @param key the session key of the outcome map ({@code llm} by default)
 * @param itl whether the map also gets {@code itlMs}, the request's inter-token gaps: off by
 *     default, since every virtual user would then hold an array the size of its last answer
 */
public record SavedResults(String key, boolean itl) {
  public static final SavedResults DEFAULT = new SavedResults("llm", false);

  public SavedResults withKey(String newKey) {
    return new SavedResults(newKey, itl);
  }

  public SavedResults withItl() {
    return new SavedResults(key, true);
  }
}
