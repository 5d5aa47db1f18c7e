/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>What the dialects with typed JSON events share (Anthropic Messages, OpenAI Responses): a
 * reader that finds each event's {@code type} before its fields, and the signals of one event held
 * until it parsed whole.
 */
package dev.gatlingllm.api.events;
