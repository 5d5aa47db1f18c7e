package dev.gatlingllm.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package structure docs/architecture.md draws, held against the compiled main classes, and the line between the
 * public API and the internals, held against the sources of the simulations and examples.
 */
class PackageStructureTest {
  private static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.gatlingllm");

  /** The public API: the DSL's packages and the check types; of the simulator, only the server a test starts. */
  private static final List<String> API = List.of(
      "dev.gatlingllm.dsl.", "dev.gatlingllm.check.", "dev.gatlingllm.simulator.LlmSimulator");
  private static final String INTERNAL = "Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.";
  private static final Pattern PROJECT_IMPORT =
      Pattern.compile("^import\\s+(?:static\\s+)?(dev\\.gatlingllm\\.[\\w.*]+)", Pattern.MULTILINE);

  @Test
  void topLevelPackagesFormNoCycle() {
    slices().matching("dev.gatlingllm.(*)..").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void metricsSubPackagesFormNoCycle() {
    slices().matching("dev.gatlingllm.metrics.(*)..").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void gatlingSubPackagesFormNoCycle() {
    slices().matching("dev.gatlingllm.gatling.(*)..").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void dslSubPackagesFormNoCycle() {
    slices().matching("dev.gatlingllm.dsl.(*)..").should().beFreeOfCycles().check(MAIN);
  }

  /**
   * Gatling's Scala internals change between minor versions; only the adapter may use them. Outside it,
   * the public Java DSL ({@code io.gatling.javaapi}) and the two internal types its builder interfaces return.
   */
  @Test
  void gatlingInternalsStayBehindTheAdapter() {
    noClasses().that().resideOutsideOfPackage("dev.gatlingllm.gatling..")
        .should().dependOnClassesThat(gatlingInternal())
        .check(MAIN);
  }

  @Test
  void nothingLivesInGatlingsNamespace() {
    noClasses().should().resideInAPackage("io.gatling..").check(MAIN);
  }

  /** What users copy from imports only the public API, so that it shows what a simulation may rely on. */
  @Test
  void simulationsAndExamplesImportOnlyThePublicApi() throws IOException {
    Set<String> internal = new TreeSet<>();
    for (Path source : sources(Path.of("simulations"), Path.of("examples"))) {
      internalImports(Files.readString(source)).forEach(name -> internal.add(source + ": " + name));
    }
    assertEquals(Set.of(), internal);
  }

  @Test
  void anImportOfAnInternalPackageIsFound() {
    String source = String.join("\n",
        "import static dev.gatlingllm.dsl.LlmDsl.*;",
        "import dev.gatlingllm.dsl.load.ConcurrencySteps;",
        "import dev.gatlingllm.check.LlmCheck;",
        "import dev.gatlingllm.simulator.LlmSimulator",
        "import dev.gatlingllm.simulator.LlmSimulatorMain;",
        "import dev.gatlingllm.metrics.slo.AttainmentTarget;",
        "import static dev.gatlingllm.workload.PromptFeeders.dataset;",
        "import dev.gatlingllm.dslx.Thing;",
        "import io.gatling.javaapi.core.*;");
    assertEquals(List.of("dev.gatlingllm.simulator.LlmSimulatorMain", "dev.gatlingllm.metrics.slo.AttainmentTarget",
        "dev.gatlingllm.workload.PromptFeeders.dataset", "dev.gatlingllm.dslx.Thing"), internalImports(source));
  }

  /** Every package outside the API says it is internal, and no API package does. */
  @Test
  void everyPackageOutsideTheApiSaysItIsInternal() throws IOException {
    Set<String> packages = MAIN.stream().map(JavaClass::getPackageName).collect(Collectors.toCollection(TreeSet::new));
    Set<String> wrong = new TreeSet<>();
    for (String name : packages) {
      Path info = Path.of("src/main/java", name.replace('.', '/'), "package-info.java");
      boolean saysInternal = Files.exists(info) && Files.readString(info).contains(INTERNAL);
      if (saysInternal == isApi(name + ".")) {
        wrong.add(name + (saysInternal ? " is API but says it is internal" : " says nowhere that it is internal"));
      }
    }
    assertEquals(Set.of(), wrong);
    assertFalse(packages.isEmpty());
  }

  private static List<String> internalImports(String source) {
    Matcher matcher = PROJECT_IMPORT.matcher(source);
    List<String> internal = new ArrayList<>();
    while (matcher.find()) {
      if (!isApi(matcher.group(1))) {
        internal.add(matcher.group(1));
      }
    }
    return internal;
  }

  private static boolean isApi(String name) {
    return API.stream().anyMatch(api -> api.endsWith(".") ? name.startsWith(api) : name.equals(api));
  }

  private static List<Path> sources(Path... roots) throws IOException {
    List<Path> sources = new ArrayList<>();
    for (Path root : roots) {
      try (Stream<Path> files = Files.walk(root)) {
        files.filter(f -> f.toString().endsWith(".java") || f.toString().endsWith(".kt"))
            .filter(f -> !f.toString().contains("/target/") && !f.toString().contains("/build/"))
            .forEach(sources::add);
      }
    }
    return sources;
  }

  private static DescribedPredicate<JavaClass> gatlingInternal() {
    return DescribedPredicate.describe("are Gatling internals (outside io.gatling.javaapi)", c -> {
      String name = c.getName();
      return name.startsWith("io.gatling.")
          && !name.startsWith("io.gatling.javaapi.")
          // The return types of the Java DSL's ActionBuilder.asScala() and ProtocolBuilder.protocol().
          && !name.equals("io.gatling.core.action.builder.ActionBuilder")
          && !name.equals("io.gatling.core.protocol.Protocol");
    });
  }
}
