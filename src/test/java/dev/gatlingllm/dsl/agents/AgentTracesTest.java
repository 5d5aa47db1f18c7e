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
}
