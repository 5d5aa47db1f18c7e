package dev.gatlingllm.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

/**
 * Reads the {@code llm} session maps an end-to-end simulation saved per case. A case with no map is
 * a user that never reached the action after the request: a lost user, reported as such rather than
 * as a null.
 */
public final class SavedCases {
  private SavedCases() {}

  public static Map<String, Object> result(Map<String, Map<String, Object>> saved, String name) {
    Map<String, Object> r = saved.get(name);
    assertTrue(
        r != null,
        "case " + name + " saved no result (its user was lost?); saved: " + saved.keySet());
    return r;
  }

  /** The KO message of a case that must have ended KO. */
  public static String koMessage(Map<String, Map<String, Object>> saved, String name) {
    Map<String, Object> r = result(saved, name);
    assertFalse((Boolean) r.get("ok"), name + " should be KO: " + r);
    return (String) r.get("error");
  }
}
