package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The simulator closes connections on which nothing moves, and only those. */
class SimulatorIdleTimeoutTest {
  @Test
  @Timeout(20)
  void aHalfSentRequestIsClosedAfterTheIdleTimeout() throws Exception {
    try (LlmSimulator sim = LlmSimulator.builder().idleTimeoutSeconds(1).build().start();
        Socket socket = new Socket("127.0.0.1", sim.port())) {
      socket
          .getOutputStream()
          .write(
              ("POST /v1/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      + "Content-Length: 100\r\n\r\n{\"prompt\":")
                  .getBytes(StandardCharsets.US_ASCII));
      socket.setSoTimeout(10_000);
      long start = System.nanoTime();
      assertEquals(-1, socket.getInputStream().read(), "closed without an answer");
      double seconds = (System.nanoTime() - start) / 1e9;
      assertTrue(seconds >= 0.8 && seconds < 5, "closed after " + seconds + " s");
    }
  }

  @Test
  @Timeout(20)
  void aStreamLongerThanTheIdleTimeoutIsNotCut() throws Exception {
    try (LlmSimulator sim =
            LlmSimulator.builder()
                .idleTimeoutSeconds(1)
                .timing("ttft=200;itl=300")
                .build()
                .start();
        RawHttp http = new RawHttp(sim.port(), 10_000)) {
      // 8 tokens over 2.3 s, never more than 0.3 s between two writes.
      http.send(
          "POST",
          "/v1/completions",
          "{\"prompt\":\"p\",\"max_tokens\":8,\"ignore_eos\":true,\"stream\":true}");
      assertTrue(http.read().complete(), "the whole stream arrived");
    }
  }

  @Test
  @Timeout(20)
  void withoutTimeoutAnIdleConnectionStaysOpen() throws Exception {
    try (LlmSimulator sim = LlmSimulator.builder().idleTimeoutSeconds(0).build().start();
        Socket socket = new Socket("127.0.0.1", sim.port())) {
      socket.setSoTimeout(2_500);
      InputStream in = socket.getInputStream();
      boolean stillOpen;
      try {
        in.read();
        stillOpen = false;
      } catch (SocketTimeoutException timedOut) {
        stillOpen = true;
      }
      assertTrue(stillOpen, "an idle connection is left alone when the timeout is 0");
    }
  }
}
