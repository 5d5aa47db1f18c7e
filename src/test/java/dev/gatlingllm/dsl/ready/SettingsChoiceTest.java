package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.logging.UserError;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** A setting that names one of a few choices: the default, a choice, or one line naming them. */
class SettingsChoiceTest {
  private static final List<String> FORMS = List.of("dialect", "openai", "json_schema");

  @Test
  void anUnsetChoiceIsTheDefaultAndASetOneIsKept() {
    assertEquals(
        "dialect", Settings.of(new Properties()).oneOf("llm.schemaForm", "dialect", FORMS));
    Properties set = new Properties();
    set.setProperty("llm.schemaForm", " openai ");
    assertEquals("openai", Settings.of(set).oneOf("llm.schemaForm", "dialect", FORMS));
  }

  @Test
  void anythingElseIsAUserErrorNamingTheChoices() {
    Properties set = new Properties();
    set.setProperty("llm.schemaForm", "xml");
    UserError error =
        assertThrows(
            UserError.class, () -> Settings.of(set).oneOf("llm.schemaForm", "dialect", FORMS));
    assertEquals(
        "llm.schemaForm must be dialect, openai, json_schema, was 'xml'", error.getMessage());
  }
}
