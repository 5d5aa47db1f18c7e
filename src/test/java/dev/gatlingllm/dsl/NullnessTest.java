package dev.gatlingllm.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The DSL's nullness says what the code does: its classes are {@code @NullMarked}, and each
 * parameter marked {@code @Nullable} takes null (the protocol's "none" or default).
 */
class NullnessTest {
  private static final List<Class<?>> DSL =
      List.of(
          LlmDsl.class,
          LlmProtocolBuilder.class,
          LlmRequestCalls.class,
          LlmRequestActionBuilder.class,
          EmbedActionBuilder.class,
          RerankActionBuilder.class,
          TokenListener.class);

  @Test
  void theDslClassesAreNullMarked() {
    for (Class<?> type : DSL) {
      assertTrue(type.isAnnotationPresent(NullMarked.class), type.getSimpleName());
    }
  }

  @Test
  void eachNullableParameterOfTheProtocolTakesNull() throws Exception {
    Set<String> nullable = new TreeSet<>();
    for (Method method : LlmProtocolBuilder.class.getMethods()) {
      if (method.getParameterCount() == 1
          && !Modifier.isStatic(method.getModifiers())
          && method.getAnnotatedParameterTypes()[0].isAnnotationPresent(Nullable.class)) {
        nullable.add(method.getName());
        Object built = method.invoke(LlmDsl.llm(), new Object[] {null});
        assertTrue(built instanceof LlmProtocolBuilder, method.getName());
      }
    }
    assertEquals(Set.of("apiKey", "endpoint", "model", "serverMetrics", "tokenizer"), nullable);
    assertEquals(
        "http://127.0.0.1:9",
        LlmDsl.baseUrlOrEmbeddedSimulator("http://127.0.0.1:9"),
        "a URL given is the URL (null: the embedded simulator's)");
  }
}
