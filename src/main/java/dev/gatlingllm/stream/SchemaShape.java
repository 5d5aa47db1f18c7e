package dev.gatlingllm.stream;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a JSON schema must be before any answer is judged against it, checked on its JSON alone: not
 * nested beyond {@value #MAX_DEPTH} levels, every {@code $ref} inside the document (a remote one
 * would be fetched, or fail, at the first request), and no loop of references that reads nothing of
 * the answer ({@code {"$ref": "#"}}: the validator would recurse until the event loop's stack
 * overflows). A recursive schema that descends into the answer ({@code properties.child: {"$ref":
 * "#"}}) is fine: each step reads a deeper part of a finite answer.
 */
final class SchemaShape {
  /** Deeper than any schema a person writes; far below what a thread's stack holds. */
  static final int MAX_DEPTH = 64;

  /**
   * Keywords whose schemas apply to the same value as their parent: a reference loop through these
   * alone never advances into the answer.
   */
  private static final Set<String> IN_PLACE_LISTS = Set.of("allOf", "anyOf", "oneOf");

  private static final Set<String> IN_PLACE_ONE = Set.of("not", "if", "then", "else");

  private SchemaShape() {}

  /**
   * Why the schema cannot be used, in a few words naming the reference or place, or null when it
   * can.
   */
  static String problem(JsonNode schema) {
    int depth = depth(schema, 0);
    if (depth > MAX_DEPTH) {
      return "it is nested more than " + MAX_DEPTH + " levels deep";
    }
    List<String> refs = new ArrayList<>();
    collectRefs(schema, refs);
    for (String ref : refs) {
      if (!ref.startsWith("#")) {
        return "its $ref '"
            + ref
            + "' points outside the schema: remote references are not fetched;"
            + " put the referenced schema under $defs and refer to it as '#/$defs/<name>'";
      }
      if (resolve(schema, ref) == null && !isAnchor(ref)) {
        return "its $ref '" + ref + "' points at nothing in the schema";
      }
    }
    String loop = referenceLoop(schema);
    if (loop != null) {
      return "its $ref '"
          + loop
          + "' leads back to itself without reading any of the answer (an endless loop)";
    }
    return null;
  }

  private static int depth(JsonNode node, int level) {
    if (level > MAX_DEPTH) {
      return level; // no deeper: the answer is known
    }
    int deepest = level;
    for (JsonNode child : node) {
      if (child.isContainerNode()) {
        deepest = Math.max(deepest, depth(child, level + 1));
      }
    }
    return deepest;
  }

  /** Keywords whose values are data, not schemas: a {@code $ref} in them is no reference. */
  private static final Set<String> DATA = Set.of("const", "enum", "examples", "default");

  private static void collectRefs(JsonNode node, List<String> refs) {
    if (node.isObject()) {
      for (String keyword : List.of("$ref", "$dynamicRef")) {
        JsonNode ref = node.get(keyword);
        if (ref != null && ref.isTextual()) {
          refs.add(ref.asText());
        }
      }
    }
    for (JsonNode child : schemaChildren(node)) {
      collectRefs(child, refs);
    }
  }

  /** The containers under a node, but the values of its data keywords. */
  private static List<JsonNode> schemaChildren(JsonNode node) {
    List<JsonNode> children = new ArrayList<>();
    if (node.isObject()) {
      node.fields()
          .forEachRemaining(
              field -> {
                if (!DATA.contains(field.getKey()) && field.getValue().isContainerNode()) {
                  children.add(field.getValue());
                }
              });
    } else {
      node.forEach(
          child -> {
            if (child.isContainerNode()) {
              children.add(child);
            }
          });
    }
    return children;
  }

  /** {@code #name}: a plain-name fragment ({@code $anchor}), which the validator resolves. */
  private static boolean isAnchor(String ref) {
    return ref.length() > 1 && ref.charAt(1) != '/';
  }

  /** The node a local JSON pointer ({@code #}, {@code #/$defs/a}) names, or null. */
  static JsonNode resolve(JsonNode root, String ref) {
    if (ref.equals("#")) {
      return root;
    }
    if (!ref.startsWith("#/")) {
      return null;
    }
    JsonNode target = root.at(decode(ref.substring(1)));
    return target.isMissingNode() ? null : target;
  }

  /** A pointer in a URI fragment may be percent-encoded ({@code #/$defs/a%20b}). */
  private static String decode(String pointer) {
    return java.net.URLDecoder.decode(
        pointer.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * The first {@code $ref} of a loop that stays on the same value, or null: a depth-first walk over
   * the in-place edges (a local {@code $ref}, {@code allOf}/{@code anyOf}/{@code oneOf}, {@code
   * not}, {@code if}/{@code then}/{@code else}) from every subschema.
   */
  private static String referenceLoop(JsonNode root) {
    Map<JsonNode, Boolean> state = new IdentityHashMap<>(); // false: on the path, true: done
    List<JsonNode> all = new ArrayList<>();
    objects(root, all);
    for (JsonNode start : all) {
      String loop = walk(root, start, state);
      if (loop != null) {
        return loop;
      }
    }
    return null;
  }

  private static void objects(JsonNode node, List<JsonNode> into) {
    if (node.isObject()) {
      into.add(node);
    }
    for (JsonNode child : schemaChildren(node)) {
      objects(child, into);
    }
  }

  private static String walk(JsonNode root, JsonNode node, Map<JsonNode, Boolean> state) {
    Boolean seen = state.get(node);
    if (seen != null) {
      return null; // done, or on the path: the caller that followed the edge reports the loop
    }
    state.put(node, false);
    JsonNode ref = node.get("$ref");
    if (ref != null && ref.isTextual()) {
      JsonNode target = resolve(root, ref.asText());
      if (target != null && target.isObject()) {
        if (Boolean.FALSE.equals(state.get(target))) {
          return ref.asText();
        }
        String loop = walk(root, target, state);
        if (loop != null) {
          return loop;
        }
      }
    }
    for (JsonNode next : inPlaceChildren(node)) {
      String loop = walk(root, next, state);
      if (loop != null) {
        return loop;
      }
    }
    state.put(node, true);
    return null;
  }

  private static List<JsonNode> inPlaceChildren(JsonNode node) {
    List<JsonNode> children = new ArrayList<>();
    for (String keyword : IN_PLACE_LISTS) {
      JsonNode list = node.get(keyword);
      if (list != null && list.isArray()) {
        list.forEach(child -> addIfObject(child, children));
      }
    }
    for (String keyword : IN_PLACE_ONE) {
      addIfObject(node.get(keyword), children);
    }
    return children.isEmpty() ? Collections.emptyList() : children;
  }

  private static void addIfObject(JsonNode node, List<JsonNode> into) {
    if (node != null && node.isObject()) {
      into.add(node);
    }
  }
}
