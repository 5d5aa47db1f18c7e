package dev.gatlingllm.metrics.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The endpoint the report names: the configured one when a request went there (a mixed run of chat
 * and embeddings), else those the requests went to, redacted as the configured one is.
 */
class SentEndpointsTest {
  private static final String CHAT = "/v1/chat/completions";

  @Test
  void theConfiguredEndpointStaysWhenARequestWentThereOrNoneWasSent() {
    SentEndpoints sent = new SentEndpoints();
    assertEquals(CHAT, sent.reported(CHAT), "nothing sent yet");
    sent.note(CHAT);
    sent.note("/v1/embeddings");
    assertEquals(CHAT, sent.reported(CHAT), "a mixed run");
  }

  @Test
  void elseTheEndpointsTheRequestsWentToInTheOrderFirstSent() {
    SentEndpoints sent = new SentEndpoints();
    sent.note("/v1/embeddings");
    sent.note("/v1/rerank");
    sent.note("/v1/embeddings");
    assertEquals("/v1/embeddings, /v1/rerank", sent.reported(CHAT));
    for (int i = 0; i < 5; i++) {
      sent.note("/v1/other/" + i);
    }
    assertEquals(
        "/v1/embeddings, /v1/rerank, /v1/other/0, /v1/other/1, ...",
        sent.reported(CHAT),
        "at most " + SentEndpoints.MAX_NAMED + " named");
  }

  @Test
  void anEndpointIsRedactedAsTheConfiguredOneIs() {
    SentEndpoints sent = new SentEndpoints();
    String configured = "https://h.example/openai/deployments/d/chat/completions?api-key=sk-1";
    sent.note(configured);
    RunConfig config = RunConfig.startingAt(0).withEndpoint(configured);
    assertEquals(config.endpoint(), sent.reported(config.endpoint()), "the same, once redacted");
    SentEndpoints other = new SentEndpoints();
    other.note("https://h.example/v1/embeddings?api-key=sk-1");
    assertEquals(
        RunConfig.startingAt(0)
            .withEndpoint("https://h.example/v1/embeddings?api-key=sk-1")
            .endpoint(),
        other.reported(config.endpoint()));
  }
}
