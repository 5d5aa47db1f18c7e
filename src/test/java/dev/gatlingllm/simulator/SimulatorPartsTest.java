package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Tokenizer, header syntaxes, settings and the ground-truth log's bounds. */
@Timeout(30)
class SimulatorPartsTest {

  @Test
  void tokenizerSplitsWordsSymbolsAndWhitespace() {
    assertEquals(
        List.of("Hello", ",", " world", "!", "\n"), SimpleTokenizer.tokens("Hello, world!\n"));
    assertEquals(List.of("a", " ", " b"), SimpleTokenizer.tokens("a  b"));
    assertEquals(List.of("x", "\n", " y"), SimpleTokenizer.tokens("x\n y"));
    assertEquals(0, SimpleTokenizer.count(""));
    assertEquals(
        SimpleTokenizer.tokens("The cat's 42 hats.").size(),
        SimpleTokenizer.count("The cat's 42 hats."));
    for (int i = 0; i < Vocabulary.size(); i++) {
      assertEquals(1, SimpleTokenizer.count(Vocabulary.word(i)), Vocabulary.word(i));
    }
    int[] ids = SimpleTokenizer.ids(" the zebra");
    assertEquals(Vocabulary.indexOf(" the"), ids[0]);
    assertTrue(ids[1] >= 1000);
  }

  @Test
  void parsesFaultHeaders() {
    FaultSpec spec = FaultSpec.parse("status=503;retry-after=4");
    assertEquals(503, spec.status());
    assertEquals(4, spec.retryAfterSeconds());

    FaultSpec combined =
        FaultSpec.parse(
            "tokens-per-event=3, line-endings=crlf, keepalive-comments, no-usage,"
                + " close-after-response, invalid-json;at=5, wrong-content-type, empty-body, stall;after=7");
    assertEquals(3, combined.tokensPerEvent());
    assertEquals(FaultSpec.LineEnding.CRLF, combined.lineEnding());
    assertTrue(combined.keepaliveComments() && combined.noUsage() && combined.closeAfterResponse());
    assertEquals(5, combined.invalidJsonAtEvent());
    assertTrue(combined.wrongContentType() && combined.emptyBody());
    assertEquals(FaultSpec.MidStream.STALL, combined.midStream());
    assertEquals(7, combined.afterTokens());

    assertEquals(FaultSpec.MidStream.ERROR, FaultSpec.parse("error-mid-stream=2").midStream());
    assertEquals(2, FaultSpec.parse("reset-mid-stream;after=2").afterTokens());
    FixedTiming role = FaultSpec.parse("role-delay;role=10;content=200;itl=20").roleDelay();
    assertEquals(new FixedTiming(200_000_000, 20_000_000, 10_000_000), role);
    assertEquals(2, FaultSpec.combine("tokens-per-event=5", "tokens-per-event=2").tokensPerEvent());
    assertEquals(FaultSpec.NONE, FaultSpec.parse(" "));

    assertThrows(IllegalArgumentException.class, () -> FaultSpec.parse("explode"));
    assertThrows(IllegalArgumentException.class, () -> FaultSpec.parse("status=200"));
    assertThrows(IllegalArgumentException.class, () -> FaultSpec.parse("tokens-per-event=0"));
    assertThrows(IllegalArgumentException.class, () -> FaultSpec.parse("events-per-write=0"));
    assertEquals(4, FaultSpec.parse("events-per-write=4").eventsPerWrite());
    assertEquals(1, FaultSpec.parse("no-usage").eventsPerWrite());
    assertThrows(IllegalArgumentException.class, () -> FaultSpec.parse("line-endings=nl"));
  }

  @Test
  void parsesTimingHeaders() {
    assertEquals(
        new FixedTiming(200_000_000, 20_000_000, -1), FixedTiming.parse("ttft=200;itl=20"));
    assertEquals(
        new FixedTiming(1_500_000, 250_000, 10_000_000),
        FixedTiming.parse("ttft=1.5; itl=0.25; role=10"));
    assertNull(FixedTiming.parse(""));
    assertThrows(IllegalArgumentException.class, () -> FixedTiming.parse("ttft=200"));
    assertThrows(IllegalArgumentException.class, () -> FixedTiming.parse("ttft=abc;itl=1"));
  }

  @Test
  void builderIsImmutableAndSystemPropertiesApply() {
    LlmSimulator.Builder base = LlmSimulator.builder().slots(8);
    LlmSimulator.Builder derived = base.slots(16).decodeStepBaseMicros(5_000);
    assertEquals(8, base.config().capacity().slots());
    assertEquals(16, derived.config().capacity().slots());
    assertEquals(CapacityModel.DEFAULT, LlmSimulator.builder().config().capacity());

    String property = SimulatorSetting.SLOTS.propertyName();
    System.setProperty(property, "24");
    try {
      assertEquals(24, base.fromSystemProperties().config().capacity().slots());
    } finally {
      System.clearProperty(property);
    }
    assertThrows(IllegalArgumentException.class, () -> LlmSimulator.builder().slots(0).config());
    assertThrows(
        IllegalArgumentException.class,
        () -> LlmSimulator.builder().transport("carrier-pigeon").config());
    assertTrue(SimulatorSetting.markdownTable().contains("`sim.slots`"));
  }

  @Test
  void groundTruthIsBoundedAndWrittenAsJsonLines(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("truth.jsonl");
    try (LlmSimulator sim =
        LlmSimulator.builder()
            .groundTruth(true)
            .groundTruthMaxRecords(3)
            .groundTruthFile(file)
            .timing("ttft=0;itl=0")
            .build()
            .start()) {
      for (int i = 0; i < 5; i++) {
        try (RawHttp http = new RawHttp(sim.port(), 2_000)) {
          http.send(
              "POST", "/v1/completions", "{\"prompt\":\"p\",\"max_tokens\":2,\"stream\":true}");
          assertTrue(http.read().complete());
        }
      }
      Thread.sleep(50);
      List<GroundTruthRecord> records = sim.groundTruth();
      assertEquals(3, records.size());
      assertEquals(2, sim.groundTruthDropped());
      assertEquals("cmpl-sim-5", records.get(2).requestId());
      assertThrows(UnsupportedOperationException.class, () -> records.add(records.get(0)));
      long[] writes = records.get(0).writeNanos();
      writes[0] = -1;
      assertFalse(records.get(0).writeNanos()[0] == -1, "records are immutable");
    }
    // Every record reaches the file, the two dropped from memory included; a record is finished by
    // the server a moment after the client has read the response's end, so two of them may reach
    // the file in either order.
    List<String> lines = Files.readAllLines(file);
    assertEquals(5, lines.size());
    for (int i = 1; i <= 5; i++) {
      String id = "{\"id\":\"cmpl-sim-" + i + "\"";
      String line = lines.stream().filter(l -> l.startsWith(id)).findFirst().orElse(null);
      assertTrue(line != null && line.contains("[\"content\","), "request " + i + " in " + lines);
    }
  }
}
