package dev.gatlingllm.dsl;

import static dev.gatlingllm.dsl.LlmDsl.llm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.tokenize.JTokkitTokenizer;
import dev.gatlingllm.tokenize.ServerTokenizer;
import dev.gatlingllm.values.Tokenizer;
import org.junit.jupiter.api.Test;

/**
 * A tokenizer that waits on I/O must never count on a virtual user's event loop, where the
 * protocol's tokenizer counts (the prompt before the request is sent, the answer when the stream
 * ends): the protocol refuses it as soon as it is given, while the simulation is built, with a
 * message that says what to do instead.
 */
class BlockingTokenizerTest {
  @Test
  void theServersTokenizerSaysItBlocks() {
    assertTrue(new ServerTokenizer("http://127.0.0.1:1", null).blocks());
    assertTrue(!JTokkitTokenizer.of("cl100k_base").blocks());
  }

  @Test
  void theProtocolRefusesABlockingTokenizerForCounting() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> llm().tokenizer(new ServerTokenizer("http://127.0.0.1:1", null)));
    assertEquals(
        "tokenizer server:http://127.0.0.1:1 blocks (a call to the server per count), so it cannot count"
            + " tokens on Gatling's event loops: use it to prepare prompts before the load, and count with a JTokkit"
            + " encoding (tokenizer(\"cl100k_base\")) or the server's usage",
        refused.getMessage());
  }

  @Test
  void aTokenizerOfOneOwnThatDeclaresItBlocksIsRefusedToo() {
    Tokenizer remote =
        new Tokenizer() {
          @Override
          public String name() {
            return "remote";
          }

          @Override
          public int[] encode(String text) {
            throw new AssertionError("never called while building the protocol");
          }

          @Override
          public String decode(int[] ids) {
            throw new AssertionError("never called while building the protocol");
          }

          @Override
          public boolean blocks() {
            return true;
          }
        };
    assertThrows(IllegalArgumentException.class, () -> llm().tokenizer(remote));
  }

  @Test
  void aTokenizerInMemoryCounts() {
    assertEquals("cl100k_base", LlmProtocol.of(llm().tokenizer("cl100k_base")).tokenizer().name());
  }
}
