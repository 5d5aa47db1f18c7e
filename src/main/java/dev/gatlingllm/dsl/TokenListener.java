package dev.gatlingllm.dsl;

import dev.gatlingllm.check.Answer;
import dev.gatlingllm.values.TokenEvent;
import org.jspecify.annotations.NullMarked;

/**
 * Sees each piece of generated output of a request as it arrives, and the request's end. Register
 * one with {@code chat("chat").onToken(listener)}: one instance serves every virtual user and
 * request of that place in the scenario, so it must be safe to call from several threads at once
 * (each request calls it from its own user's event loop).
 *
 * <p>Both methods run on the virtual user's Netty event loop, between reading one chunk and the
 * next: they must not block (no I/O, no locks held long, no sleeping) and should return in
 * microseconds, since every stream on that loop waits meanwhile and its token timestamps would
 * carry the delay. Hand heavy work to another thread.
 *
 * <p>A listener that throws ends its request as KO ({@code token listener failed: <exception>}), so
 * that a broken listener is seen in Gatling's report rather than lost in a log; the user goes on as
 * after any KO.
 *
 * <p>Texts are as the server sent them, before the redaction the request's outcome gets: a listener
 * that logs them must take care of any secret a server might echo.
 */
@NullMarked
public interface TokenListener {
  /**
   * One piece of output: called for every answer, reasoning or tool-call text of every token event,
   * in order, never for a role-only delta, a usage chunk or {@code [DONE]}.
   */
  void onToken(TokenEvent event);

  /**
   * The request's stream ended (OK or KO), its figures made; called once, before the request's
   * answer checks are judged and its Gatling records logged (a request OK here may still end KO by
   * a check).
   *
   * @param answer the kept texts (redacted), how the request ended and its figures
   */
  default void onEnd(Answer answer) {}
}
