package dev.gatlingllm.run;

/**
 * Writes what a run measured so far when the JVM is stopped before the run ends (Ctrl-C, SIGTERM):
 * Gatling's own end of run never comes then. Registered when the run starts, removed by the normal
 * end, so that a run that ended writes once and leaves no hook (nor its reporter) behind in a JVM
 * that runs more simulations.
 */
final class ShutdownReport {
  private final Thread hook;

  /**
   * @param finish idempotent: the normal end may have run, or be running, when the hook fires
   */
  ShutdownReport(Runnable finish) {
    this.hook = new Thread(finish, "llm-report-on-exit");
  }

  /** Registers the hook with the JVM. */
  ShutdownReport register() {
    Runtime.getRuntime().addShutdownHook(hook);
    return this;
  }

  /**
   * Removes the hook after the normal end; harmless when it already ran or the JVM is already
   * stopping.
   *
   * @return true when the hook was registered and is now removed
   */
  boolean cancel() {
    try {
      return Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // Called from the hook itself, or during the shutdown: the hook runs (or ran) once, nothing
      // to undo.
      return false;
    }
  }

  /** What the JVM runs at shutdown (for tests: the hook's work without stopping the JVM). */
  void runNow() {
    hook.run();
  }
}
