package dev.gatlingllm.dsl.prompts;

import java.io.PrintStream;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * An endless feeder of exact-length random prompts, generated before the load starts.
 *
 * <p>Why before: making a prompt exact takes several tokenizer rounds (with {@code
 * llm.tokenizer=server}, each a blocking HTTP call), and Gatling polls a feeder on a virtual user's
 * event loop. So the prompts the run plans to use are generated up front, on the thread that builds
 * the simulation, and then handed out without a lock: one {@code getAndIncrement} into an array of
 * immutable records.
 *
 * <p>Why not cycle through a small pool: real servers cache prompt prefixes (vLLM's automatic
 * prefix caching, llama.cpp's prompt cache), so a prompt sent twice is answered faster and the
 * figures flatter the server. Every prompt handed out is therefore new. When a run needs more than
 * were prepared (levels that last a duration, open arrival rates: their count is an estimate),
 * {@link PromptsAhead} goes on from where the preparation stopped, on a background thread.
 *
 * <p>Same seed, same prompts: the prepared ones are the first of the generator's sequence, in
 * order, and the later ones continue it.
 */
public final class PreparedPrompts implements Iterator<Map<String, Object>> {
  /**
   * At most this many prompts are held prepared; a longer run goes on with {@link PromptsAhead}.
   */
  public static final int MAX_PREPARED = 100_000;

  /** And at most this many tokens in all (some 100 MB of text), for runs of long prompts. */
  static final long MAX_PREPARED_TOKENS = 25_000_000;

  /** Progress is shown only when preparing takes longer than this. */
  private static final long QUIET_NANOS = 1_000_000_000L;

  private final Map<String, Object>[] prepared;
  private final AtomicLong served = new AtomicLong();
  private final PromptsAhead ahead;

  private PreparedPrompts(Map<String, Object>[] prepared, PromptsAhead ahead) {
    this.prepared = prepared;
    this.ahead = ahead;
  }

  /**
   * Generates the prompts a run plans to use, on the calling thread (call it while the simulation
   * is built, never from a virtual user), printing its progress on {@code System.out} when that
   * takes over a second.
   *
   * @param generator the source of prompts; from now on used by the returned feeder only
   * @param plannedPrompts how many the run will use (exact, or an estimate); at most {@link
   *     #MAX_PREPARED} and {@link #MAX_PREPARED_TOKENS} tokens' worth are prepared, the rest follow
   *     in the background
   */
  public static PreparedPrompts prepare(RandomPrompts generator, long plannedPrompts) {
    return prepare(
        generator, plannedPrompts, System.out, System::nanoTime, PromptsAhead.backgroundExecutor());
  }

  static PreparedPrompts prepare(
      RandomPrompts generator,
      long plannedPrompts,
      PrintStream console,
      LongSupplier nanoTime,
      Executor background) {
    if (plannedPrompts < 0) {
      throw new IllegalArgumentException("planned prompts must be >= 0, was " + plannedPrompts);
    }
    int count = preparedCount(plannedPrompts, generator.longestTokens());
    @SuppressWarnings("unchecked")
    Map<String, Object>[] prompts = new Map[count];
    Progress progress = new Progress(count, console, nanoTime);
    for (int i = 0; i < count; i++) {
      prompts[i] = PromptRecords.of(generator.next());
      progress.done(i + 1);
    }
    return new PreparedPrompts(prompts, new PromptsAhead(generator, background));
  }

  /** How many prompts to prepare for a plan: all of them, within the caps on count and memory. */
  static int preparedCount(long plannedPrompts, int longestTokens) {
    long byMemory = Math.max(1, MAX_PREPARED_TOKENS / Math.max(1, longestTokens));
    return (int) Math.min(plannedPrompts, Math.min(MAX_PREPARED, byMemory));
  }

  /** How many prompts were prepared before the load. */
  public int preparedCount() {
    return prepared.length;
  }

  /**
   * How many prompts, beyond the prepared ones, a virtual user had to wait for while one was
   * generated.
   */
  public long generatedInline() {
    return ahead.generatedInline();
  }

  @Override
  public boolean hasNext() {
    return true;
  }

  /** The next prompt: thread-safe and lock-free while prepared ones are left. */
  @Override
  public Map<String, Object> next() {
    long index = served.getAndIncrement();
    if (index < prepared.length) {
      return prepared[(int) index];
    }
    return ahead.next(prepared.length);
  }

  /**
   * Prints a line at every tenth of the work once it has lasted over a second, and the total at the
   * end.
   */
  private static final class Progress {
    private final int total;
    private final PrintStream console;
    private final LongSupplier nanoTime;
    private final long startNanos;
    private int nextTenth = 1;
    private boolean shown;

    Progress(int total, PrintStream console, LongSupplier nanoTime) {
      this.total = total;
      this.console = console;
      this.nanoTime = nanoTime;
      this.startNanos = nanoTime.getAsLong();
    }

    void done(int prepared) {
      if (prepared * 10L < (long) nextTenth * total) {
        return;
      }
      nextTenth = (int) (prepared * 10L / total) + 1;
      long elapsed = nanoTime.getAsLong() - startNanos;
      if (prepared == total) {
        if (shown || elapsed > QUIET_NANOS) {
          console.printf(
              "gatling-llm: %d random prompts prepared in %.1f s%n", total, elapsed / 1e9);
        }
      } else if (elapsed > QUIET_NANOS) {
        shown = true;
        console.printf(
            "gatling-llm: preparing random prompts: %d of %d (%d %%)%n",
            prepared, total, prepared * 100L / total);
      }
    }
  }
}
