package dev.gatlingllm.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Runs the JMH benchmarks in a child JVM (same classpath) and renders their JSON results as a
 * table.
 */
final class JmhRun {
  private JmhRun() {}

  static String run(Path work, String jmhArgs) throws Exception {
    Path json = work.resolve("jmh.json");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "org.openjdk.jmh.Main"));
    cmd.addAll(List.of(jmhArgs.trim().split("\\s+")));
    cmd.addAll(List.of("-rf", "json", "-rff", json.toString()));
    String load = MachineInfo.loadavg();
    int exit = new ProcessBuilder(cmd).inheritIO().start().waitFor();
    if (exit != 0) {
      throw new IllegalStateException("JMH failed with exit code " + exit);
    }
    String loadAfter = MachineInfo.loadavg();
    StringBuilder md = new StringBuilder();
    MachineInfo m = MachineInfo.now();
    md.append("Measured ")
        .append(m.started())
        .append(" on ")
        .append(m.cpus())
        .append(" CPUs, ")
        .append(m.memory())
        .append(", ")
        .append(m.java())
        .append("; load average (1, 5, 15 min) ")
        .append(load)
        .append(" before, ")
        .append(loadAfter)
        .append(" after: the machine is shared, so compare rows of the ")
        .append("same run, not runs.\n\n")
        .append("    ./mvnw -q -Pbench test-compile exec:exec@jmh -Djmh.args=\"")
        .append(jmhArgs.trim())
        .append(
            "\"\n\n(also run by the load harness's command below). One operation = one SSE event. ")
        .append("B/event = `gc.alloc.rate.norm`.\n\n")
        .append(
            "| benchmark | params | events/s (one thread) | error (99.9 %) | B/event |\n|---|---|---|---|---|\n");
    for (JsonNode b : new ObjectMapper().readTree(json.toFile())) {
      String name = b.path("benchmark").asText();
      name = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
      StringBuilder params = new StringBuilder();
      for (Iterator<Map.Entry<String, JsonNode>> it = b.path("params").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        params
            .append(params.length() == 0 ? "" : ", ")
            .append(e.getKey())
            .append('=')
            .append(e.getValue().asText());
      }
      JsonNode primary = b.path("primaryMetric");
      JsonNode alloc = b.path("secondaryMetrics").path("gc.alloc.rate.norm");
      md.append("| ")
          .append(name)
          .append(" | ")
          .append(params.length() == 0 ? "-" : params)
          .append(" | ")
          .append(String.format("%,.0f", primary.path("score").asDouble()))
          .append(" | ")
          .append(String.format("%,.0f", primary.path("scoreError").asDouble()))
          .append(" | ")
          .append(
              alloc.isMissingNode() ? "n/a" : String.format("%.1f", alloc.path("score").asDouble()))
          .append(" |\n");
    }
    return md.toString();
  }
}
