package dev.gatlingllm.metrics.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.secrets.Redactor;
import org.junit.jupiter.api.Test;

/**
 * The endpoints and models the report names: the configured one when no request was sent, else
 * every one the requests went to (a mixed run of chat and embeddings names both endpoints),
 * redacted as the configured one is.
 */
class SentNamesTest {
  private static final String CHAT = "/v1/chat/completions";

  @Test
  void theConfiguredEndpointWhenNoneWasSentElseEveryOneSent() {
    SentNames sent = new SentNames(Redactor::url);
    assertEquals(CHAT, sent.reported(CHAT), "nothing sent yet");
    sent.note(CHAT);
    assertEquals(CHAT, sent.reported(CHAT), "a chat run");
    sent.note("/v1/embeddings");
    assertEquals(CHAT + ", /v1/embeddings", sent.reported(CHAT), "a mixed run names both");
  }

  @Test
  void everyModelARunAddressed() {
    SentNames models = new SentNames(name -> name);
    models.note("qwen3-8b");
    models.note("bge-m3");
    models.note("qwen3-8b");
    assertEquals("qwen3-8b, bge-m3", models.reported("qwen3-8b"));
  }

  @Test
  void elseTheEndpointsTheRequestsWentToInTheOrderFirstSent() {
    SentNames sent = new SentNames(Redactor::url);
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
        "at most " + SentNames.MAX_NAMED + " named");
  }

  @Test
  void anEndpointIsRedactedAsTheConfiguredOneIs() {
    SentNames sent = new SentNames(Redactor::url);
    String configured = "https://h.example/openai/deployments/d/chat/completions?api-key=sk-1";
    sent.note(configured);
    RunConfig config = RunConfig.startingAt(0).withEndpoint(configured);
    assertEquals(config.endpoint(), sent.reported(config.endpoint()), "the same, once redacted");
    SentNames other = new SentNames(Redactor::url);
    other.note("https://h.example/v1/embeddings?api-key=sk-1");
    assertEquals(
        RunConfig.startingAt(0)
            .withEndpoint("https://h.example/v1/embeddings?api-key=sk-1")
            .endpoint(),
        other.reported(config.endpoint()));
  }
}
