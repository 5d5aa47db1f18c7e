package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.dsl.prompts.SharedPrefix;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class WorkloadSettingsTest {
  private static final WorkloadSettings.Defaults DEFAULTS =
      WorkloadSettings.defaults().levels(1, 4).outputTokens(32).rates(2.0);

  private static WorkloadSettings read(String... keyValues) {
    Properties p = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return WorkloadSettings.read(Settings.of(p), DEFAULTS);
  }

  private static String error(String... keyValues) {
    return assertThrows(IllegalArgumentException.class, () -> read(keyValues)).getMessage();
  }

  @Test
  void defaultsApplyWhenNothingIsSet() {
    WorkloadSettings s = read();
    assertEquals(List.of(1, 4), s.closed().levels());
    assertEquals(128, s.prompts().inputTokens());
    assertEquals(32, s.prompts().outputTokens());
    assertEquals(0, s.closed().requestsPerLevel());
    assertNull(s.closed().levelDuration());
    assertEquals(List.of(2.0), s.open().rates());
  }

  @Test
  void propertiesAreParsed() {
    WorkloadSettings s =
        read(
            "llm.levels",
            "2, 8,32",
            "llm.levelDuration",
            "1.5",
            "llm.inputTokens",
            "1024",
            "llm.outputTokens",
            "1024",
            "llm.rangeRatio",
            "0.25",
            "llm.prefixTokens",
            "100",
            "llm.rates",
            "0.5,4");
    assertEquals(List.of(2, 8, 32), s.closed().levels());
    assertEquals(Duration.ofMillis(1500), s.closed().levelDuration());
    assertEquals(0.25, s.prompts().rangeRatio());
    assertEquals(new SharedPrefix(100, 1), s.prompts().prefix());
    assertEquals(List.of(0.5, 4.0), s.open().rates());
  }

  @Test
  void badValuesNameTheProperty() {
    assertEquals(
        "llm.levels must be a comma-separated list such as 1,4,16, each a whole number in [1, 100000] (streams each), was "
            + "'1,x'",
        error("llm.levels", "1,x"));
    assertEquals(
        "llm.inputTokens must be a whole number in [1, 2000000] (tokens), was '-5'",
        error("llm.inputTokens", "-5"));
    assertEquals(
        "llm.rangeRatio must be a number in [0, 1), was '1.5'", error("llm.rangeRatio", "1.5"));
    assertEquals(
        "set llm.requestsPerLevel or llm.levelDuration, not both",
        error("llm.requestsPerLevel", "10", "llm.levelDuration", "30"));
    assertEquals(
        "llm.prefixTokens (128) must be below the shortest prompt (128 tokens from llm.inputTokens and "
            + "llm.rangeRatio)",
        error("llm.prefixTokens", "128"));
    assertEquals("llm.poisson must be true or false, was 'yes'", error("llm.poisson", "yes"));
  }

  @Test
  void everyParseErrorNamesThePropertyAndItsValueWithoutSecrets() {
    assertEquals(
        "llm.seed must be a whole number in [-9223372036854775808, 9223372036854775807], was"
            + " 'abc'",
        error("llm.seed", "abc"));
    assertEquals(
        "llm.seed must be a whole number in [-9223372036854775808, 9223372036854775807], was"
            + " '9223372036854775808'",
        error("llm.seed", "9223372036854775808"),
        "2^63 is one past a long: refused, not rounded to 2^63-1");
    assertEquals(-7, read("llm.seed", "-7").prompts().seed());
    assertEquals(
        "llm.inputTokens must be a whole number in [1, 2000000] (tokens), was"
            + " 'http://***@host?api_key=***'",
        error("llm.inputTokens", "http://admin:PW-SECRET@host?api_key=K-SECRET"));
    assertEquals(
        "llm.levels must be a comma-separated list such as 1,4,16, each a whole number in [1, 100000] (streams each), was '***'",
        error("llm.levels", "sk-proj-abcdefghijklmnop"));
    assertEquals(
        "llm.poisson must be true or false, was '***'", error("llm.poisson", "Bearer abcdefgh"));
  }

  @Test
  void ratioPresetsAndCustomRatios() {
    assertEquals(new InputOutputRatio(4000, 50), InputOutputRatio.parse("prefill-heavy"));
    assertEquals(new InputOutputRatio(200, 2000), InputOutputRatio.parse("decode-heavy"));
    assertEquals(new InputOutputRatio(1024, 1024), InputOutputRatio.parse("1024:1024"));
    assertEquals(new InputOutputRatio(300, 7), InputOutputRatio.parse(" 300 : 7 "));
    assertThrows(IllegalArgumentException.class, () -> InputOutputRatio.parse("300:0"));
    assertThrows(IllegalArgumentException.class, () -> InputOutputRatio.parse("300"));
  }

  @Test
  void theWarmupIsBoundedAgainstAnyHostButThisMachinesUnlessTold() {
    int remote = WorkloadSettings.REMOTE_WARMUP_MAX_REQUESTS;
    assertEquals(0, read().warmup().maxRequests(), "the embedded simulator");
    for (String local :
        List.of("http://localhost:8080", "http://127.0.0.1:8000/", "http://[::1]:8080")) {
      assertEquals(0, read("llm.baseUrl", local).warmup().maxRequests(), local);
    }
    for (String other :
        List.of(
            "https://api.openai.com",
            "http://127.0.0.2:8080",
            "http://10.1.2.3:8000",
            "http://my-vllm.internal:8000")) {
      assertEquals(remote, read("llm.baseUrl", other).warmup().maxRequests(), other);
    }
    assertEquals(
        50,
        read("llm.baseUrl", "https://api.openai.com", "llm.warmupMaxRequests", "50")
            .warmup()
            .maxRequests());
    assertEquals(
        0,
        read("llm.baseUrl", "https://api.openai.com", "llm.warmupMaxRequests", "0")
            .warmup()
            .maxRequests(),
        "0: no bound, when the user says so");
    assertEquals(
        remote,
        read("llm.baseUrl", "https://api.openai.com", "llm.levels", "64")
            .jitWarmup()
            .maxRequests());
  }

  @Test
  void numbersThatWouldExhaustTheHeapAreRefusedWithTheirBound() {
    assertEquals(
        "llm.inputTokens must be a whole number in [1, 2000000] (tokens), was '2000000000'",
        error("llm.inputTokens", "2000000000"));
    assertEquals(
        "llm.outputTokens must be a whole number in [1, 2000000] (tokens), was '2000000000'",
        error("llm.outputTokens", "2000000000"));
    assertEquals(
        "llm.levels must be a comma-separated list such as 1,4,16, each a whole number in [1, 100000] (streams each), was '1,2147483647'",
        error("llm.levels", "1,2147483647"));
  }
}
