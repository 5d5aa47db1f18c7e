package dev.gatlingllm.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No two classes of a package call each other both ways, directly or round a loop: such a pair can
 * only be read, tested and changed together (the stream's output and its exchange report through
 * one narrow interface, {@code StreamEnding}). Nested classes count as their outer class.
 */
class ClassCyclesTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.gatlingllm");

  @ParameterizedTest
  @ValueSource(strings = {"dev.gatlingllm.stream", "dev.gatlingllm.report"})
  void noCycleBetweenTheClassesOf(String packageName) {
    Map<String, Set<String>> edges = new TreeMap<>();
    for (JavaClass type : MAIN) {
      if (!type.getPackageName().equals(packageName)) {
        continue;
      }
      String from = outer(type);
      for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
        JavaClass target = dependency.getTargetClass();
        String to = outer(target);
        if (target.getPackageName().equals(packageName) && !to.equals(from)) {
          edges.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
        }
      }
    }
    assertEquals(List.of(), cycles(edges), "classes of " + packageName + " in a loop");
  }

  private static String outer(JavaClass type) {
    String name = type.getName();
    int nested = name.indexOf('$');
    return nested < 0 ? name : name.substring(0, nested);
  }

  /** The strongly connected components of more than one class (Tarjan). */
  private static List<Set<String>> cycles(Map<String, Set<String>> edges) {
    List<Set<String>> found = new ArrayList<>();
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    List<String> stack = new ArrayList<>();
    Set<String> onStack = new TreeSet<>();
    int[] counter = {0};
    for (String node : edges.keySet()) {
      if (!index.containsKey(node)) {
        connect(node, edges, index, low, stack, onStack, counter, found);
      }
    }
    return found;
  }

  private static void connect(
      String node,
      Map<String, Set<String>> edges,
      Map<String, Integer> index,
      Map<String, Integer> low,
      List<String> stack,
      Set<String> onStack,
      int[] counter,
      List<Set<String>> found) {
    index.put(node, counter[0]);
    low.put(node, counter[0]++);
    stack.add(node);
    onStack.add(node);
    for (String next : edges.getOrDefault(node, Set.of())) {
      if (!index.containsKey(next)) {
        connect(next, edges, index, low, stack, onStack, counter, found);
        low.put(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.contains(next)) {
        low.put(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node).equals(index.get(node))) {
      Set<String> component = new TreeSet<>();
      String member;
      do {
        member = stack.remove(stack.size() - 1);
        onStack.remove(member);
        component.add(member);
      } while (!member.equals(node));
      if (component.size() > 1) {
        found.add(component);
      }
    }
  }
}
