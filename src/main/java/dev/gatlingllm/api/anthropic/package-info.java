/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The Anthropic Messages wire format ({@code /v1/messages}): a request with a top-level {@code
 * system} and a required {@code max_tokens}, a stream of typed events ({@code message_start},
 * {@code content_block_delta}, {@code message_delta}, {@code message_stop}). Only {@link
 * dev.gatlingllm.api.anthropic.AnthropicDialect} is API.
 */
package dev.gatlingllm.api.anthropic;
