package dev.gatlingllm.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gatlingllm.dsl.ready.ReportSettings;
import dev.gatlingllm.dsl.ready.Settings;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import dev.gatlingllm.properties.LlmProperties;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes recipe under {@code deploy/k8s} can only be run on a cluster; what can be checked
 * here is that it says what the code understands: every {@code -Dllm.*} it passes is a setting the
 * code reads, with a value it accepts, the pod's completion index reaches {@code
 * llm.injector.index}, the injector count is the Job's, and the injectors and the merge share the
 * results volume.
 */
class KubernetesManifestsTest {
  private static final Path DIR = Path.of("deploy", "k8s");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Pattern PROPERTY = Pattern.compile("-D(llm\\.[A-Za-z0-9.]+)=(\\S+)");

  private static JsonNode read(String file) throws IOException {
    return YAML.readTree(DIR.resolve(file).toFile());
  }

  /**
   * The settings the code reads ({@code LlmPropertiesTest} holds the registry against the code).
   */
  private static Set<String> knownSettings() {
    return new TreeSet<>(LlmProperties.known().keySet());
  }

  @Test
  void theInjectorsPassOnlySettingsTheCodeReadsWithValuesItAccepts() throws Exception {
    JsonNode job = read("injectors-job.yaml");
    JsonNode container = job.path("spec").path("template").path("spec").path("containers").get(0);
    List<String> names = new ArrayList<>();
    String options = null;
    for (JsonNode env : container.path("env")) {
      names.add(env.path("name").asText());
      if (env.path("name").asText().equals("JAVA_TOOL_OPTIONS")) {
        options = env.path("value").asText();
      }
    }
    assertTrue(options != null, "the settings are passed in JAVA_TOOL_OPTIONS");
    String startAt = read("run-config.yaml").path("data").path("startAt").asText();
    Properties properties = new Properties();
    Set<String> known = knownSettings();
    Matcher m = PROPERTY.matcher(options);
    while (m.find()) {
      assertTrue(
          known.contains(m.group(1)),
          m.group(1) + " is not a setting the code reads; known: " + known);
      properties.setProperty(
          m.group(1),
          m.group(2).replace("$(JOB_COMPLETION_INDEX)", "2").replace("$(START_AT)", startAt));
    }
    assertTrue(properties.size() >= 5, options);
    // The values must be ones the code accepts, as the last pod would read them.
    WorkloadSettings.Defaults defaults =
        WorkloadSettings.defaults().inputTokens(256).outputTokens(48);
    WorkloadSettings settings = WorkloadSettings.read(Settings.of(properties), defaults);
    ReportSettings.read(Settings.of(properties));
    assertEquals(2, settings.injector().index());

    // The completion index reaches llm.injector.index, through a variable defined before the
    // options that use it.
    assertTrue(options.contains("-Dllm.injector.index=$(JOB_COMPLETION_INDEX)"), options);
    assertTrue(
        names.indexOf("JOB_COMPLETION_INDEX") >= 0
            && names.indexOf("JOB_COMPLETION_INDEX") < names.indexOf("JAVA_TOOL_OPTIONS"),
        names.toString());
    JsonNode index = container.path("env").get(names.indexOf("JOB_COMPLETION_INDEX"));
    assertEquals(
        "metadata.annotations['batch.kubernetes.io/job-completion-index']",
        index.path("valueFrom").path("fieldRef").path("fieldPath").asText());
    assertTrue(options.contains("-Dllm.injector.startAt=$(START_AT)"), options);
    assertEquals(
        "llm-run",
        container
            .path("env")
            .get(names.indexOf("START_AT"))
            .path("valueFrom")
            .path("configMapKeyRef")
            .path("name")
            .asText());

    // As many injectors as the Job runs pods, all at once, each with its own index.
    JsonNode spec = job.path("spec");
    assertEquals("Indexed", spec.path("completionMode").asText());
    assertEquals(
        settings.injector().count(),
        spec.path("completions").asInt(),
        "llm.injector.count = completions");
    assertEquals(
        settings.injector().count(),
        spec.path("parallelism").asInt(),
        "llm.injector.count = parallelism");

    // The simulation it names exists.
    List<String> args = new ArrayList<>();
    container.path("args").forEach(arg -> args.add(arg.asText()));
    Class.forName(args.get(args.indexOf("--simulation") + 1));
    String resultsFolder = args.get(args.indexOf("--results-folder") + 1);
    assertTrue(
        resultsFolder.endsWith("/$(JOB_COMPLETION_INDEX)"),
        "a results folder per pod: " + resultsFolder);
  }

  @Test
  void theInjectorsAndTheMergeShareTheResultsVolume() throws Exception {
    JsonNode pvc = read("results-pvc.yaml");
    String claim = pvc.path("metadata").path("name").asText();
    assertTrue(
        pvc.path("spec").path("accessModes").toString().contains("ReadWriteMany"),
        "injectors write at once");
    for (String file : List.of("injectors-job.yaml", "merge-job.yaml")) {
      JsonNode pod = read(file).path("spec").path("template").path("spec");
      JsonNode volume = pod.path("volumes").get(0);
      assertEquals(claim, volume.path("persistentVolumeClaim").path("claimName").asText(), file);
      JsonNode mount = pod.path("containers").get(0).path("volumeMounts").get(0);
      assertEquals(volume.path("name").asText(), mount.path("name").asText(), file);
      assertEquals("/results", mount.path("mountPath").asText(), file);
    }
    JsonNode merge =
        read("merge-job.yaml").path("spec").path("template").path("spec").path("containers").get(0);
    String script = merge.path("args").get(0).asText();
    assertTrue(
        script.contains("dev.gatlingllm.report.MergeReports")
            && script.contains("--out /results/merged"),
        script);
    Class.forName("dev.gatlingllm.report.MergeReports");
    assertTrue(
        script.contains("$$(cat /app/jib-classpath-file)"),
        "Kubernetes leaves $$(...) to the shell: " + script);
  }
}
