package dev.gatlingllm.api.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptAudio;
import dev.gatlingllm.values.PromptImage;
import java.io.IOException;

/**
 * How an API writes a message that carries images or audio: each chat dialect names its form, and
 * the shared message writer ({@link JsonBodyWriter#messages(JsonGenerator, String, java.util.List,
 * ImageParts)}) asks it for the content of such a message. A message without them keeps the plain
 * {@code "content": "text"} of every API.
 *
 * <p>Audio has one form, OpenAI Chat Completions' {@code input_audio} part (Azure and vLLM's audio
 * models take it too). An API without it refuses a message with audio, naming the API, rather than
 * send the prompt without the clip: that would measure another workload.
 *
 * <p>The base64 text, megabytes for a large image, was encoded before the load; it is written raw
 * (base64 and a {@code data:} URL need no JSON escaping), so that a request copies it once and
 * Jackson does not scan it for characters to escape.
 */
public enum ImageParts {
  /**
   * OpenAI Chat Completions: {@code content: [{type: text, text}, {type: image_url, image_url:
   * {url}}]}, the URL a {@code data:} URL for inline bytes; then each audio clip as {@code {type:
   * input_audio, input_audio: {data, format}}}.
   */
  OPENAI_CHAT(null) {
    @Override
    void content(JsonGenerator json, ChatMessage message) throws IOException {
      openAiParts(json, message, "text", "image_url", true);
    }
  },
  /**
   * OpenAI Responses: {@code content: [{type: input_text, text}, {type: input_image, image_url}]},
   * the URL a string. Its documented input parts are text, image and file: no audio.
   */
  OPENAI_RESPONSES("the OpenAI Responses API") {
    @Override
    void content(JsonGenerator json, ChatMessage message) throws IOException {
      openAiParts(json, message, "input_text", "input_image", false);
    }
  },
  /**
   * Anthropic Messages: {@code content: [{type: image, source: {type: base64, media_type, data}},
   * ..., {type: text, text}]}, the images first as Anthropic advises; a URL image as {@code source:
   * {type: url, url}}.
   */
  ANTHROPIC("Anthropic's Messages API") {
    @Override
    void content(JsonGenerator json, ChatMessage message) throws IOException {
      json.writeArrayFieldStart("content");
      for (PromptImage image : message.images()) {
        json.writeStartObject();
        json.writeStringField("type", "image");
        json.writeObjectFieldStart("source");
        if (image.inline()) {
          json.writeStringField("type", "base64");
          json.writeStringField("media_type", image.mediaType());
          json.writeFieldName("data");
          rawString(json, image.dataUrl(), image.base64Start());
        } else {
          json.writeStringField("type", "url");
          json.writeStringField("url", image.url());
        }
        json.writeEndObject();
        json.writeEndObject();
      }
      textPart(json, "text", message.content());
      json.writeEndArray();
    }
  },
  /**
   * Ollama's chat: the text stays {@code content} and the images go beside it as {@code images:
   * [base64...]}; Ollama takes no URL, so a URL image is refused before the request is sent.
   */
  OLLAMA("Ollama's chat API") {
    @Override
    void content(JsonGenerator json, ChatMessage message) throws IOException {
      json.writeStringField("content", message.content());
      json.writeArrayFieldStart("images");
      for (PromptImage image : message.images()) {
        if (!image.inline()) {
          throw new IllegalArgumentException(
              "Ollama takes images as base64 only, not a URL: " + image.url());
        }
        rawString(json, image.dataUrl(), image.base64Start());
      }
      json.writeEndArray();
    }
  };

  /** The API's name in the refusal of audio, or null for the API that takes audio. */
  private final String withoutAudio;

  ImageParts(String withoutAudio) {
    this.withoutAudio = withoutAudio;
  }

  /**
   * Writes the {@code content} (and any field beside it) of a message that carries images or audio.
   *
   * @throws IllegalArgumentException for audio in an API that cannot carry it
   */
  void write(JsonGenerator json, ChatMessage message) throws IOException {
    if (message.hasAudio() && withoutAudio != null) {
      throw new IllegalArgumentException(LlmDialect.audioRefusal(withoutAudio));
    }
    content(json, message);
  }

  /** Writes the {@code content} (and any field beside it) of a message that carries images. */
  abstract void content(JsonGenerator json, ChatMessage message) throws IOException;

  /**
   * OpenAI's two forms: the text part, then one part per image whose URL is {@code image_url}, an
   * object {@code {url}} ({@code nested}, Chat Completions) or the string itself (Responses).
   */
  private static void openAiParts(
      JsonGenerator json, ChatMessage message, String textType, String imageType, boolean nested)
      throws IOException {
    json.writeArrayFieldStart("content");
    textPart(json, textType, message.content());
    for (PromptImage image : message.images()) {
      json.writeStartObject();
      json.writeStringField("type", imageType);
      if (nested) {
        json.writeObjectFieldStart("image_url");
        urlField(json, "url", image);
        json.writeEndObject();
      } else {
        urlField(json, "image_url", image);
      }
      json.writeEndObject();
    }
    for (PromptAudio clip : message.audio()) {
      json.writeStartObject();
      json.writeStringField("type", "input_audio");
      json.writeObjectFieldStart("input_audio");
      json.writeFieldName("data");
      rawString(json, clip.base64(), 0);
      json.writeStringField("format", clip.format());
      json.writeEndObject();
      json.writeEndObject();
    }
    json.writeEndArray();
  }

  private static void textPart(JsonGenerator json, String type, String text) throws IOException {
    json.writeStartObject();
    json.writeStringField("type", type);
    json.writeStringField("text", text);
    json.writeEndObject();
  }

  /** {@code name}: the image's {@code data:} URL (written raw) or its http URL. */
  private static void urlField(JsonGenerator json, String name, PromptImage image)
      throws IOException {
    json.writeFieldName(name);
    if (image.inline()) {
      rawString(json, image.dataUrl(), 0);
    } else {
      json.writeString(image.url());
    }
  }

  /**
   * {@code text} from {@code start} as a JSON string, without escaping: only for text known to need
   * none (base64 and the {@code data:<type>;base64,} prefix). {@code writeRawValue} writes the
   * separator the generator owes before a value; the rest goes raw.
   */
  private static void rawString(JsonGenerator json, String text, int start) throws IOException {
    json.writeRawValue("\"");
    json.writeRaw(text, start, text.length() - start);
    json.writeRaw('"');
  }
}
