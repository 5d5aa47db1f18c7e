package dev.gatlingllm.simulator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Reads an SSE response line by line with java.net.http, stamping each line's arrival. */
final class SseClient {
  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(2))
          .build();

  record Line(String text, long arrivalNanos) {}

  record Result(HttpResponse<InputStream> response, long sentNanos, List<Line> lines) {
    List<Line> dataLines() {
      return lines.stream().filter(l -> l.text().startsWith("data:")).toList();
    }

    List<String> data() {
      return dataLines().stream().map(l -> l.text().substring(5).trim()).toList();
    }
  }

  static Result post(URI base, String path, String body, String... headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base.resolve(path))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    for (int i = 0; i + 1 < headers.length; i += 2) request.header(headers[i], headers[i + 1]);
    long sent = System.nanoTime();
    HttpResponse<InputStream> response =
        HTTP.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    List<Line> lines = new ArrayList<>();
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        lines.add(new Line(line, System.nanoTime()));
      }
    }
    return new Result(response, sent, lines);
  }

  static HttpResponse<String> send(
      URI base, String method, String path, String body, String... headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base.resolve(path))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json");
    for (int i = 0; i + 1 < headers.length; i += 2) request.header(headers[i], headers[i + 1]);
    request =
        body == null
            ? request.method(method, HttpRequest.BodyPublishers.noBody())
            : request.method(method, HttpRequest.BodyPublishers.ofString(body));
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
