package dev.gatlingllm.logging;

/**
 * A mistake of the user's, not of the code: a bad setting, an unreadable file, a target that cannot
 * serve the load. Its message is the whole story, one line naming what to change, so it carries no
 * stack trace; a run that fails with it prints that line alone ({@link UserErrorLines}). An {@link
 * IllegalArgumentException}, as the checks that throw it always did.
 */
public class UserError extends IllegalArgumentException {
  /**
   * The exit status of a run a user error stopped in Gatling's launcher, unless it says another.
   */
  public static final int EXIT_STATUS = 1;

  private final boolean alreadySaid;
  private final int exitStatus;

  /**
   * @param line what is wrong and what to do, e.g. {@code llm.seed must be an integer, was 'abc'}
   */
  public UserError(String line) {
    this(line, false);
  }

  /**
   * @param exitStatus the status the run ends with in Gatling's launcher, when the mistake has one
   *     of its own (docs/ci.md, "Exit codes": 4 for a baseline that is not a readable report)
   */
  public UserError(String line, int exitStatus) {
    super(line);
    this.alreadySaid = false;
    this.exitStatus = exitStatus;
  }

  /**
   * @param alreadySaid whether the line was already printed where it happened (the run then ends
   *     without printing it again)
   */
  protected UserError(String line, boolean alreadySaid) {
    super(line);
    this.alreadySaid = alreadySaid;
    this.exitStatus = EXIT_STATUS;
  }

  int exitStatus() {
    return exitStatus;
  }

  /** The same story for an error a reader of the user's input threw. */
  public static UserError of(IllegalArgumentException e) {
    return e instanceof UserError user ? user : new UserError(e.getMessage());
  }

  /**
   * The first line of an error's message, for a user error made of it: parsers such as Jackson's
   * add the source and a pointer to the column on lines of their own.
   */
  public static String firstLine(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int end = message.indexOf('\n');
    return end < 0 ? message : message.substring(0, end).stripTrailing();
  }

  boolean alreadySaid() {
    return alreadySaid;
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }
}
