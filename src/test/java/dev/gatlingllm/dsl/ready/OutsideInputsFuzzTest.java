package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.bounds.Bound;
import dev.gatlingllm.bounds.BoundedText;
import dev.gatlingllm.dsl.agents.AgentTraces;
import dev.gatlingllm.dsl.load.TraceReplay;
import dev.gatlingllm.dsl.prompts.AudioFiles;
import dev.gatlingllm.dsl.prompts.DatasetOptions;
import dev.gatlingllm.dsl.prompts.Datasets;
import dev.gatlingllm.dsl.prompts.ImageDatasets;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.metrics.server.PrometheusText;
import dev.gatlingllm.properties.PropertyBounds;
import dev.gatlingllm.report.compare.BaselineComparison;
import dev.gatlingllm.report.compare.UnreadableReport;
import dev.gatlingllm.simulator.FaultSpec;
import dev.gatlingllm.simulator.FixedTiming;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.simulator.SettingBounds;
import dev.gatlingllm.simulator.SimulatorSetting;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The fuzz suite of what comes from outside: every {@code llm.*} and {@code sim.*} property that
 * holds numbers, and the readers of users' files (agent traces, datasets, traces, WAV clips,
 * lines), fed NaN, infinities, negatives, zero, 2^63, empty and blank texts, words, huge lists and
 * random bytes, and baselines (a run's summary.json), simulator profiles, metrics pages and schema
 * files, generated whole, broken or cut. Each input ends in a correct result (within its stated
 * bound) or in one {@code gatling-llm:} line, a {@link UserError} of one line naming its source:
 * never another exception, an {@code OutOfMemoryError} or a hang (each try has 10 s). Its budget:
 * under 60 s in all (about 2,700 tries; measured at 6 to 11 s on a shared two-core machine).
 */
class OutsideInputsFuzzTest {
  private static final Duration PER_TRY = Duration.ofSeconds(10);
  private static Path dir;

  @BeforeContainer
  static void folder() throws IOException {
    dir = Files.createTempDirectory("fuzz");
  }

  @AfterContainer
  static void removeFolder() throws IOException {
    try (var files = Files.walk(dir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  /** The values a hostile or careless user gives a number. */
  @Provide
  Arbitrary<String> hostileNumbers() {
    Arbitrary<String> fixed =
        Arbitraries.of(
            "NaN",
            "-NaN",
            "Infinity",
            "-Infinity",
            "1e309",
            "-1e309",
            "1e999999999",
            "1e-999999999",
            "0",
            "-0",
            "-1",
            "0.0",
            "1",
            "1.5",
            "2e9",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775809",
            "18446744073709551616",
            "0x10",
            "1_000",
            "1,000",
            "",
            "   ",
            "\t",
            "none",
            "soon",
            "true",
            "sk-proj-abcdefghijklmnop",
            "1".repeat(100_000),
            "1,".repeat(100_000) + "1",
            "0.5,".repeat(5_000) + "x",
            "1, 2, 3",
            "1,,2",
            "1e3,2e3");
    Arbitrary<String> longs = Arbitraries.longs().map(String::valueOf);
    Arbitrary<String> doubles = Arbitraries.doubles().map(String::valueOf);
    Arbitrary<String> small = Arbitraries.integers().between(-10, 100_000).map(String::valueOf);
    Arbitrary<String> words = Arbitraries.strings().ofMaxLength(30);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, fixed),
        net.jqwik.api.Tuple.of(2, longs),
        net.jqwik.api.Tuple.of(2, doubles),
        net.jqwik.api.Tuple.of(2, small),
        net.jqwik.api.Tuple.of(1, words));
  }

  @Provide
  Arbitrary<String> boundedProperties() {
    return Arbitraries.of(new ArrayList<>(PropertyBounds.all().keySet()));
  }

  @Provide
  Arbitrary<SimulatorSetting> boundedSettings() {
    return Arbitraries.of(
        List.of(SimulatorSetting.values()).stream()
            .filter(s -> !SettingBounds.NOT_NUMBERS.contains(s))
            .toList());
  }

  /**
   * Runs {@code read} in its time budget: a value or one line naming {@code source}, nothing else.
   */
  private static <T> T oneLineOrValue(String source, Supplier<T> read) {
    return oneLineOrValue(UserError.class, source, read);
  }

  /**
   * {@link #oneLineOrValue(String, Supplier)} for a reader whose refusal is {@code refusal}: any
   * other exception fails the try.
   */
  private static <T> T oneLineOrValue(
      Class<? extends RuntimeException> refusal, String source, Supplier<T> read) {
    return assertTimeoutPreemptively(
        PER_TRY,
        () -> {
          try {
            return read.get();
          } catch (RuntimeException e) {
            if (!refusal.isInstance(e)) {
              throw e;
            }
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            assertTrue(e.getMessage().contains(source), source + ": " + e.getMessage());
            return null;
          }
        });
  }

  /** Reads one property the way the settings reader reads its kind. */
  private static Object readThroughSettings(String name, String value) {
    Properties properties = new Properties();
    properties.setProperty(name, value);
    Settings settings = Settings.of(properties);
    Bound bound = PropertyBounds.of(name);
    if (PropertyBounds.LISTS.contains(name)) {
      return bound.whole() ? settings.wholeNumbers(name, null) : settings.numbers(name, null);
    }
    if (bound.whole() && bound.max().compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0) {
      return (long) settings.wholeNumber(name, -1);
    }
    if (bound.whole()) {
      return settings.integer(name, -1); // a long: not through ?:, which would make it a double
    }
    return settings.number(name, -1);
  }

  @Property(tries = 600)
  void everyBoundedLlmPropertyGivesAValueWithinItsBoundOrOneLine(
      @ForAll("boundedProperties") String name, @ForAll("hostileNumbers") String value) {
    Object read =
        name.equals("llm.ratio") || name.equals("llm.injector.startAt") || value.isBlank()
            ? null // read elsewhere; a blank value is unset, the caller's default
            : oneLineOrValue(name, () -> readThroughSettings(name, value));
    Bound bound = PropertyBounds.of(name);
    if (read instanceof List<?> list) {
      assertTrue(list.size() <= PropertyBounds.MAX_LIST_ENTRIES);
      list.forEach(each -> assertTrue(bound.contains(new BigDecimal(each.toString())), name));
    } else if (read instanceof Number number) {
      assertTrue(bound.contains(new BigDecimal(number.toString())), name + "=" + number);
    }
  }

  @Property(tries = 300)
  void theReadySettingsReadersTakeAnyValueOfAnyPropertyWithoutAStack(
      @ForAll("boundedProperties") String name, @ForAll("hostileNumbers") String value) {
    Properties properties = new Properties();
    properties.setProperty(name, value);
    Settings settings = Settings.of(properties);
    // Cross checks (a prefix below the shortest prompt, one of two settings) name both
    // properties; the property itself is among those named.
    oneLineOrValue(name, () -> WorkloadSettings.read(settings, WorkloadSettings.defaults()));
    oneLineOrValue(name, () -> ReportSettings.read(settings));
    oneLineOrValue(name, () -> InjectorSettings.read(settings));
    oneLineOrValue("ratio", () -> InputOutputRatio.fromSetting("llm.ratio", value + ":" + value));
  }

  @Property(tries = 300)
  void everyBoundedSimulatorSettingGivesAValueWithinItsBoundOrOneLine(
      @ForAll("boundedSettings") SimulatorSetting setting, @ForAll("hostileNumbers") String value) {
    oneLineOrValue(
        setting.propertyName(), () -> LlmSimulator.builder().set(setting, value).config());
  }

  @Property(tries = 200)
  void theImageAndAudioSettingsBoundWhatTheyGenerate(
      @ForAll("imageAndAudioProperties") String name, @ForAll("hostileNumbers") String value) {
    System.setProperty(name, value);
    try {
      ImageSettings images = oneLineOrValue("llm.", ImageSettings::fromSystemProperties);
      if (images != null) {
        assertTrue(
            (long) images.count() * images.distinct() * images.width() * images.height()
                <= ImageSettings.MAX_SYNTHETIC_PIXELS);
      }
      AudioSettings audio = oneLineOrValue("llm.", AudioSettings::fromSystemProperties);
      if (audio != null) {
        assertTrue(
            (long) audio.count() * audio.distinct() * audio.seconds()
                <= AudioSettings.MAX_SYNTHETIC_SECONDS);
      }
    } finally {
      System.clearProperty(name);
    }
  }

  @Provide
  Arbitrary<String> imageAndAudioProperties() {
    return Arbitraries.of(
        "llm.images.count",
        "llm.images.width",
        "llm.images.height",
        "llm.images.distinct",
        "llm.audio.count",
        "llm.audio.seconds",
        "llm.audio.distinct");
  }

  /** A JSON value a hostile trace holds where a number belongs. */
  @Provide
  Arbitrary<String> jsonValues() {
    return Arbitraries.oneOf(
        hostileNumbers().filter(v -> !v.isBlank() && v.length() < 1000).map(v -> v),
        hostileNumbers().filter(v -> v.length() < 1000).map(v -> '"' + v.replace("\"", "") + '"'),
        Arbitraries.of("null", "[]", "{}", "[1]", "true", "-0.0", "1e400"));
  }

  @Property(tries = 150)
  void anAgentTraceIsReadOrRefusedInOneLineNamingItsFile(
      @ForAll("jsonValues") String input,
      @ForAll("jsonValues") String output,
      @ForAll("jsonValues") String latency)
      throws IOException {
    Path trace = Files.createTempFile(dir, "agent", ".jsonl");
    Files.writeString(
        trace,
        "{\"turns\":[{\"input_tokens\":"
            + input
            + ",\"output_tokens\":"
            + output
            + ",\"tool_latency_ms\":"
            + latency
            + "}]}\n");
    var sessions = oneLineOrValue(trace.toString(), () -> AgentTraces.read(trace.toString()));
    if (sessions != null) {
      var turn = sessions.get(0).turns().get(0);
      assertTrue(turn.inputTokens() >= 1 && turn.inputTokens() <= 2_000_000);
      assertTrue(turn.outputTokens() >= 1 && turn.outputTokens() <= 2_000_000);
      assertTrue(turn.toolLatency().toMillis() >= 0 && turn.toolLatency().toMillis() <= 3_600_000);
    }
  }

  @Property(tries = 150)
  void aTraceLineIsReadOrRefusedInOneLineNamingItsFile(
      @ForAll("jsonValues") String timestamp,
      @ForAll("jsonValues") String input,
      @ForAll("jsonValues") String output)
      throws IOException {
    Path trace = Files.createTempFile(dir, "trace", ".jsonl");
    Files.writeString(
        trace,
        "{\"timestamp\": 0, \"input_length\": 5, \"output_length\": 1}\n"
            + "{\"timestamp\": "
            + timestamp
            + ", \"input_length\": "
            + input
            + ", \"output_length\": "
            + output
            + "}\n");
    TraceReplay replay =
        oneLineOrValue(trace.toString(), () -> TraceReplay.read(trace.toString(), 0, 1));
    if (replay != null) {
      assertTrue(replay.span().toSeconds() <= 7 * 24 * 3600, "no replay longer than a week");
    }
  }

  @Property(tries = 100)
  void aDatasetIsReadOrRefusedInOneLineNamingItsFile(
      @ForAll("jsonValues") String prompt, @ForAll("trailers") String after) throws IOException {
    Path file = Files.createTempFile(dir, "sharegpt", ".json");
    Files.writeString(
        file,
        "[{\"conversations\": [{\"from\": \"human\", \"value\": "
            + prompt
            + "}, {\"from\": \"gpt\", \"value\": \"ok\"}]}]"
            + after);
    oneLineOrValue(
        file.toString(),
        () -> {
          try {
            return Datasets.read(file.toString(), DatasetOptions.DEFAULTS, null);
          } catch (IllegalArgumentException e) {
            throw UserError.of(e); // as ReadyRun.dataset turns it
          }
        });
  }

  @Provide
  Arbitrary<String> trailers() {
    return Arbitraries.of("", "\n", " \n\t", "junk", "[]", "{}", "#!/bin/sh\n", ",", "]");
  }

  @Property(tries = 200)
  void aWavClipHasItsDurationFromTheBytesItHoldsOrIsRefused(@ForAll("wavs") byte[] wav)
      throws IOException {
    Path clip = Files.createTempFile(dir, "clip", ".wav");
    Files.write(clip, wav);
    var audio = oneLineOrValue(clip.toString(), () -> AudioFiles.read(clip.toString()));
    if (audio != null) {
      // no header may claim more than the bytes there at the lowest rate (1 byte/s)
      assertTrue(audio.durationMillis() <= wav.length * 1000L, audio.toString());
    }
  }

  /** WAV files with random header fields, cut or padded, and random bytes. */
  @Provide
  Arbitrary<byte[]> wavs() {
    Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMaxSize(100);
    Arbitrary<byte[]> headers =
        Combinators.combine(
                Arbitraries.integers(),
                Arbitraries.integers(),
                Arbitraries.integers(),
                Arbitraries.integers().between(0, 2_000))
            .as(OutsideInputsFuzzTest::wav);
    return Arbitraries.oneOf(random, headers);
  }

  private static byte[] wav(int sampleRate, int byteRate, int dataSize, int held) {
    java.nio.ByteBuffer b =
        java.nio.ByteBuffer.allocate(44 + held).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.put("RIFF".getBytes(StandardCharsets.US_ASCII)).putInt(36 + held);
    b.put("WAVEfmt ".getBytes(StandardCharsets.US_ASCII)).putInt(16);
    b.putShort((short) 1).putShort((short) 1).putInt(sampleRate).putInt(byteRate);
    b.putShort((short) 2).putShort((short) 16);
    b.put("data".getBytes(StandardCharsets.US_ASCII)).putInt(dataSize);
    return b.array();
  }

  @Property(tries = 100)
  void anImageFileIsSentOnlyWhenItsBytesAreItsFormats(
      @ForAll("imageBytes") byte[] bytes, @ForAll("imageNames") String name) throws IOException {
    Path folder = Files.createTempDirectory(dir, "images");
    Files.write(folder.resolve(name), bytes);
    Path data = folder.resolve("d.jsonl");
    Files.writeString(data, "{\"prompt\": \"x\", \"image\": \"" + name + "\"}\n");
    var records = oneLineOrValue(data.toString(), () -> ImageDatasets.read(data.toString()));
    if (records != null) {
      assertTrue(bytes.length > 0);
    }
  }

  @Provide
  Arbitrary<String> imageNames() {
    return Arbitraries.of("a.png", "a.jpg", "a.jpeg", "a.gif", "a.webp");
  }

  /** Random bytes, and random bytes behind each format's real signature. */
  @Provide
  Arbitrary<byte[]> imageBytes() {
    Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMaxSize(64);
    Arbitrary<byte[]> signed =
        Combinators.combine(
                Arbitraries.of(
                    new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'},
                    new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF},
                    new byte[] {'G', 'I', 'F', '8'},
                    new byte[] {'R', 'I', 'F', 'F', 0, 0, 0, 0, 'W', 'E', 'B', 'P'}),
                random)
            .as(
                (head, tail) -> {
                  byte[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
                  System.arraycopy(tail, 0, all, head.length, tail.length);
                  return all;
                });
    return Arbitraries.oneOf(random, signed);
  }

  @Property(tries = 200)
  void theSimulatorsTimingAndFaultSyntaxGivesASpecOrOneLine(
      @ForAll("specNames") String name, @ForAll("hostileNumbers") String value) {
    String spec = name + "=" + value;
    for (Supplier<?> parse :
        List.<Supplier<?>>of(
            () -> FaultSpec.parse(spec), () -> FixedTiming.parse(spec + ";itl=" + value))) {
      assertTimeoutPreemptively(
          PER_TRY,
          () -> {
            try {
              parse.get();
            } catch (IllegalArgumentException e) {
              // a 400 answer or, for sim.fault and sim.timing, the embedded simulator's one line
              assertFalse(e.getMessage().contains("\n"), e.getMessage());
            }
          });
    }
  }

  @Provide
  Arbitrary<String> specNames() {
    return Arbitraries.of(
        "status", "tokens-per-event", "events-per-write", "stall", "ttft", "itl", "role", "x");
  }

  @Property(tries = 200)
  void linesAreSplitAsTheJdkSplitsThem(@ForAll("texts") String text) throws IOException {
    List<String> read = new ArrayList<>();
    try (BoundedText.Lines lines =
        BoundedText.lines(
            new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "f.jsonl")) {
      for (String line = lines.next(); line != null; line = lines.next()) {
        read.add(line);
      }
    }
    assertEquals(text.lines().toList(), read);
  }

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.strings().withChars("ab\r\n \u00e9").ofMaxLength(200);
  }

  @Property(tries = 200)
  void aBoundReadsExactlyTheNumbersWithinItAndNothingElse(
      @ForAll long value, @ForAll("hostileNumbers") String text) {
    Bound bound = Bound.whole(-1000, Long.MAX_VALUE, "");
    String written = Long.toString(value);
    Long read = oneLineOrValue("x", () -> bound.readLong("x", written));
    assertEquals(value >= -1000 ? (Long) value : null, read);
    BigDecimal any = oneLineOrValue("x", () -> bound.read("x", text));
    if (any != null) {
      assertTrue(bound.contains(any));
    }
  }

  /**
   * Cuts {@code text} at {@code cut} when that falls inside it: a file truncated by a full disk.
   */
  private static String truncated(String text, int cut) {
    return cut > 0 && cut < text.length() ? text.substring(0, cut) : text;
  }

  /** A run's summary.json as the report writes it, its numbers and label hostile, maybe cut. */
  @Provide
  Arbitrary<String> summaries() {
    Arbitrary<String> written =
        Combinators.combine(
                jsonValues(), jsonValues(), jsonValues(), Arbitraries.integers().between(-1, 400))
            .as(
                (duration, label, p99, cut) ->
                    truncated(
                        "{\"levels\":[{\"index\":0,\"label\":"
                            + label
                            + ",\"measure_from_epoch_ms\":1000000,\"duration\":"
                            + duration
                            + ",\"p99_ttft_ms\":"
                            + p99
                            + "}],\"capacity\":{\"label\":\"4 streams\",\"load\":4}}",
                        cut));
    Arbitrary<String> shapes =
        Arbitraries.of(
            "",
            "null",
            "[1,2,3]",
            "{}",
            "\"text\"",
            "{\"levels\":null}",
            "{\"levels\":[null]}",
            "{\"levels\":{}}",
            "{\"levels\":[{\"label\":\"4 streams\"}],\"capacity\":[]}",
            "[".repeat(100_000),
            "{\"levels\":" + "[".repeat(5_000),
            "\uFEFF{\"levels\":[]}");
    return Arbitraries.oneOf(written, shapes, Arbitraries.strings().ofMaxLength(200));
  }

  @Property(tries = 150)
  void aBaselineIsReadOrRefusedInOneLineNamingItsFile(@ForAll("summaries") String summary)
      throws IOException {
    Path run = Files.createTempDirectory(dir, "baseline");
    Path llm = Files.createDirectories(run.resolve("llm"));
    Files.writeString(llm.resolve("summary.json"), summary);
    Files.writeString(llm.resolve("requests.csv"), "");
    oneLineOrValue(
        UnreadableReport.class,
        llm.toString(),
        () -> {
          try {
            BaselineComparison.checkReadable(run);
            return run;
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }

  /** Lines a hand-edited or damaged profile holds beside its settings. */
  @Provide
  Arbitrary<String> profileLines() {
    return Arbitraries.oneOf(
        Arbitraries.of(
            "",
            "# a comment",
            "sim.nope=1",
            "sim.profile=other.properties",
            "=",
            "sim.slots",
            "sim.slots=\\u12",
            "sim.slots=\\uZZZZ",
            "\\",
            "sim.slots=4\\",
            "sim.eosProbability=NaN",
            "sim.decodeStepPerStreamMicros=Infinity",
            "sim.slots=" + "9".repeat(10_000)),
        Arbitraries.strings().ofMaxLength(80));
  }

  @Property(tries = 150)
  void aSimulatorProfileGivesASimulatorOrOneLine(
      @ForAll("boundedSettings") SimulatorSetting setting,
      @ForAll("hostileNumbers") String value,
      @ForAll("profileLines") String other)
      throws IOException {
    Path profile = Files.createTempFile(dir, "twin", ".properties");
    Files.writeString(profile, setting.propertyName() + "=" + value + "\n" + other + "\n");
    // A setting's refusal names the setting (sim.slots), a file's the file.
    var config =
        oneLineOrValue(
            UserError.class, "sim", () -> LlmSimulator.builder().profile(profile).config());
    if (config != null) {
      assertTrue(
          Double.isFinite(config.eosProbability()) && config.eosProbability() <= 1,
          "no NaN let through: " + config.eosProbability());
    }
  }

  /** A metrics page, each line built from good and hostile parts, maybe cut. */
  @Provide
  Arbitrary<String> metricsPages() {
    Arbitrary<String> names =
        Arbitraries.of("vllm:num_requests_running", "a", "", "1abc", "x{", "x}", "# HELP x y");
    Arbitrary<String> labels =
        Arbitraries.of(
            "",
            "{}",
            "{model_name=\"m\"}",
            "{a=\"b\",}",
            "{a=\"unterminated}",
            "{a=\"\\\"\"}",
            "{a=b}",
            "{=\"x\"}",
            "{a=\"x\"",
            "{" + "a=\"x\",".repeat(2_000) + "}");
    Arbitrary<String> line =
        Combinators.combine(names, labels, hostileNumbers(), Arbitraries.of("", " 1", " x", " 1 2"))
            .as((name, label, value, after) -> name + label + " " + value + after);
    Arbitrary<String> page =
        Combinators.combine(
                line.list().ofMaxSize(8),
                Arbitraries.of("\n", "\r\n", "\r"),
                Arbitraries.integers().between(-1, 300))
            .as((lines, end, cut) -> truncated(String.join(end, lines), cut));
    Arbitrary<String> huge =
        Arbitraries.of(
            "a 1\n".repeat(PrometheusText.MAX_SAMPLES + 1),
            "a{" + "b=\"c\",".repeat(100_000) + "} 1\n",
            "a " + "1".repeat(100_000) + "\n");
    return Arbitraries.oneOf(page, huge, Arbitraries.strings().ofMaxLength(200));
  }

  @Property(tries = 200)
  void aMetricsPageGivesItsSamplesOrOneLineNamingTheLine(@ForAll("metricsPages") String page) {
    List<PrometheusText.Sample> samples =
        oneLineOrValue(
            PrometheusText.FormatException.class,
            "metrics page line ",
            () -> PrometheusText.parse(page));
    if (samples != null) {
      assertTrue(samples.size() <= PrometheusText.MAX_SAMPLES);
    }
  }

  /** Schemas from the hostile pass and generated ones: loops, remote references, deep, cut. */
  @Provide
  Arbitrary<String> schemas() {
    Arbitrary<String> fixed =
        Arbitraries.of(
            "",
            " ",
            "null",
            "[]",
            "\"object\"",
            "{\"$ref\":\"#\"}",
            "{\"$ref\":\"http://example.com/s.json\"}",
            "{\"$ref\":\"#/nowhere\"}",
            "{\"type\":\"objekt\"}",
            "{\"type\":[\"object\",7]}",
            "{\"properties\":{\"a\":".repeat(5_000) + "{}" + "}}".repeat(5_000) + "}",
            "[".repeat(100_000),
            "{\"$defs\":{\"a\":{\"$ref\":\"#/$defs/b\"},\"b\":{\"$ref\":\"#/$defs/a\"}},"
                + "\"$ref\":\"#/$defs/a\"}",
            "{\"type\":\"object\",\"properties\":{\"next\":{\"$ref\":\"#\"}}}");
    Arbitrary<String> keywords =
        Combinators.combine(
                Arbitraries.of("type", "$ref", "properties", "items", "minimum", "enum", "pattern"),
                Arbitraries.oneOf(
                    jsonValues(),
                    Arbitraries.of("\"#\"", "\"[\"", "\"#/properties\"", "{\"a\":{}}")),
                Arbitraries.integers().between(-1, 60))
            .as((key, value, cut) -> truncated("{\"" + key + "\":" + value + "}", cut));
    return Arbitraries.oneOf(fixed, keywords, Arbitraries.strings().ofMaxLength(100));
  }

  @Property(tries = 150)
  void aSchemaFileIsTakenOrRefusedInOneLineNamingItsFile(@ForAll("schemas") String schema)
      throws IOException {
    Path file = Files.createTempFile(dir, "schema", ".json");
    Files.writeString(file, schema);
    String read =
        oneLineOrValue(file.toString(), () -> JsonSchemaFile.read("llm.schema", file.toString()));
    if (read != null) {
      assertEquals(schema, read);
    }
  }
}
