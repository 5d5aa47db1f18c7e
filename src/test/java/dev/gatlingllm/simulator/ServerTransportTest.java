package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.epoll.Epoll;
import io.netty.channel.uring.IoUring;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every {@code sim.transport} serves on the Netty the build uses (4.2, with its {@code IoHandler}
 * API); the Netty 4.1 path is run by {@code EmbeddingExampleIT} with Gatling 3.12.
 */
class ServerTransportTest {
  @ParameterizedTest
  @ValueSource(strings = {"auto", "nio", "epoll", "io_uring"})
  void eachTransportServesRequests(String transport) throws Exception {
    assumeTrue(!transport.equals("epoll") || Epoll.isAvailable(), "no epoll here");
    assumeTrue(!transport.equals("io_uring") || IoUring.isAvailable(), "no io_uring here");
    assertTrue(ServerTransport.IO_HANDLER_API, "Netty 4.2's IoHandler API");
    try (LlmSimulator simulator = LlmSimulator.builder().transport(transport).build().start()) {
      assertEquals(200, SseClient.send(simulator.baseUri(), "GET", "/health", null).statusCode());
    }
  }
}
