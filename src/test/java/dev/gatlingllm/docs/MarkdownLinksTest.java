package dev.gatlingllm.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the project's Markdown leads somewhere: the file exists, and a link into a
 * Markdown file names one of its headings as GitHub turns them into anchors. GitHub shows a broken
 * link as a dead end and a missing anchor as the top of the page, silently, so a section that moves
 * (from the README to docs/) would leave its readers lost.
 */
class MarkdownLinksTest {
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
  private static final Pattern HEADING = Pattern.compile("^#{1,6} +(.+?) *#* *$");
  private static final Pattern WITH_SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

  @Test
  void everyRelativeLinkResolvesToAFileAndItsAnchorToAHeading() throws IOException {
    List<Path> documents = documents();
    assertTrue(
        documents.contains(Path.of("README.md"))
            && documents.contains(Path.of("docs", "running.md")),
        "the README and docs/ are read: " + documents);
    List<String> broken = new ArrayList<>();
    for (Path document : documents) {
      List<String> lines = proseLines(document);
      for (int i = 0; i < lines.size(); i++) {
        Matcher link = LINK.matcher(INLINE_CODE.matcher(lines.get(i)).replaceAll(""));
        while (link.find()) {
          String problem = problem(document, link.group(1));
          if (problem != null) {
            broken.add(document + ":" + (i + 1) + ": " + link.group(1) + " (" + problem + ")");
          }
        }
      }
    }
    assertEquals(List.of(), broken, "links that lead nowhere");
  }

  @Test
  void anchorsAreGitHubsSlugsOfTheHeadings() {
    // as GitHub links these headings (the old README's links used the first three)
    assertEquals("the-servers-own-metrics", slug("The server's own metrics"));
    assertEquals(
        "a-hosted-api-openai-azure-openai-other-providers",
        slug("A hosted API (OpenAI, Azure OpenAI, other providers)"));
    assertEquals(
        "runs-against-vllm-llamacpp-ollama-openai-anthropic-and-azure",
        slug("Runs against vLLM, llama.cpp, Ollama, OpenAI, Anthropic and Azure"));
    assertEquals("report-goodput-and-checks", slug("Report, goodput and checks"));
    assertEquals("requestscsv-and-server_decode_ms", slug("`requests.csv` and `server_decode_ms`"));
  }

  @Test
  void aMissingFileAndAMissingAnchorAreBothFound() throws IOException {
    Path readme = Path.of("README.md");
    assertEquals("no such file", problem(readme, "docs/nowhere.md"));
    assertEquals("no heading with this anchor", problem(readme, "docs/running.md#configuratoin"));
    assertEquals("no heading with this anchor", problem(readme, "#the-two-command"));
    assertEquals(null, problem(readme, "docs/running.md#configuration"));
    assertEquals(null, problem(readme, "#the-two-commands"));
    assertEquals(null, problem(readme, "https://example.org/nowhere"));
  }

  /**
   * README.md, CHANGELOG.md and the rest at the root, docs/, and the READMEs of deploy/ and
   * models/.
   */
  private static List<Path> documents() throws IOException {
    List<Path> documents = new ArrayList<>();
    for (Path folder :
        List.of(Path.of("."), Path.of("docs"), Path.of("deploy", "k8s"), Path.of("models"))) {
      try (Stream<Path> files = Files.list(folder)) {
        files
            .filter(f -> f.getFileName().toString().endsWith(".md"))
            .map(f -> f.normalize())
            .sorted()
            .forEach(documents::add);
      }
    }
    return documents;
  }

  /**
   * @return why the link leads nowhere, or null when it resolves (links with a scheme are not
   *     followed)
   */
  private static String problem(Path document, String link) throws IOException {
    if (WITH_SCHEME.matcher(link).find()) {
      return null;
    }
    int hash = link.indexOf('#');
    String file = hash < 0 ? link : link.substring(0, hash);
    Path target = file.isEmpty() ? document : resolve(document, file);
    if (!Files.exists(target)) {
      return "no such file";
    }
    if (hash < 0 || !target.toString().endsWith(".md")) {
      return null;
    }
    return anchors(target).contains(link.substring(hash + 1))
        ? null
        : "no heading with this anchor";
  }

  private static Path resolve(Path document, String file) {
    Path folder = document.getParent() == null ? Path.of("") : document.getParent();
    return folder.resolve(file).normalize();
  }

  /** The anchors GitHub gives a file's headings: their slugs, a repeated one numbered from -1. */
  private static Set<String> anchors(Path document) throws IOException {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : proseLines(document)) {
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String slug = slug(heading.group(1));
        int before = seen.merge(slug, 1, Integer::sum) - 1;
        anchors.add(before == 0 ? slug : slug + "-" + before);
      }
    }
    return anchors;
  }

  /**
   * GitHub's anchor of a heading: lower case, punctuation dropped (hyphens and underscores kept),
   * spaces as hyphens.
   */
  private static String slug(String heading) {
    return heading
        .strip()
        .toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N} _-]", "")
        .replace(' ', '-');
  }

  /**
   * The file's lines with those inside fenced code blocks blanked: a shell comment there is no
   * heading.
   */
  private static List<String> proseLines(Path document) throws IOException {
    List<String> lines = new ArrayList<>();
    boolean inCode = false;
    for (String line : Files.readAllLines(document)) {
      boolean fence = line.stripLeading().startsWith("```");
      lines.add(inCode || fence ? "" : line);
      if (fence) {
        inCode = !inCode;
      }
    }
    return lines;
  }
}
