package dev.gatlingllm.check;

/**
 * One tool call the model streamed: its function name and its arguments (the concatenated
 * fragments, normally a JSON object), both redacted as the answer is.
 *
 * @param name the function name, empty when the server sent arguments without a name
 * @param arguments the arguments text, empty when none came
 */
public record ToolCall(String name, String arguments) {}
