package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.testing.ScriptedHttpServer;
import dev.gatlingllm.testing.ScriptedHttpServer.Script;
import org.junit.jupiter.api.Test;

class TargetProbeTest {
  @Test
  void aRefusalEchoingTheUrlsCredentialsIsShownWithoutThem() throws Exception {
    try (ScriptedHttpServer server =
        new ScriptedHttpServer(
            request ->
                new Script()
                    .fixedResponse(
                        401,
                        "application/json",
                        "{\"error\":{\"message\":\"unknown user admin:PW-SECRET-LONG, token Q-SECRET-LONG\"}}"))) {
      String baseUrl = server.baseUrl().replace("://", "://admin:PW-SECRET-LONG@");
      String problem =
          TargetProbe.problem(
              baseUrl,
              LlmProtocol.of(
                  LlmDsl.llm().model("m").endpoint("/v1/chat/completions?api_key=Q-SECRET-LONG")));
      assertTrue(problem.startsWith("HTTP 401 from http://***@127.0.0.1:"), problem);
      assertTrue(problem.endsWith("unknown user ***, token ***"), problem);
      assertFalse(problem.contains("SECRET"), problem);
    }
  }
}
