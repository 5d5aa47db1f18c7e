package dev.gatlingllm.dsl;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.values.ToolDefinition;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Constant tools are checked when the scenario is written: a schema that is not JSON fails then.
 */
class ToolsDslTest {
  @Test
  void aConstantSchemaThatIsNotJsonFailsWhenTheScenarioIsWritten() {
    LlmRequestActionBuilder request = chat("agent").user("hi");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> request.tools(List.of(new ToolDefinition("f", "", "{\"type\": object}"))));
    assertTrue(e.getMessage().contains("tool f: parameters are not JSON"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> new ToolDefinition("f", "", "[\"not an object\"]"));
  }

  @Test
  void toolsReturnANewBuilder() {
    LlmRequestActionBuilder request = chat("agent").user("hi");
    assertNotSame(request, request.tools(List.of(new ToolDefinition("search", "Searches.", null))));
    assertNotSame(request, request.tools("#{tools}"));
    assertNotSame(request, request.tools(session -> List.of()));
  }
}
