package dev.gatlingllm.dsl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sessions from the committed trace, generated ones, and tool prompts from the BFCL sample. */
class AgentTracesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  @Test
  void theSampleTraceReadsTurnByTurn() {
    List<AgentSession> sessions = AgentTraces.read("agent-sessions-sample.jsonl");
    assertEquals(4, sessions.size());
    AgentSession first = sessions.get(0);
    assertEquals("s1", first.id());
    assertEquals(
        List.of(
            new AgentTurn(180, 24, Duration.ofMillis(250)),
            new AgentTurn(120, 20, Duration.ofMillis(400)),
            new AgentTurn(90, 48, Duration.ZERO)),
        first.turns());
  }

  @Test
  void aBadRecordNamesItsLine() throws Exception {
    Path trace = dir.resolve("t.jsonl");
    Files.writeString(
        trace,
        "{\"session_id\":\"a\",\"turns\":[{\"input_tokens\":1,\"output_tokens\":2}]}\n"
            + "{\"session_id\":\"b\",\"turns\":[{\"output_tokens\":2}]}\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AgentTraces.read(trace.toString()));
    assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("input_tokens"));
  }

  @Test
  void generatedSessionsFollowTheDistributionsAndTheSeed() {
    List<AgentSession> a =
        AgentTraces.generate(
            50,
            7,
            Distribution.uniform(2, 4),
            Distribution.constant(100),
            Distribution.logNormal(32, 0.5, 1),
            Distribution.constant(250));
    assertEquals(
        a,
        AgentTraces.generate(
            50,
            7,
            Distribution.uniform(2, 4),
            Distribution.constant(100),
            Distribution.logNormal(32, 0.5, 1),
            Distribution.constant(250)));
    assertEquals("g1", a.get(0).id());
    for (AgentSession session : a) {
      assertTrue(session.turns().size() >= 2 && session.turns().size() <= 4);
      for (AgentTurn turn : session.turns()) {
        assertEquals(100, turn.inputTokens());
        assertEquals(Duration.ofMillis(250), turn.toolLatency());
        assertTrue(turn.outputTokens() >= 1);
      }
    }
    long[] outputs =
        a.stream()
            .flatMap(s -> s.turns().stream())
            .mapToLong(AgentTurn::outputTokens)
            .sorted()
            .toArray();
    assertEquals(32, outputs[outputs.length / 2], 8, "the median near the log-normal's");
  }

  @Test
  void toolLatenciesScale() {
    List<AgentSession> half =
        AgentTraces.scaleToolLatency(AgentTraces.read("agent-sessions-sample.jsonl"), 0.5);
    assertEquals(Duration.ofMillis(125), half.get(0).turns().get(0).toolLatency());
  }

  @Test
  void bfclRecordsGiveMessagesAndJsonSchemaTools() throws Exception {
    List<ToolPrompt> prompts = ToolPrompts.read("bfcl-sample.jsonl");
    assertEquals(3, prompts.size());
    ToolPrompt first = prompts.get(0);
    assertEquals("simple_0", first.id());
    assertEquals("user", first.messages().get(0).role());
    assertEquals("calculate_triangle_area", first.tools().get(0).name());
    JsonNode schema = JSON.readTree(first.tools().get(0).parameters());
    assertEquals("object", schema.get("type").asText(), "BFCL's dict is JSON Schema's object");
    ToolPrompt multiple = prompts.get(2);
    assertEquals(2, multiple.messages().size());
    assertEquals("system", multiple.messages().get(0).role());
    assertEquals(
        "number",
        JSON.readTree(multiple.tools().get(1).parameters())
            .at("/properties/price_limit/type")
            .asText());
  }

  private String refusal(String record) throws Exception {
    Path trace = dir.resolve("hostile.jsonl");
    Files.writeString(trace, record + "\n");
    return assertThrows(
            dev.gatlingllm.logging.UserError.class, () -> AgentTraces.read(trace.toString()))
        .getMessage();
  }

  private String turn(String fields) {
    return "{\"session_id\":\"a\",\"turns\":[{" + fields + "}]}";
  }

  @Test
  void everyNumberOfATurnGoesThroughItsBoundNamingTheFileAndLine() throws Exception {
    String where = dir.resolve("hostile.jsonl") + " line 1: not an agent session: ";
    assertEquals(
        where
            + "'tool_latency_ms' must be a whole number in [0, 3600000] (ms), was"
            + " '9223372036854775807'",
        refusal(
            turn(
                "\"input_tokens\":1,\"output_tokens\":2,\"tool_latency_ms\":9223372036854775807")));
    assertEquals(
        where
            + "each turn needs 'tool_latency_ms', a whole number in [0, 3600000] (ms), was \"soon\"",
        refusal(turn("\"input_tokens\":1,\"output_tokens\":2,\"tool_latency_ms\":\"soon\"")));
    assertEquals(
        where + "'input_tokens' must be a whole number in [1, 2000000] (tokens), was '2.0E9'",
        refusal(turn("\"input_tokens\":2e9,\"output_tokens\":2")));
    assertEquals(
        where + "'output_tokens' must be a whole number in [1, 2000000] (tokens), was '1.5'",
        refusal(turn("\"input_tokens\":1,\"output_tokens\":1.5")));
    assertEquals(
        where + "each turn needs 'input_tokens', a whole number in [1, 2000000] (tokens)",
        refusal(turn("\"output_tokens\":2")));
    assertEquals(
        where
            + "its turns' input_tokens add up to 2000001, more than the longest prompt (2000000"
            + " tokens), by turn 2",
        refusal(
            "{\"turns\":[{\"input_tokens\":2000000,\"output_tokens\":1},"
                + "{\"input_tokens\":1,\"output_tokens\":1}]}"));
    assertTrue(refusal("{\"turns\": [").startsWith(where), "a cut record, one line");
    assertEquals(where + "'turns' must be a non-empty array", refusal("[1, 2]"));
  }

  @Test
  void aMissingOrEmptyFileIsOneLine() throws Exception {
    Path empty = dir.resolve("empty.jsonl");
    Files.writeString(empty, "\n\n");
    assertEquals(
        "agent session trace " + empty + " holds no record",
        assertThrows(
                dev.gatlingllm.logging.UserError.class, () -> AgentTraces.read(empty.toString()))
            .getMessage());
    assertEquals(
        "tool prompts 'no/such.jsonl' is neither a file nor a classpath resource",
        assertThrows(
                dev.gatlingllm.logging.UserError.class, () -> ToolPrompts.read("no/such.jsonl"))
            .getMessage());
  }

  @Test
  void generatedSessionsAreBoundedBeforeAnyIsMade() {
    AgentTraces.requireGeneratedTurnsWithinBound(100_000, 10);
    assertEquals(
        "llm.agent.sessions x llm.agent.maxTurns must be at most 1000000 turns (the sessions are"
            + " generated before the load and held), was 100000 x 11",
        assertThrows(
                dev.gatlingllm.logging.UserError.class,
                () -> AgentTraces.requireGeneratedTurnsWithinBound(100_000, 11))
            .getMessage());
  }
}
