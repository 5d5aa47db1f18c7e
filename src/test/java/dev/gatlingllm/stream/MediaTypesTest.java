package dev.gatlingllm.stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MediaTypesTest {
  private static final List<String> NDJSON = List.of("application/x-ndjson", "application/ndjson");

  @Test
  void theMediaTypeMatchesWhateverItsCaseAndParameters() {
    assertTrue(MediaTypes.matches("text/event-stream", List.of("text/event-stream")));
    assertTrue(
        MediaTypes.matches("Text/Event-Stream ; charset=utf-8", List.of("text/event-stream")));
    assertTrue(MediaTypes.matches("application/ndjson", NDJSON));
    assertTrue(MediaTypes.matches("application/x-ndjson; charset=utf-8", NDJSON));
  }

  @Test
  void anyOtherTypeOrNoneDoesNot() {
    assertFalse(MediaTypes.matches(null, NDJSON));
    assertFalse(MediaTypes.matches("application/json", NDJSON));
    assertFalse(MediaTypes.matches("text/event-streaming", List.of("text/event-stream")));
    assertFalse(MediaTypes.matches("", List.of("text/event-stream")));
  }
}
