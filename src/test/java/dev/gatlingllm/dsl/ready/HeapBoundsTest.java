package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.logging.UserError;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The numbers that once filled the heap, each refused by its bound before anything is sized by it:
 * this test's JVM has a heap of 1 GB (the build's argLine), and each of these, taken, would ask for
 * more (8192 x 8192 x 64 random-pixel images are 12 GB; 2e9 agent sessions, 2e9 embedding inputs a
 * request or 1e9 arrivals a second more still), so reaching the message is the proof that nothing
 * was allocated first.
 */
class HeapBoundsTest {
  private static String refusal(Map<String, String> properties, Supplier<?> read) {
    properties.forEach(System::setProperty);
    try {
      return assertThrows(UserError.class, read::get).getMessage();
    } finally {
      properties.keySet().forEach(System::clearProperty);
    }
  }

  private static Settings settings(String name, String value) {
    Properties properties = new Properties();
    properties.setProperty(name, value);
    return Settings.of(properties);
  }

  @Test
  void imageCountsAndSizesAreBoundedBeforeAnyImageIsGenerated() {
    assertEquals(
        "llm.images.count must be a whole number in [0, 64] (images per request), was '100000'",
        refusal(Map.of("llm.images.count", "100000"), ImageSettings::fromSystemProperties));
    assertEquals(
        "llm.images.count x llm.images.distinct x llm.images.width x llm.images.height must be at"
            + " most 33554432 pixels (the synthetic images are generated before the load and held),"
            + " was 1 x 64 x 8192 x 8192 = 4294967296",
        refusal(
            Map.of("llm.images.width", "8192", "llm.images.height", "8192"),
            ImageSettings::fromSystemProperties));
  }

  @Test
  void sessionsBatchesAndRatesAreBoundedBeforeTheyAreMade() {
    assertEquals(
        "llm.agent.sessions must be a whole number in [0, 100000] (sessions, 0 = the trace's), was"
            + " '2e9'",
        assertThrows(
                UserError.class,
                () -> settings("llm.agent.sessions", "2e9").wholeNumber("llm.agent.sessions", 0))
            .getMessage());
    assertEquals(
        "llm.embedBatchSize must be a whole number in [1, 4096] (inputs per request), was '2e9'",
        assertThrows(
                UserError.class,
                () -> settings("llm.embedBatchSize", "2e9").wholeNumber("llm.embedBatchSize", 8))
            .getMessage());
    assertEquals(
        "llm.rates must be a comma-separated list such as 0.5,2,8, each a number in (0, 10000]"
            + " (requests/s each), was '1e9'",
        assertThrows(
                UserError.class,
                () ->
                    WorkloadSettings.read(
                        settings("llm.rates", "1e9"), WorkloadSettings.defaults()))
            .getMessage());
    assertEquals(
        "llm.audio.count x llm.audio.distinct x llm.audio.seconds must be at most 4096 s of audio"
            + " (the synthetic clips are generated before the load and held), was 16 x 1024 x 3600"
            + " = 58982400",
        refusal(
            Map.of(
                "llm.audio.count", "16", "llm.audio.distinct", "1024", "llm.audio.seconds", "3600"),
            AudioSettings::fromSystemProperties));
  }
}
