package dev.gatlingllm.gatling.action;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.gatling.action.RequestTemplate.MessageTemplate;
import dev.gatlingllm.values.PromptImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** images(..) attach to the message added just before, and reach the resolved request. */
class RequestTemplateImagesTest {
  private static final PromptImage IMAGE = PromptImage.of("image/png", new byte[] {1, 2, 3});

  @Test
  void theImagesGoOnTheLastMessageOnly() {
    RequestTemplate template =
        RequestTemplate.empty()
            .withMessage(new MessageTemplate("system", SessionExpression.constant("be brief")))
            .withMessage(new MessageTemplate("user", SessionExpression.constant("what is it?")))
            .withImagesOnLastMessage(SessionExpression.constant(List.of(IMAGE)));
    // Constant expressions only: no session is read.
    GenerationRequest request = template.resolve(null, "m", true);
    assertTrue(request.messages().get(0).images().isEmpty());
    assertEquals(List.of(IMAGE), request.messages().get(1).images());
    assertEquals("what is it?", request.messages().get(1).content());
  }

  @Test
  void imagesBeforeAnyMessageAreRefusedWhenTheScenarioIsBuilt() {
    assertThrows(IllegalStateException.class, () -> LlmDsl.chat("x").images(List.of(IMAGE)));
  }

  @Test
  void anImageNeverPrintsItsBase64() {
    assertEquals("PromptImage[image/png, 3 bytes]", IMAGE.toString());
    assertEquals("data:image/png;base64,AQID", IMAGE.dataUrl());
    assertThrows(IllegalArgumentException.class, () -> PromptImage.of("image/png\"", new byte[1]));
  }
}
