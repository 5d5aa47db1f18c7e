package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.testing.ScriptedHttpServer;
import dev.gatlingllm.testing.ScriptedHttpServer.Received;
import dev.gatlingllm.testing.ScriptedHttpServer.Script;
import dev.gatlingllm.testing.Tee;
import io.gatling.app.Gatling$;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gateway that echoes what it receives: the API key and every secret header come back in a 401
 * body, in an error event, in streamed content, in an invalid event and in the request id, as they
 * are and encoded (base64 at each byte alignment, URL-encoded, JSON-escaped, upper-cased). No file
 * of the run (Gatling's and the LLM report), no console line and no saved session value may hold
 * any of them in any of these forms.
 */
class SecretsEndToEndTest {
  private static final String SSE = "text/event-stream";
  private static final List<String> CASES =
      List.of(
          "echo-401",
          "echo-error-event",
          "echo-content",
          "echo-invalid-json",
          "echo-request-id",
          "encoded-401",
          "encoded-error-event",
          "encoded-content",
          "encoded-invalid-json");

  private static ScriptedHttpServer server;
  private static Path resultsDir;
  private static String console;
  private static int exitCode;

  /** Every secret the request carried, as the server received them, in one line of text. */
  static String echo(Received request) {
    return "Incorrect API key provided: "
        + request.headers().get("Authorization")
        + " x-api-key "
        + request.headers().get("x-api-key")
        + " api-key "
        + request.headers().get("api-key")
        + " url "
        + request.path();
  }

  /** The secrets the request carried, as the server received them. */
  static List<String> secrets(Received request) {
    String query = request.path().replaceFirst("^[^?]*\\?api_key=", "");
    return List.of(
        request.headers().get("Authorization").substring("Bearer ".length()),
        request.headers().get("x-api-key"),
        request.headers().get("api-key"),
        query);
  }

  /**
   * Every secret of the request in every encoding a gateway may echo it in, as JSON string content.
   */
  static String encodedEcho(Received request) {
    StringBuilder echo = new StringBuilder("Incorrect API key provided:");
    for (String secret : secrets(request)) {
      for (String form : encodings(secret)) {
        echo.append(' ').append(form.replace("\\", "\\\\"));
      }
    }
    return echo.toString();
  }

  /**
   * The forms a server may echo a secret in (the first: in a JSON body, read back as the secret
   * itself).
   */
  static List<String> encodings(String secret) {
    List<String> forms = new ArrayList<>();
    for (String before : List.of("", "B", "Be")) {
      forms.add(
          Base64.getEncoder()
              .encodeToString((before + secret + "!").getBytes(StandardCharsets.UTF_8)));
    }
    forms.add(URLEncoder.encode(secret, StandardCharsets.UTF_8));
    forms.add(secret.toUpperCase(Locale.ROOT));
    StringBuilder json = new StringBuilder();
    secret.chars().forEach(c -> json.append(String.format(Locale.ROOT, "\\u%04x", c)));
    forms.add(json.toString());
    forms.add(secret.replace("/", "\\/"));
    return forms;
  }

  /**
   * What no output may hold: each secret in each form, for base64 a middle part every alignment
   * keeps.
   */
  static List<String> leakForms(String secret) {
    List<String> forms = new ArrayList<>(encodings(secret).subList(3, encodings(secret).size()));
    for (String before : List.of("", "B", "Be")) {
      String blob =
          Base64.getEncoder().encodeToString((before + secret).getBytes(StandardCharsets.UTF_8));
      forms.add(blob.substring(4, 4 + 8));
    }
    return forms;
  }

  static Script script(Received request) {
    String echo = request.path().startsWith("/encoded") ? encodedEcho(request) : echo(request);
    String path = request.path().replaceFirst("\\?.*", "");
    Script s = new Script();
    switch (path) {
      case "/echo-401", "/encoded-401" ->
          s.fixedResponse(401, "application/json", "{\"error\":{\"message\":\"" + echo + "\"}}");
      case "/echo-error-event", "/encoded-error-event" ->
          s.chunkedHeaders(200, SSE)
              .chunk(ChatActionEndToEndTest.content("a"))
              .chunk("data: {\"error\":{\"message\":\"" + echo + "\",\"type\":\"auth\"}}\n\n")
              .endChunks();
      case "/echo-content", "/encoded-content" ->
          s.chunkedHeaders(200, SSE)
              .chunk(ChatActionEndToEndTest.content(echo))
              .chunk(ChatActionEndToEndTest.END)
              .endChunks();
      case "/echo-invalid-json", "/encoded-invalid-json" ->
          s.chunkedHeaders(200, SSE).chunk("data: {\"oops " + echo + "\n\n").endChunks();
      case "/echo-request-id" ->
          s.raw(
                  "HTTP/1.1 200 X\r\nContent-Type: "
                      + SSE
                      + "\r\nx-request-id: "
                      + request.headers().get("Authorization")
                      + "\r\nTransfer-Encoding: chunked\r\n\r\n")
              .chunk(ChatActionEndToEndTest.content("a"))
              .chunk(ChatActionEndToEndTest.END)
              .endChunks();
      default ->
          s.fixedResponse(404, "application/json", "{\"error\":{\"message\":\"no such path\"}}");
    }
    return s;
  }

  @BeforeAll
  static void run(@TempDir Path results) throws Exception {
    server = new ScriptedHttpServer(SecretsEndToEndTest::script);
    System.setProperty("test.baseUrl", server.baseUrl());
    System.setProperty("test.cases", String.join(",", CASES));
    resultsDir = results;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream out = System.out;
    PrintStream err = System.err;
    PrintStream tee = new PrintStream(new Tee(out, captured), true, StandardCharsets.UTF_8);
    System.setOut(tee);
    System.setErr(new PrintStream(new Tee(err, captured), true, StandardCharsets.UTF_8));
    // Gatling's HTTP client at DEBUG prints every request with its headers: the logback file must
    // mask them. An earlier in-process Gatling run in this JVM stops logback at its end: configure
    // it afresh from the project's file.
    ch.qos.logback.classic.LoggerContext logging =
        (ch.qos.logback.classic.LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory();
    logging.reset();
    new ch.qos.logback.classic.util.ContextInitializer(logging).autoConfig();
    ch.qos.logback.classic.Logger httpClient =
        (ch.qos.logback.classic.Logger)
            org.slf4j.LoggerFactory.getLogger("io.gatling.http.client.impl.HttpAppHandler");
    httpClient.setLevel(ch.qos.logback.classic.Level.DEBUG);
    try {
      // Gatling prints through Scala's Console, which keeps the stream it first saw in this JVM.
      exitCode =
          scala.Console$.MODULE$.withOut(
              tee,
              () ->
                  // With Gatling's own HTML report: its files must be clean too.
                  Gatling$.MODULE$.fromArgs(
                      new String[] {
                        "--simulation",
                        SecretsSimulation.class.getName(),
                        "--results-folder",
                        results.toString()
                      }));
    } finally {
      httpClient.setLevel(null);
      System.setOut(out);
      System.setErr(err);
    }
    console = captured.toString(StandardCharsets.UTF_8);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  void theServerReallyReceivedAndEchoedEverySecret() {
    assertEquals(0, exitCode);
    Received first = server.received().get(0);
    String echo = echo(first);
    assertTrue(echo.contains("Bearer " + SecretsSimulation.API_KEY), echo);
    assertTrue(echo.contains(SecretsSimulation.PROTOCOL_HEADER), echo);
    assertTrue(echo.contains(SecretsSimulation.SESSION_HEADER), echo);
    assertTrue(echo.contains(SecretsSimulation.QUERY_KEY), echo);
    assertEquals(
        CASES.size(),
        SecretsSimulation.RESULTS.size(),
        SecretsSimulation.RESULTS.keySet().toString());
  }

  @Test
  void noSavedSessionValueHoldsASecret() {
    for (var entry : SecretsSimulation.RESULTS.entrySet()) {
      assertEquals(null, leak(String.valueOf(entry.getValue())), entry.getKey());
    }
    Map<String, Object> denied = SecretsSimulation.RESULTS.get("echo-401");
    assertEquals(false, denied.get("ok"));
    assertTrue(
        String.valueOf(denied.get("error"))
            .startsWith("HTTP 401: Incorrect API key provided: Bearer ***"),
        String.valueOf(denied.get("error")));
    assertTrue(
        String.valueOf(SecretsSimulation.RESULTS.get("echo-content").get("content"))
            .contains("Bearer ***"));
  }

  @Test
  void noFileOfTheRunHoldsASecret() throws Exception {
    List<Path> files;
    try (var walk = Files.walk(resultsDir)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    assertTrue(
        files.stream().anyMatch(f -> f.endsWith("llm/requests.csv")),
        "the LLM report was written: " + files);
    assertTrue(files.stream().anyMatch(f -> f.endsWith("llm/index.html")), files.toString());
    assertTrue(files.stream().anyMatch(f -> f.endsWith("simulation.log")), files.toString());
    Path summary =
        files.stream().filter(f -> f.endsWith("llm/summary.json")).findFirst().orElseThrow();
    assertTrue(files.stream().anyMatch(f -> f.endsWith("llm/run.json")), files.toString());
    String metadata = Files.readString(summary);
    assertTrue(metadata.contains("postgres://***@db.internal:5432/runs"), metadata);
    assertTrue(metadata.contains("http://***@grafana:3000/d/x?api_key=***&orgId=1"), metadata);
    List<String> leaks = new ArrayList<>();
    for (Path file : files) {
      String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
      String leak = leak(text);
      if (leak != null) {
        leaks.add(resultsDir.relativize(file) + ": " + leak);
      }
    }
    assertEquals(List.of(), leaks);
  }

  @Test
  void theConsoleHoldsNoSecret() {
    assertTrue(
        console.contains("HTTP 401: Incorrect API key provided: Bearer ***"),
        "Gatling's error table");
    assertTrue(
        console.contains("Authorization: Bearer ***"),
        "Gatling's HTTP client logged the requests, masked");
    assertEquals(null, leak(console));
  }

  @Test
  void theEncodedEchoesReallyHeldEveryForm() {
    Received encoded =
        server.received().stream()
            .filter(r -> r.path().startsWith("/encoded-401"))
            .findFirst()
            .orElseThrow();
    String body = encodedEcho(encoded);
    assertTrue(body.contains("sk-test-SECRET%2B12%2F3%3Dab"), body);
    assertTrue(body.contains("\\\\u0073\\\\u006b\\\\u002d"), body);
    assertTrue(body.contains("SK-TEST-SECRET+12/3=AB"), body);
    assertTrue(leak(body) != null);
    for (String form : leakForms(SecretsSimulation.API_KEY)) {
      assertTrue(body.replace("\\\\", "\\").contains(form), form + " in " + body);
    }
  }

  /**
   * Where the text holds a secret, or the start of one, with some context; null when it holds none.
   */
  private static String leak(String text) {
    List<String> marks = new ArrayList<>(SecretsSimulation.PREFIXES);
    marks.add(SecretsSimulation.MARK);
    for (String secret :
        List.of(
            SecretsSimulation.API_KEY,
            SecretsSimulation.PROTOCOL_HEADER,
            SecretsSimulation.SESSION_HEADER,
            SecretsSimulation.QUERY_KEY)) {
      marks.addAll(leakForms(secret));
    }
    for (String mark : marks) {
      int at = text.indexOf(mark);
      if (at >= 0) {
        return "..." + text.substring(Math.max(0, at - 60), Math.min(text.length(), at + 20));
      }
    }
    return null;
  }
}
