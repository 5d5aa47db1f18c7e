package dev.gatlingllm.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.gatling.ExpressionException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Embedding inputs are texts, each one: never a null or an object sent as "null" or "{}". */
class PoolingSpecTest {
  @Test
  void aConstantListWithANullIsRefusedWithItsPlace() {
    List<String> inputs = Arrays.asList("a", null);
    assertEquals(
        "inputs element 2 is null, not a text",
        assertThrows(IllegalArgumentException.class, () -> PoolingSpec.texts(inputs, "inputs"))
            .getMessage());
  }

  @Test
  void aSessionsListOfNullTextAndObjectIsAKoNamingTheFirstNonText() {
    List<Object> hostile = Arrays.asList(null, "x", Map.of());
    assertEquals(
        "inputs element 1 is null, not a text",
        assertThrows(
                ExpressionException.class,
                () -> PoolingSpec.texts(session -> castToTexts(hostile), "inputs").resolve(null))
            .getMessage());
    List<Object> object = Arrays.asList("x", Map.of());
    assertEquals(
        "inputs element 2 is an object, not a text",
        assertThrows(
                ExpressionException.class,
                () -> PoolingSpec.texts(session -> castToTexts(object), "inputs").resolve(null))
            .getMessage());
    assertEquals(
        List.of("x", "y"), PoolingSpec.texts(session -> List.of("x", "y"), "inputs").resolve(null));
  }

  @SuppressWarnings("unchecked")
  private static List<String> castToTexts(List<Object> values) {
    return (List<String>) (List<?>) values; // what a JSON feeder's untyped list gives at run time
  }
}
