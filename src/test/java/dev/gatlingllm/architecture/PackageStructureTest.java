package dev.gatlingllm.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
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
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package structure docs/architecture.md draws, held against the compiled main classes, and the
 * line between the public API and the internals, held against the sources of the simulations and
 * examples.
 */
class PackageStructureTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.gatlingllm");

  /**
   * The public API: the DSL's packages, the check types and the small types the DSL's signatures
   * name; the ready simulations users run by name; of the simulator, only the server a test starts.
   */
  private static final List<String> API =
      List.of(
          "dev.gatlingllm.dsl.",
          "dev.gatlingllm.check.",
          "dev.gatlingllm.values.",
          "dev.gatlingllm.simulations.",
          "dev.gatlingllm.simulator.LlmSimulator");

  private static final String INTERNAL =
      "Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.";
  private static final Pattern PROJECT_IMPORT =
      Pattern.compile("^import\\s+(?:static\\s+)?(dev\\.gatlingllm\\.[\\w.*]+)", Pattern.MULTILINE);

  /**
   * Internal types the API's signatures may still name, each for a reason; every other type a
   * public signature names is of the API, the JDK or Gatling's Java DSL, so that what a user writes
   * imports nothing internal.
   */
  private static final Set<String> NAMED_BY_THE_API_ALTHOUGH_INTERNAL =
      Set.of(
          // What a check on the run's figures reads: the whole summary, the metrics' core, reached
          // in a lambda.
          "dev.gatlingllm.metrics.aggregate.RunSummary",
          // Returned by LlmDsl's capacity-target factories and passed on to capacityTarget(..) and
          // ReportSettings; its description shares the report's number format (metrics.stats), so
          // it stays with the SLOs.
          "dev.gatlingllm.metrics.slo.AttainmentTarget",
          // Judges a RequestResult; users set SLOs through ttftSlo/tpotSlo/e2elSlo, the ready
          // simulations' report settings hand theirs on whole through slos(..).
          "dev.gatlingllm.metrics.slo.Slos",
          // The simulator is API only as the server a test starts; its model and settings stay
          // with it.
          "dev.gatlingllm.simulator.CapacityModel",
          "dev.gatlingllm.simulator.SimulatorConfig",
          "dev.gatlingllm.simulator.SimulatorSetting",
          "dev.gatlingllm.simulator.GroundTruthRecord");

  /**
   * No two packages depend on each other, at any depth: a parent and its sub-packages (a registry
   * of the dialects in their parent would make one) or two siblings, as well as top-level packages.
   */
  @Test
  void noTwoPackagesFormACycle() {
    slices().matching("dev.gatlingllm.(**)").should().beFreeOfCycles().check(MAIN);
  }

  /** The same at the top level, where a cycle's report names the packages users know. */
  @Test
  void topLevelPackagesFormNoCycle() {
    slices().matching("dev.gatlingllm.(*)..").should().beFreeOfCycles().check(MAIN);
  }

  /**
   * Gatling's Scala internals change between minor versions; only the adapter may use them. Outside
   * it, the public Java DSL ({@code io.gatling.javaapi}) and the two internal types its builder
   * interfaces return.
   */
  @Test
  void gatlingInternalsStayBehindTheAdapter() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.gatlingllm.gatling..")
        .should()
        .dependOnClassesThat(gatlingInternal())
        .check(MAIN);
  }

  /** Any package may use the API's values, internal ones included, without making a cycle. */
  @Test
  void theApisValuesUseNothingElseOfTheProject() {
    noClasses()
        .that()
        .resideInAPackage("dev.gatlingllm.values..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("dev.gatlingllm..")
                .and(resideOutsideOfPackage("dev.gatlingllm.values..")))
        .check(MAIN);
  }

  @Test
  void nothingLivesInGatlingsNamespace() {
    noClasses().should().resideInAPackage("io.gatling..").check(MAIN);
  }

  /**
   * What users copy from imports only the public API, so that it shows what a simulation may rely
   * on.
   */
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
    String source =
        String.join(
            "\n",
            "import static dev.gatlingllm.dsl.LlmDsl.*;",
            "import dev.gatlingllm.dsl.load.ConcurrencySteps;",
            "import dev.gatlingllm.check.LlmCheck;",
            "import dev.gatlingllm.simulator.LlmSimulator",
            "import dev.gatlingllm.simulator.LlmSimulatorMain;",
            "import dev.gatlingllm.metrics.slo.AttainmentTarget;",
            "import static dev.gatlingllm.workload.PromptFeeders.dataset;",
            "import dev.gatlingllm.dslx.Thing;",
            "import io.gatling.javaapi.core.*;");
    assertEquals(
        List.of(
            "dev.gatlingllm.simulator.LlmSimulatorMain",
            "dev.gatlingllm.metrics.slo.AttainmentTarget",
            "dev.gatlingllm.workload.PromptFeeders.dataset",
            "dev.gatlingllm.dslx.Thing"),
        internalImports(source));
  }

  /** Every package outside the API says it is internal, and no API package does. */
  @Test
  void everyPackageOutsideTheApiSaysItIsInternal() throws IOException {
    Set<String> packages =
        MAIN.stream().map(JavaClass::getPackageName).collect(Collectors.toCollection(TreeSet::new));
    Set<String> wrong = new TreeSet<>();
    for (String name : packages) {
      Path info = Path.of("src/main/java", name.replace('.', '/'), "package-info.java");
      boolean saysInternal = Files.exists(info) && Files.readString(info).contains(INTERNAL);
      if (saysInternal == isApi(name + ".")) {
        wrong.add(
            name
                + (saysInternal
                    ? " is API but says it is internal"
                    : " says nowhere that it is internal"));
      }
    }
    assertEquals(Set.of(), wrong);
    assertFalse(packages.isEmpty());
  }

  /**
   * What a user writes against the API names only the API, the JDK and Gatling's Java DSL: every
   * public or protected signature of the API's public classes (supertypes, constructors, methods,
   * fields, generic arguments included), but for the internal types above, each of which some
   * signature still names.
   */
  @Test
  void apiSignaturesNameOnlyApiTypes() {
    Set<String> leaks = new TreeSet<>();
    MAIN.stream()
        .filter(c -> isApi(c.getName().replaceAll("\\$.*", "")))
        .map(JavaClass::reflect)
        .filter(PackageStructureTest::isVisible)
        .forEach(type -> leaks.addAll(foreignTypesInSignatures(type)));
    Set<String> named =
        leaks.stream()
            .map(leak -> leak.substring(leak.indexOf(": ") + 2))
            .collect(Collectors.toCollection(TreeSet::new));
    leaks.removeIf(
        leak ->
            NAMED_BY_THE_API_ALTHOUGH_INTERNAL.contains(leak.substring(leak.indexOf(": ") + 2)));
    assertEquals(Set.of(), leaks);
    assertEquals(
        new TreeSet<>(NAMED_BY_THE_API_ALTHOUGH_INTERNAL),
        named,
        "every allowed type is still named; one that is not any more leaves the list");
  }

  /**
   * A leaking signature of each kind is found, and the API, JDK and Java DSL types beside them are
   * not.
   */
  @Test
  void aSignatureNamingAnInternalTypeIsFound() {
    assertEquals(
        Set.of(
            "PackageStructureTest.Leaky extends: dev.gatlingllm.metrics.stats.Micros",
            "PackageStructureTest.Leaky(): dev.gatlingllm.api.LlmDialect",
            "PackageStructureTest.Leaky.field: dev.gatlingllm.metrics.slo.Slos",
            "PackageStructureTest.Leaky.listen(): dev.gatlingllm.stream.OutputListener",
            "PackageStructureTest.Leaky.windows(): dev.gatlingllm.metrics.request.RequestResult",
            "PackageStructureTest.Leaky.protocol(): dev.gatlingllm.gatling.protocol.LlmProtocol"),
        foreignTypesInSignatures(Leaky.class));
  }

  @SuppressWarnings("unused")
  public abstract static class Leaky
      implements java.util.function.Supplier<dev.gatlingllm.metrics.stats.Micros> {
    public dev.gatlingllm.metrics.slo.Slos field;

    public Leaky(List<? extends dev.gatlingllm.api.LlmDialect> dialects) {}

    Leaky(dev.gatlingllm.values.Tokenizer hidden) {}

    public abstract void listen(
        java.util.function.Consumer<dev.gatlingllm.stream.OutputListener> listener);

    public abstract List<dev.gatlingllm.metrics.request.RequestResult>[] windows();

    protected abstract dev.gatlingllm.gatling.protocol.LlmProtocol protocol(
        io.gatling.javaapi.core.Session session,
        dev.gatlingllm.check.CheckVerdict verdict,
        dev.gatlingllm.values.ChatMessage message);

    private void hidden(dev.gatlingllm.metrics.aggregate.RunSummary summary) {}
  }

  private static Set<String> foreignTypesInSignatures(Class<?> type) {
    Set<String> leaks = new TreeSet<>();
    String owner = type.getName().substring(type.getPackageName().length() + 1).replace('$', '.');
    foreignTypes(type.getGenericSuperclass()).forEach(t -> leaks.add(owner + " extends: " + t));
    Arrays.stream(type.getGenericInterfaces())
        .flatMap(i -> foreignTypes(i).stream())
        .forEach(t -> leaks.add(owner + " extends: " + t));
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      if (isVisible(constructor.getModifiers()) && !constructor.isSynthetic()) {
        signatureTypes(constructor).forEach(t -> leaks.add(owner + "(): " + t));
      }
    }
    for (Method method : type.getDeclaredMethods()) {
      if (isVisible(method.getModifiers()) && !method.isSynthetic() && !method.isBridge()) {
        Set<String> types = new TreeSet<>(foreignTypes(method.getGenericReturnType()));
        types.addAll(signatureTypes(method));
        types.forEach(t -> leaks.add(owner + "." + method.getName() + "(): " + t));
      }
    }
    for (Field field : type.getDeclaredFields()) {
      if (isVisible(field.getModifiers()) && !field.isSynthetic()) {
        foreignTypes(field.getGenericType())
            .forEach(t -> leaks.add(owner + "." + field.getName() + ": " + t));
      }
    }
    return leaks;
  }

  private static Set<String> signatureTypes(Executable executable) {
    Set<String> names = new TreeSet<>();
    List<Type> types = new ArrayList<>(Arrays.asList(executable.getGenericParameterTypes()));
    types.addAll(Arrays.asList(executable.getGenericExceptionTypes()));
    types.addAll(Arrays.asList(executable.getTypeParameters()));
    types.forEach(t -> names.addAll(foreignTypes(t)));
    return names;
  }

  /**
   * The types a signature names, generic arguments and bounds included, that a user may not rely
   * on.
   */
  private static Set<String> foreignTypes(Type type) {
    Set<String> names = new TreeSet<>();
    collectTypes(type, new HashSet<>(), names);
    names.removeIf(PackageStructureTest::isAllowedInSignatures);
    return names;
  }

  private static void collectTypes(Type type, Set<Type> seen, Set<String> names) {
    if (type == null || !seen.add(type)) {
      return;
    }
    if (type instanceof Class<?> c) {
      if (c.isArray()) {
        collectTypes(c.componentType(), seen, names);
      } else {
        names.add(c.getName());
      }
    } else if (type instanceof ParameterizedType p) {
      collectTypes(p.getRawType(), seen, names);
      collectTypes(p.getOwnerType(), seen, names);
      Arrays.stream(p.getActualTypeArguments()).forEach(a -> collectTypes(a, seen, names));
    } else if (type instanceof WildcardType w) {
      Arrays.stream(w.getUpperBounds()).forEach(b -> collectTypes(b, seen, names));
      Arrays.stream(w.getLowerBounds()).forEach(b -> collectTypes(b, seen, names));
    } else if (type instanceof TypeVariable<?> v) {
      Arrays.stream(v.getBounds()).forEach(b -> collectTypes(b, seen, names));
    } else if (type instanceof GenericArrayType a) {
      collectTypes(a.getGenericComponentType(), seen, names);
    }
  }

  private static boolean isAllowedInSignatures(String name) {
    return name.startsWith("java.")
        || name.startsWith("io.gatling.javaapi.")
        || isApi(name.replaceAll("\\$.*", ""))
        || !name.contains(".") // primitives
        // The return types of the Java DSL's ActionBuilder.asScala() and
        // ProtocolBuilder.protocol().
        || name.equals("io.gatling.core.action.builder.ActionBuilder")
        || name.equals("io.gatling.core.protocol.Protocol");
  }

  /** Public, and so are the classes it is nested in. */
  private static boolean isVisible(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
      if (!Modifier.isPublic(c.getModifiers()) || c.isAnonymousClass() || c.isLocalClass()) {
        return false;
      }
    }
    return true;
  }

  private static boolean isVisible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
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
    return API.stream()
        .anyMatch(api -> api.endsWith(".") ? name.startsWith(api) : name.equals(api));
  }

  private static List<Path> sources(Path... roots) throws IOException {
    List<Path> sources = new ArrayList<>();
    for (Path root : roots) {
      try (Stream<Path> files = Files.walk(root)) {
        files
            .filter(f -> f.toString().endsWith(".java") || f.toString().endsWith(".kt"))
            .filter(f -> !f.toString().contains("/target/") && !f.toString().contains("/build/"))
            .forEach(sources::add);
      }
    }
    return sources;
  }

  private static DescribedPredicate<JavaClass> gatlingInternal() {
    return DescribedPredicate.describe(
        "are Gatling internals (outside io.gatling.javaapi)",
        c -> {
          String name = c.getName();
          return name.startsWith("io.gatling.")
              && !name.startsWith("io.gatling.javaapi.")
              // The return types of the Java DSL's ActionBuilder.asScala() and
              // ProtocolBuilder.protocol().
              && !name.equals("io.gatling.core.action.builder.ActionBuilder")
              && !name.equals("io.gatling.core.protocol.Protocol");
        });
  }
}
