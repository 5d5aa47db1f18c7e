package dev.gatlingllm.dsl.prompts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.dsl.ready.PlannedPrompts;
import dev.gatlingllm.dsl.ready.Settings;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import dev.gatlingllm.tokenize.JTokkitTokenizer;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.Tokenizer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Prompts prepared before the load: the seed's own sequence, served without tokenizer work or
 * locks.
 */
class PreparedPromptsTest {
  private static final Tokenizer CL100K = JTokkitTokenizer.of("cl100k_base");
  private static final PrintStream QUIET =
      new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

  /** Counts the calls made to it, so that a test can tell when prompts are being generated. */
  private static final class CountingTokenizer implements Tokenizer {
    final AtomicInteger calls = new AtomicInteger();

    @Override
    public String name() {
      return "counting " + CL100K.name();
    }

    @Override
    public int[] encode(String text) {
      calls.incrementAndGet();
      return CL100K.encode(text);
    }

    @Override
    public String decode(int[] ids) {
      calls.incrementAndGet();
      return CL100K.decode(ids);
    }
  }

  /** Runs submitted tasks only when the test says so. */
  private static final class ManualExecutor implements Executor {
    final ConcurrentLinkedQueue<Runnable> pending = new ConcurrentLinkedQueue<>();

    @Override
    public void execute(Runnable task) {
      pending.add(task);
    }

    void runPending() {
      for (Runnable task = pending.poll(); task != null; task = pending.poll()) {
        task.run();
      }
    }
  }

  private static PreparedPrompts prepare(
      RandomPrompts generator, long planned, Executor background) {
    return PreparedPrompts.prepare(generator, planned, QUIET, System::nanoTime, background);
  }

  private static String text(Map<String, Object> record) {
    return (String) record.get(PromptRecords.PROMPT);
  }

  @Test
  void preparedPromptsAreTheLazySequenceOfTheSameSeedWithExactLengths() {
    PreparedPrompts prepared =
        prepare(new RandomPrompts(CL100K, 64, 0.25, 8, 11), 40, new ManualExecutor());
    RandomPrompts lazy = new RandomPrompts(CL100K, 64, 0.25, 8, 11);
    assertEquals(40, prepared.preparedCount());
    for (int i = 0; i < 40; i++) {
      Map<String, Object> record = prepared.next();
      RandomPrompts.Prompt expected = lazy.next();
      assertEquals(expected.text(), text(record), "prompt " + i);
      assertEquals(expected.tokens(), record.get(PromptRecords.INPUT_TOKENS));
      assertEquals(expected.tokens(), CL100K.count(text(record)), "exact length of prompt " + i);
      assertEquals(List.of(ChatMessage.user(expected.text())), record.get(PromptRecords.MESSAGES));
    }
  }

  @Test
  void pollingFromSeveralThreadsHandsEveryPreparedPromptOutOnceWithoutTokenizerCalls()
      throws Exception {
    CountingTokenizer tokenizer = new CountingTokenizer();
    int count = 400;
    PreparedPrompts prepared =
        prepare(new RandomPrompts(tokenizer, 32, 0, 0, 5), count, new ManualExecutor());
    assertTrue(
        tokenizer.calls.get() >= 2 * count, "preparing used the tokenizer: " + tokenizer.calls);
    tokenizer.calls.set(0);

    int threads = 4;
    List<List<String>> taken = new ArrayList<>();
    List<Thread> pollers = new ArrayList<>();
    CyclicBarrier start = new CyclicBarrier(threads);
    for (int t = 0; t < threads; t++) {
      List<String> mine = new ArrayList<>();
      taken.add(mine);
      Thread poller =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
                for (int i = 0; i < count / threads; i++) {
                  mine.add(text(prepared.next()));
                }
              });
      pollers.add(poller);
      poller.start();
    }
    for (Thread poller : pollers) {
      poller.join(10_000);
    }

    assertEquals(0, tokenizer.calls.get(), "serving prepared prompts never calls the tokenizer");
    Set<String> served = new HashSet<>();
    taken.forEach(served::addAll);
    RandomPrompts lazy = new RandomPrompts(CL100K, 32, 0, 0, 5);
    Set<String> expected = new HashSet<>();
    for (int i = 0; i < count; i++) {
      expected.add(lazy.next().text());
    }
    assertEquals(count, expected.size(), "the sequence's prompts all differ");
    assertEquals(expected, served, "every prepared prompt handed out exactly once");
  }

  @Test
  void aRunThatOutgrowsItsPlanGoesOnWithTheSequenceMadeInTheBackground() {
    CountingTokenizer tokenizer = new CountingTokenizer();
    ManualExecutor background = new ManualExecutor();
    PreparedPrompts prompts = prepare(new RandomPrompts(tokenizer, 16, 0, 0, 3), 5, background);
    List<String> served = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      served.add(text(prompts.next()));
    }
    assertEquals(0, prompts.generatedInline());

    // Nothing ready yet: the first prompt past the plan is made on the caller's thread, and a
    // refill starts.
    served.add(text(prompts.next()));
    assertEquals(1, prompts.generatedInline());
    assertEquals(1, background.pending.size());
    background.runPending();

    tokenizer.calls.set(0);
    int fromQueue = PromptsAhead.AHEAD - PromptsAhead.LOW_WATER;
    for (int i = 0; i < fromQueue; i++) {
      served.add(text(prompts.next()));
    }
    assertEquals(0, tokenizer.calls.get(), "prompts made ahead are served without tokenizer work");
    assertEquals(1, prompts.generatedInline());
    assertTrue(background.pending.isEmpty(), "no refill while the queue holds its low-water mark");
    served.add(text(prompts.next()));
    served.add(text(prompts.next()));
    assertEquals(
        1, background.pending.size(), "below the low-water mark one refill is asked for, once");

    RandomPrompts lazy = new RandomPrompts(CL100K, 16, 0, 0, 3);
    for (int i = 0; i < served.size(); i++) {
      assertEquals(
          lazy.next().text(), served.get(i), "prompt " + i + " continues the seed's sequence");
    }
  }

  @Test
  void progressIsShownOnlyWhenPreparingTakesOverASecond() {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream console = new PrintStream(printed, true, StandardCharsets.UTF_8);
    AtomicLong clock = new AtomicLong();
    // The clock is read at the start and at every tenth (2 prompts), each reading moving it 150 ms
    // on: past a second from the seventh tenth.
    PreparedPrompts.prepare(
        new RandomPrompts(CL100K, 8, 0, 0, 1),
        20,
        console,
        () -> clock.getAndAdd(150_000_000L),
        new ManualExecutor());
    List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(
        List.of(
            "gatling-llm: preparing random prompts: 14 of 20 (70 %)",
            "gatling-llm: preparing random prompts: 16 of 20 (80 %)",
            "gatling-llm: preparing random prompts: 18 of 20 (90 %)",
            "gatling-llm: 20 random prompts prepared in 1.5 s"),
        lines);

    printed.reset();
    PreparedPrompts.prepare(
        new RandomPrompts(CL100K, 8, 0, 0, 1), 20, console, () -> 0L, new ManualExecutor());
    assertEquals("", printed.toString(StandardCharsets.UTF_8), "a quick preparation says nothing");
  }

  @Test
  void thePreparedCountIsCappedByNumberAndByTokens() {
    assertEquals(10, PreparedPrompts.preparedCount(10, 4_000));
    assertEquals(PreparedPrompts.MAX_PREPARED, PreparedPrompts.preparedCount(5_000_000, 100));
    assertEquals(
        6_250,
        PreparedPrompts.preparedCount(1_000_000, 4_000),
        "25 M tokens of 4000-token prompts");
    assertEquals(0, PreparedPrompts.preparedCount(0, 100));
  }

  @Test
  void plannedPromptsCountEveryRequestOfTheStepsOrEstimateTheDurationAndTheRates() {
    // Levels 1 and 3, 4 requests each (3 streams round up to 6), 2 warm-up requests.
    WorkloadSettings requests =
        settings(
            "llm.levels",
            "1,3",
            "llm.requestsPerLevel",
            "4",
            "llm.warmupRequests",
            "2",
            "llm.warmupSeconds",
            "0");
    assertEquals(2 + 4 + 6, PlannedPrompts.forSteps(requests, 1));
    assertEquals(3 * (2 + 4 + 6), PlannedPrompts.forSteps(requests, 3), "one prompt a turn");
    // A JIT warm-up of 3 streams (the highest level) for at most 10 s, 32-token answers at 100
    // tok/s per stream: 3 x 10 x 100 / 32 = 93.75, rounded up.
    WorkloadSettings warmed =
        settings(
            "llm.levels",
            "1,3",
            "llm.requestsPerLevel",
            "4",
            "llm.warmupRequests",
            "2",
            "llm.warmupSeconds",
            "10");
    assertEquals(94 + 2 + 4 + 6, PlannedPrompts.forSteps(warmed, 1));
    // 30 s levels of 50-token answers at an assumed 100 tok/s per stream: 2 requests a stream a
    // second.
    WorkloadSettings duration =
        settings(
            "llm.levels",
            "1,4",
            "llm.levelDuration",
            "30",
            "llm.outputTokens",
            "50",
            "llm.warmupRequests",
            "0",
            "llm.warmupSeconds",
            "0");
    assertEquals(60 + 240, PlannedPrompts.forSteps(duration, 1));
    // 4 req/s for 25 s: 100 expected plus 3 standard deviations (30); 1 req/s: 25 plus 15.
    assertEquals(130 + 40, PlannedPrompts.forOpenRates(List.of(4.0, 1.0), Duration.ofSeconds(25)));
  }

  private static WorkloadSettings settings(String... keyValues) {
    Properties properties = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      properties.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return WorkloadSettings.read(
        Settings.of(properties), WorkloadSettings.defaults().inputTokens(64).outputTokens(32));
  }
}
