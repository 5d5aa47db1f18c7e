/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>Tokenizers for counting and building prompts: JTokkit encodings, a model's Hugging Face
 * tokenizer.json through DJL, a server's /tokenize.
 */
package dev.gatlingllm.tokenize;
