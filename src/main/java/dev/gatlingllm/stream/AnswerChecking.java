package dev.gatlingllm.stream;

import dev.gatlingllm.check.AnswerCheck;
import dev.gatlingllm.check.ValueCheck;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.SchemaVerdict;
import dev.gatlingllm.metrics.request.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Judges a request's answer checks: the first that fails turns an OK stream into a KO naming it.
 */
public final class AnswerChecking {
  public static final String PREFIX = "check failed: ";

  /** The KO message of an answer that broke its schema when {@code koWhenInvalid} asked for one. */
  public static final String SCHEMA_BREACH = PREFIX + "answer does not validate against its schema";

  /**
   * The judged stream and the values its checks save in the session (empty unless every check
   * passed).
   *
   * @param finished the finished stream, KO when a check failed
   * @param saved session key to value, in the order of the checks
   */
  public record Judged(FinishedStream finished, Map<String, String> saved) {}

  private AnswerChecking() {}

  /**
   * The stream with its answer judged against the schema its request asked for ({@code schema}
   * null: none), before the other checks: an OK stream only, since a failed one has no whole
   * answer. An invalid answer stays OK unless {@code koWhenInvalid}; it is counted either way.
   */
  public static FinishedStream judgeSchema(
      AnswerSchema schema, boolean koWhenInvalid, FinishedStream finished) {
    if (schema == null || !finished.result().ok()) {
      return finished;
    }
    SchemaVerdict verdict = schema.judge(finished.content());
    RequestResult judged = finished.result().withSchema(verdict);
    if (verdict == SchemaVerdict.INVALID && koWhenInvalid) {
      judged = judged.withVerdict(Verdict.ko(judged.verdict().httpStatus(), SCHEMA_BREACH));
    }
    return finished.withResult(judged);
  }

  /**
   * The stream unchanged when it is KO already or passes every check, else the same figures as KO.
   */
  public static FinishedStream judge(List<AnswerCheck> checks, FinishedStream finished) {
    return judgeAndSave(checks, finished).finished();
  }

  /** {@link #judge}, with the values the {@code saveAs} checks found when every check passed. */
  public static Judged judgeAndSave(List<AnswerCheck> checks, FinishedStream finished) {
    if (checks.isEmpty() || !finished.result().ok()) {
      return new Judged(finished, Map.of());
    }
    Map<String, String> saved = Map.of();
    for (AnswerCheck check : checks) {
      String why;
      try {
        if (check instanceof ValueCheck value) {
          ValueCheck.Found found = value.evaluate(finished);
          why = found.missing();
          if (why == null && value.saveKey() != null) {
            saved = saved.isEmpty() ? new LinkedHashMap<>() : saved;
            saved.put(value.saveKey(), found.value());
          }
        } else {
          why = check.failure(finished);
        }
      } catch (Throwable e) {
        // A check of the user's own that throws fails its request rather than losing it.
        why = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
      }
      if (why != null) {
        Verdict ko = Verdict.ko(finished.result().verdict().httpStatus(), PREFIX + why);
        return new Judged(finished.withResult(finished.result().withVerdict(ko)), Map.of());
      }
    }
    return new Judged(
        finished, saved.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(saved));
  }
}
