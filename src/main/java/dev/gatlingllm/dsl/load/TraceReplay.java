package dev.gatlingllm.dsl.load;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.listFeeder;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.dsl.prompts.Datasets;
import dev.gatlingllm.dsl.prompts.PromptRecords;
import dev.gatlingllm.dsl.prompts.RandomPrompts;
import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.LevelWindow;
import dev.gatlingllm.values.Tokenizer;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Replays a recorded trace in an open model that keeps its arrival times: Mooncake's trace format,
 * one JSON object a line, {@code {"timestamp": ms, "input_length": n, "output_length": m,
 * "hash_ids": [...]}}. Request i is scheduled at the run's start + timestamp_i / speed, whatever
 * the server does (a late send counts as send lateness, from that scheduled time); its prompt is
 * exactly input_length tokens and asks for output_length tokens.
 *
 * <p>Shared prefixes: in the trace, each hash id names a block of {@code blockTokens} (512 in
 * Mooncake) prompt tokens, and requests with the same leading ids share those blocks. Each id gets
 * one block of random words of that many tokens, so requests sharing ids send the same leading text
 * and a server's prefix cache sees them as the trace recorded; the rest of each prompt is its own.
 * Immutable.
 */
public final class TraceReplay {
  /** Mooncake's block size. */
  public static final int DEFAULT_BLOCK_TOKENS = 512;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One recorded request. */
  public record Entry(
      long timestampMillis, int inputTokens, int outputTokens, List<Long> hashIds) {}

  private final List<Entry> entries;
  private final double speed;

  private TraceReplay(List<Entry> entries, double speed) {
    this.entries = entries;
    this.speed = speed;
  }

  /**
   * Reads a trace, sorted by timestamp.
   *
   * @param location a path, or else a classpath resource
   * @param limit the first this many requests (by time), or 0 for all
   * @param speed 1 for the recorded pace, 2 for twice as fast
   */
  public static TraceReplay read(String location, int limit, double speed) {
    try {
      return readTrace(location, limit, speed);
    } catch (IllegalArgumentException e) {
      throw UserError.of(e); // the message names the trace and its line
    }
  }

  private static TraceReplay readTrace(String location, int limit, double speed) {
    if (!(speed > 0) || Double.isInfinite(speed)) {
      throw new IllegalArgumentException("the replay speed must be positive, was " + speed);
    }
    List<Entry> entries = new ArrayList<>();
    try (InputStream in = Datasets.open(location, "trace");
        BufferedReader lines =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      int number = 0;
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        number++;
        if (line.isBlank() || line.strip().startsWith("//")) {
          continue;
        }
        try {
          entries.add(entry(JSON.readTree(line)));
        } catch (IOException | IllegalArgumentException e) {
          throw new IllegalArgumentException(
              Redactor.credentialsIn(location) + " line " + number + ": " + e.getMessage());
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read trace '"
              + Redactor.credentialsIn(location)
              + "': "
              + Redactor.credentialsIn(e.getMessage()));
    }
    if (entries.isEmpty()) {
      throw new IllegalArgumentException(Redactor.credentialsIn(location) + " holds no request");
    }
    entries.sort(Comparator.comparingLong(Entry::timestampMillis));
    List<Entry> kept = limit > 0 && limit < entries.size() ? entries.subList(0, limit) : entries;
    return new TraceReplay(List.copyOf(kept), speed);
  }

  private static Entry entry(JsonNode node) {
    long timestamp = whole(node, "timestamp", 0, Long.MAX_VALUE);
    int input = (int) whole(node, "input_length", 1, RandomPrompts.MAX_TOKENS);
    int output = (int) whole(node, "output_length", 1, RandomPrompts.MAX_TOKENS);
    List<Long> ids = new ArrayList<>();
    for (JsonNode id : node.path("hash_ids")) {
      if (!id.canConvertToLong()) {
        throw new IllegalArgumentException("'hash_ids' must hold integers");
      }
      ids.add(id.asLong());
    }
    return new Entry(timestamp, input, output, List.copyOf(ids));
  }

  private static long whole(JsonNode node, String field, long min, long max) {
    JsonNode value = node.get(field);
    if (value == null
        || !value.isIntegralNumber()
        || !value.canConvertToLong()
        || value.asLong() < min
        || value.asLong() > max) {
      throw new IllegalArgumentException(
          "needs '"
              + field
              + "', a whole number "
              + (max == Long.MAX_VALUE ? ">= " + min : "from " + min + " to " + max)
              + (value == null ? "" : ", was " + value));
    }
    return value.asLong();
  }

  public List<Entry> entries() {
    return entries;
  }

  /** The replay's length at its speed: the last arrival's scheduled offset. */
  public Duration span() {
    return Duration.ofNanos(offsetNanos(entries.get(entries.size() - 1)));
  }

  /**
   * The mean arrival rate at the replay's speed, requests per second (the level's offered rate).
   */
  public double meanRate() {
    double seconds = span().toNanos() / 1e9;
    return seconds > 0 ? (entries.size() - 1) / seconds : entries.size();
  }

  /**
   * The feeder records, in arrival order: each with its exact prompt, its output limit ({@link
   * PromptRecords#MAX_TOKENS}) and its scheduled offset; built now, before the load.
   *
   * @param tokenizer the tokenizer the prompts are exact for
   * @param blockTokens the tokens of one hash id's block
   * @param seed the random words' seed
   */
  public List<Map<String, Object>> records(Tokenizer tokenizer, int blockTokens, long seed) {
    if (blockTokens < 1) {
      throw new IllegalArgumentException("block tokens must be >= 1, was " + blockTokens);
    }
    int longest = entries.stream().mapToInt(Entry::inputTokens).max().orElse(1);
    RandomPrompts words = new RandomPrompts(tokenizer, Math.max(longest, blockTokens), 0, 0, seed);
    Map<Long, String> blocks = new HashMap<>();
    List<Map<String, Object>> records = new ArrayList<>(entries.size());
    for (Entry entry : entries) {
      String shared = sharedBlocks(entry, blocks, words, tokenizer, blockTokens);
      RandomPrompts.Prompt prompt = words.startingWith(shared, entry.inputTokens());
      records.add(
          Map.of(
              PromptRecords.PROMPT,
              prompt.text(),
              PromptRecords.MESSAGES,
              List.of(ChatMessage.user(prompt.text())),
              PromptRecords.INPUT_TOKENS,
              prompt.tokens(),
              PromptRecords.MAX_TOKENS,
              entry.outputTokens(),
              OFFSET_NANOS,
              offsetNanos(entry)));
    }
    return List.copyOf(records);
  }

  /** The feeder key of a record's scheduled offset from the replay's start, in nanoseconds. */
  public static final String OFFSET_NANOS = "traceOffsetNanos";

  /** The blocks of the entry's hash ids that fit below its length, joined; "" for none. */
  private static String sharedBlocks(
      Entry entry,
      Map<Long, String> blocks,
      RandomPrompts words,
      Tokenizer tokenizer,
      int blockTokens) {
    StringBuilder text = new StringBuilder();
    for (long id : entry.hashIds()) {
      String block = blocks.computeIfAbsent(id, k -> words.startingWith("", blockTokens).text());
      String longer = text.length() == 0 ? block : text + "\n" + block;
      // Room must stay for the prompt's own part after the shared blocks.
      if (tokenizer.count(longer) >= entry.inputTokens()) {
        break;
      }
      text.setLength(0);
      text.append(longer);
    }
    return text.toString();
  }

  private long offsetNanos(Entry entry) {
    long first = entries.get(0).timestampMillis();
    return Math.round((entry.timestampMillis() - first) * 1e6 / speed);
  }

  /**
   * The population: one user per recorded request, all started together, each waiting (a Gatling
   * pause, no thread held) until its scheduled time, then marking it as the request's scheduled
   * start and sending.
   *
   * <p>A JIT warm-up, when given, runs first with records of its own (the trace's, again), so that
   * the first recorded arrivals are not sent late by a client still compiling its own code.
   *
   * @param name the scenario name
   * @param records {@link #records}, in order
   * @param oneRequest the request, reading the fed record
   * @param warmup the JIT warm-up, or null for none
   */
  public PopulationBuilder build(
      String name, List<Map<String, Object>> records, ChainBuilder oneRequest, JitWarmup warmup) {
    AtomicLong startNanos = new AtomicLong();
    ChainBuilder arrive =
        feed(listFeeder(records).queue())
            .exec(
                session -> {
                  startNanos.compareAndSet(0, System.nanoTime());
                  long scheduled = startNanos.get() + session.getLong(OFFSET_NANOS);
                  return session.set(SessionKeys.SCHEDULED_NANOS, scheduled);
                })
            .exec(
                pause(
                    session ->
                        Duration.ofNanos(
                            Math.max(
                                0,
                                session.getLong(SessionKeys.SCHEDULED_NANOS) - System.nanoTime()))))
            .exec(LlmDsl.startLevel(0, records.size()));
    PopulationBuilder replay =
        scenario(name).exec(arrive, exec(oneRequest)).injectOpen(atOnceUsers(records.size()));
    if (warmup == null) {
      return replay;
    }
    ChainBuilder warmupRequest = feed(listFeeder(records).circular()).exec(oneRequest);
    return LevelChain.sequential(
        List.of(warmup.population(name, warmupRequest, Duration.ZERO), replay));
  }

  /**
   * The JIT warm-up's streams when the user names none: the trace's mean arrival rate, rounded up.
   */
  public int warmupStreams() {
    return (int) Math.max(1, Math.ceil(meanRate()));
  }

  /** The one level the LLM report expects: the trace's mean arrival rate. */
  public List<LevelWindow> plannedLevels() {
    return List.of(LevelWindow.pending(0, 0, meanRate()));
  }
}
