package dev.gatlingllm.dsl.prompts;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.bounds.BoundedText;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prompts with images from a dataset, read (images included) before the load. Two layouts:
 *
 * <ul>
 *   <li>JSONL, one record a line: {@code {"prompt": "...", "images": ["a.png",
 *       "https://.../b.jpg"]}} ({@code "image": "a.png"} for one);
 *   <li>the LLaVA / ShareGPT4V JSON array: {@code [{"id": ..., "image": "a.jpg", "conversations":
 *       [{"from": "human", "value": "<image>\n..."}, {"from": "gpt", ...}]}]}: the first human turn
 *       is the prompt (its {@code <image>} marker dropped), as {@code vllm bench serve} takes it.
 * </ul>
 *
 * <p>An image path is relative to the dataset's folder (a file or a classpath resource); an {@code
 * http(s)} URL is sent as a URL for the server to fetch (Ollama takes none). Each record holds
 * {@code messages} (one user message with its images), {@code prompt} and {@code images} ({@link
 * PromptRecords}), so that {@code .messages("#{messages}")} sends it whole. An image named by
 * several records is read and encoded once.
 */
public final class ImageDatasets {
  private static final String KIND = "image dataset";
  private static final String IMAGE_MARKER = "<image>";

  private ImageDatasets() {}

  /**
   * The records of the dataset at {@code location}, JSONL or the LLaVA layout (a file whose first
   * non-blank character is {@code [}).
   *
   * @throws IllegalArgumentException naming the file and record of the first bad one
   */
  public static List<Map<String, Object>> read(String location) {
    try {
      return readRecords(location);
    } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
      // the messages name the dataset, its line and the file: one line, as every user error
      throw new UserError(e.getMessage());
    }
  }

  private static List<Map<String, Object>> readRecords(String location) {
    String text = JsonlFile.text(location, KIND);
    Images images = new Images(JsonlFile.folderOf(location));
    List<Map<String, Object>> records;
    if (text.stripLeading().startsWith("[")) {
      records = new ArrayList<>();
      JsonNode array = JsonlFile.parse(location, text, KIND, "the file");
      int index = 0;
      for (JsonNode record : array) {
        records.add(llavaRecord(location, record, index++, images));
      }
    } else {
      records =
          JsonlFile.records(
              location, text, KIND, (record, where) -> jsonlRecord(record, where, images));
    }
    if (records.isEmpty()) {
      throw new IllegalArgumentException("image dataset " + location + " has no record");
    }
    return List.copyOf(records);
  }

  private static Map<String, Object> jsonlRecord(JsonNode record, String where, Images images) {
    String prompt = record.path("prompt").asText(null);
    if (prompt == null) {
      throw new IllegalArgumentException(where + ": a record needs \"prompt\"");
    }
    List<PromptImage> list = new ArrayList<>();
    if (record.hasNonNull("image")) {
      list.add(images.get(record.get("image").asText(), where));
    }
    for (JsonNode name : record.path("images")) {
      list.add(images.get(name.asText(), where));
    }
    return record(prompt, list);
  }

  private static Map<String, Object> llavaRecord(
      String location, JsonNode record, int index, Images images) {
    String where = location + " record " + index;
    String prompt = null;
    for (JsonNode turn : record.path("conversations")) {
      if ("human".equals(turn.path("from").asText())) {
        prompt = turn.path("value").asText();
        break;
      }
    }
    if (prompt == null) {
      throw new IllegalArgumentException(where + ": no human turn in \"conversations\"");
    }
    prompt = prompt.replace(IMAGE_MARKER, "").strip();
    List<PromptImage> list = new ArrayList<>();
    if (record.hasNonNull("image")) {
      list.add(images.get(record.get("image").asText(), where));
    }
    return record(prompt, list);
  }

  private static Map<String, Object> record(String prompt, List<PromptImage> images) {
    return Map.of(
        PromptRecords.MESSAGES, List.of(ChatMessage.user(prompt, images)),
        PromptRecords.PROMPT, prompt,
        PromptRecords.IMAGES, List.copyOf(images));
  }

  /** The largest image file read: 64 MiB, far above any a vision model takes. */
  static final long MAX_IMAGE_BYTES = 64L << 20;

  /** The images read so far, by name: one read and one base64 string per image file. */
  private static final class Images {
    private final String folder;
    private final Map<String, PromptImage> byName = new HashMap<>();

    Images(String folder) {
      this.folder = folder;
    }

    PromptImage get(String name, String where) {
      return byName.computeIfAbsent(name, n -> load(n, where));
    }

    private PromptImage load(String name, String where) {
      String lower = name.toLowerCase(Locale.ROOT);
      if (lower.startsWith("http://") || lower.startsWith("https://")) {
        return PromptImage.url(name);
      }
      String location =
          java.nio.file.Path.of(name).isAbsolute() || folder.isEmpty() ? name : folder + name;
      try (InputStream in = Datasets.open(location, "image")) {
        String type = mediaType(lower, where);
        // the caller names the record (where) in front of these
        byte[] bytes = BoundedText.readAll(in, "image " + location, MAX_IMAGE_BYTES);
        requireSignature(type, bytes, "image " + location);
        return PromptImage.of(type, bytes);
      } catch (IOException e) {
        throw new UncheckedIOException(where + ": cannot read image " + location, e);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
      }
    }

    /**
     * Refuses a file whose first bytes are not its type's signature: a 0-byte file or a script
     * named {@code .png} would be sent as an image and fail every request, or be billed.
     */
    private static void requireSignature(String type, byte[] bytes, String where) {
      boolean matches =
          switch (type) {
            case "image/png" -> startsWith(bytes, 0, 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n');
            case "image/jpeg" -> startsWith(bytes, 0, 0xFF, 0xD8, 0xFF);
            case "image/gif" -> startsWith(bytes, 0, 'G', 'I', 'F', '8');
            case "image/webp" ->
                startsWith(bytes, 0, 'R', 'I', 'F', 'F')
                    && startsWith(bytes, 8, 'W', 'E', 'B', 'P');
            default -> true;
          };
      if (!matches) {
        throw new IllegalArgumentException(
            where
                + " is not a "
                + type.substring("image/".length()).toUpperCase(Locale.ROOT)
                + " image: "
                + (bytes.length == 0
                    ? "it is empty"
                    : "its first bytes are not the format's signature"));
      }
    }

    private static boolean startsWith(byte[] bytes, int offset, int... signature) {
      if (bytes.length < offset + signature.length) {
        return false;
      }
      for (int i = 0; i < signature.length; i++) {
        if ((bytes[offset + i] & 0xFF) != signature[i]) {
          return false;
        }
      }
      return true;
    }

    private static String mediaType(String name, String where) {
      if (name.endsWith(".png")) {
        return "image/png";
      }
      if (name.endsWith(".jpg") || name.endsWith(".jpeg")) {
        return "image/jpeg";
      }
      if (name.endsWith(".webp")) {
        return "image/webp";
      }
      if (name.endsWith(".gif")) {
        return "image/gif";
      }
      throw new IllegalArgumentException(where + ": unknown image type of " + name);
    }
  }
}
