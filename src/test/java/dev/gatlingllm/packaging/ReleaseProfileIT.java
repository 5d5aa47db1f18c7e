package dev.gatlingllm.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * {@code ./mvnw -Prelease install -Dgpg.skip}: the release profile up to the step before
 * publishing, into a repository of the test's own. What Maven Central needs is there: the jar (its
 * license and its stamped version inside), the sources and javadoc jars, and a pom with the
 * project's name, description, url, license, scm and developers. Signing needs the user's GPG key
 * and publishing the user's Portal token: both are left out.
 */
class ReleaseProfileIT {
  private static final Path WORK = NestedMaven.BASEDIR.resolve("target/it-release");

  @Test
  void theReleaseProfileBuildsEveryFileCentralNeeds() throws Exception {
    Path repository = WORK.resolve("repo");
    NestedMaven.deleteTree(repository);
    NestedMaven.Result build =
        NestedMaven.run(
            WORK.resolve("build.log"),
            400,
            "-Prelease",
            "-Dgpg.skip",
            "-Dmaven.test.skip=true",
            "-Drelease.buildDirectory=" + WORK.resolve("target"),
            "-Dmaven.repo.local=" + repository,
            "-Dmaven.repo.local.tail=" + NestedMaven.userRepository(),
            "install");
    assertEquals(0, build.exitCode(), build.tail());

    Path installed = repository.resolve("dev/gatlingllm/gatling-llm/" + NestedMaven.VERSION);
    String base = "gatling-llm-" + NestedMaven.VERSION;
    for (String file :
        List.of(".jar", "-simulations.jar", "-sources.jar", "-javadoc.jar", ".pom")) {
      assertTrue(
          Files.isRegularFile(installed.resolve(base + file)),
          base + file + " not built: " + build.tail());
    }
    List<String> jar = NestedMaven.entries(installed.resolve(base + ".jar"));
    assertTrue(jar.contains("META-INF/LICENSE"), "the license in the jar");
    assertTrue(
        NestedMaven.entries(installed.resolve(base + "-sources.jar"))
            .contains("dev/gatlingllm/dsl/LlmDsl.java"));
    assertTrue(
        NestedMaven.entries(installed.resolve(base + "-javadoc.jar"))
            .contains("dev/gatlingllm/dsl/LlmDsl.html"));
    assertEquals(
        NestedMaven.VERSION,
        stampedVersion(installed.resolve(base + ".jar")),
        "the version reports name");

    Document pom =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(installed.resolve(base + ".pom").toFile());
    Element project = pom.getDocumentElement();
    for (String required : List.of("name", "description", "url", "licenses", "scm", "developers")) {
      assertTrue(
          child(project, required) != null && !child(project, required).getTextContent().isBlank(),
          "<" + required + "> in the pom Central receives");
    }
    assertEquals(
        "Apache-2.0", child(child(child(project, "licenses"), "license"), "name").getTextContent());
  }

  private static String stampedVersion(Path jar) throws Exception {
    try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
      Properties properties = new Properties();
      properties.load(zip.getInputStream(zip.getEntry("dev/gatlingllm/gatling-llm.properties")));
      return properties.getProperty("version");
    }
  }

  private static Element child(Element parent, String name) {
    for (var node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && element.getTagName().equals(name)) {
        return element;
      }
    }
    return null;
  }
}
