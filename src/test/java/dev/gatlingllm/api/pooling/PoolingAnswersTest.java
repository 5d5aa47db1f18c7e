package dev.gatlingllm.api.pooling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.openai.SignalRecorder;
import dev.gatlingllm.framing.FrameFormatException;
import dev.gatlingllm.framing.WholeBodyDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The embeddings and rerank answers as their interpreters read them, through the whole-body
 * framing, split into chunks anywhere: what is OK, what is KO and the message, and the bodies'
 * field order whatever the order of the request's fields.
 */
class PoolingAnswersTest {
  private static final EmbeddingsDialect EMBEDDINGS = new EmbeddingsDialect();
  private static final RerankDialect RERANK = new RerankDialect();

  /** The body fed in 7-byte chunks, then ended, as a transport delivers it. */
  private static List<String> read(StreamInterpreter interpreter, String body) {
    SignalRecorder recorder = new SignalRecorder();
    WholeBodyDecoder decoder =
        new WholeBodyDecoder(frame -> interpreter.onFrame(frame, recorder), 1 << 20);
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i += 7) {
      decoder.feed(bytes, i, Math.min(7, bytes.length - i));
    }
    decoder.finish();
    return recorder.signals;
  }

  @Test
  void embeddingsAsArraysOrBase64WithTheirUsageAreOk() {
    String body =
        "{\"data\":[{\"embedding\":[0.1,0.2]},{\"embedding\":\"AAAAAA==\"}],"
            + "\"usage\":{\"prompt_tokens\":9,\"total_tokens\":9}}";
    assertEquals(List.of("usage:9/-1", "done"), read(EMBEDDINGS.newInterpreter(2), body));
  }

  @Test
  void aMissingOrEmptyEmbeddingIsKoNamingIt() {
    assertEquals(
        List.of("malformed:embeddings answer has 1 embeddings for 2 inputs"),
        read(EMBEDDINGS.newInterpreter(2), "{\"data\":[{\"embedding\":[1]}]}"));
    assertEquals(
        List.of("malformed:embeddings answer has no embedding at data[1]"),
        read(EMBEDDINGS.newInterpreter(2), "{\"data\":[{\"embedding\":[1]},{\"embedding\":[]}]}"));
    assertEquals(
        List.of("malformed:embeddings answer without a data array"),
        read(EMBEDDINGS.newInterpreter(1), "{\"object\":\"list\"}"));
  }

  @Test
  void anErrorObjectOrNotJsonIsKo() {
    assertEquals(
        List.of("error:input too long"),
        read(EMBEDDINGS.newInterpreter(1), "{\"error\":{\"message\":\"input too long\"}}"));
    List<String> notJson = read(EMBEDDINGS.newInterpreter(1), "{\"data\":[");
    assertEquals(1, notJson.size());
    assertTrue(notJson.get(0).startsWith("malformed:answer is not valid JSON"), notJson.get(0));
  }

  @Test
  void aRerankNeedsScoredResultsAmongItsDocuments() {
    assertEquals(
        List.of("usage:-1/-1", "done"),
        read(RERANK.newInterpreter(3), "{\"results\":[{\"index\":2,\"relevance_score\":0.5}]}"));
    assertEquals(
        List.of("malformed:rerank answer results[0] has no relevance_score"),
        read(RERANK.newInterpreter(3), "{\"results\":[{\"index\":2}]}"));
    assertEquals(
        List.of("malformed:rerank answer has 0 results for 3 documents"),
        read(RERANK.newInterpreter(3), "{\"results\":[]}"));
  }

  @Test
  void onlyTheirOwnRequestsNameThePoolingApisNeverAProtocol() {
    assertEquals(
        EMBEDDINGS.id(), dev.gatlingllm.api.dialects.Dialects.forRequest("openai-embeddings").id());
    assertEquals(RERANK.id(), dev.gatlingllm.api.dialects.Dialects.forRequest("rerank").id());
    assertThrows(
        IllegalArgumentException.class,
        () -> dev.gatlingllm.api.dialects.Dialects.byId("openai-embeddings"));
  }

  @Test
  void aBodyPastItsBoundFailsTheDecoder() {
    WholeBodyDecoder decoder = new WholeBodyDecoder(frame -> {}, 10);
    byte[] bytes = "{\"data\":[1,2,3]}".getBytes(StandardCharsets.UTF_8);
    assertThrows(FrameFormatException.class, () -> decoder.feed(bytes, 0, bytes.length));
  }

  @Test
  void theApisFieldsComeFirstInTheirOrderThenTheOthersSorted() {
    GenerationRequest request =
        new GenerationRequest(
            "m",
            List.of(),
            null,
            null,
            null,
            null,
            true,
            Map.of("truncate", true, "top_n", 2, "documents", List.of("a", "b"), "query", "q"));
    assertEquals(
        "{\"model\":\"m\",\"query\":\"q\",\"documents\":[\"a\",\"b\"],\"top_n\":2,\"truncate\":true}",
        RERANK.requestBody(request));
    assertEquals(List.of("a", "b"), RERANK.texts(request));
    assertEquals(List.of("a", "b", "q", "q"), RERANK.countedTexts(request));
  }
}
