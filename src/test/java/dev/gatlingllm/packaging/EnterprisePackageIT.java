package dev.gatlingllm.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code ./mvnw -Denterprise gatling:enterprisePackage}, the package uploaded to Gatling
 * Enterprise: the plugin, the ready simulations, the feeders and the libraries Gatling does not
 * bring; none of Gatling's jars (Enterprise provides them), nothing of the unit tests. Built apart,
 * in {@code target/enterprise}.
 */
class EnterprisePackageIT {
  @Test
  void thePackageHoldsThePluginAndTheReadySimulationsAndNoneOfGatling() throws Exception {
    Path dir = NestedMaven.BASEDIR.resolve("target/enterprise");
    NestedMaven.Result build =
        NestedMaven.run(
            NestedMaven.BASEDIR.resolve("target/it-enterprise/build.log"),
            170,
            "-Denterprise",
            "gatling:enterprisePackage");
    assertEquals(0, build.exitCode(), build.tail());
    Path pack = dir.resolve("gatling-llm-" + NestedMaven.VERSION + "-shaded.jar");
    assertTrue(Files.isRegularFile(pack), pack + " missing: " + build.tail());
    List<String> entries = NestedMaven.entries(pack);

    for (String expected :
        List.of(
            "dev/gatlingllm/dsl/LlmDsl.class",
            "dev/gatlingllm/simulator/LlmSimulator.class",
            "dev/gatlingllm/simulations/ConcurrencySweepSimulation.class",
            "dev/gatlingllm/simulations/FixedRatioSimulation.class",
            "prompts.csv",
            "chat-dataset.jsonl",
            "com/knuddels/jtokkit/Encodings.class",
            "org/HdrHistogram/Histogram.class",
            "org/apache/commons/math3/optim/nonlinear/scalar/noderiv/SimplexOptimizer.class")) {
      assertTrue(entries.contains(expected), expected + " missing from the package");
    }
    List<String> strays =
        entries.stream()
            .filter(
                e ->
                    e.matches(
                            "(io/gatling|io/netty|scala|com/fasterxml|org/junit|wiremock|com/github/tomakehurst)/.*")
                        || e.matches("dev/gatlingllm/(e2e|testing|real|packaging|bench)/.*")
                        // our tests; a library's own classes may end so (commons-math3's TTest)
                        || e.matches("dev/gatlingllm/.*(Test|IT)\\.class")
                        || e.startsWith("logback-test"))
            .toList();
    assertEquals(List.of(), strays, "Gatling's own or test entries in the package");
  }
}
