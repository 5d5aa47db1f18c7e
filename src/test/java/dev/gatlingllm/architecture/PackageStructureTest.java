package dev.gatlingllm.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The package structure docs/architecture.md draws, held against the compiled main classes. */
class PackageStructureTest {
  private static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.gatlingllm");

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
