/**
 * The public API: {@link dev.gatlingllm.dsl.LlmDsl}, the one class a simulation imports statically
 * beside Gatling's DSLs, and the immutable protocol and request builders it returns. Its packages
 * {@code load}, {@code prompts} and {@code ready} hold the load models, prompt feeders and
 * ready-simulation settings; the check types are in {@code dev.gatlingllm.check}. Every other
 * package of gatling-llm is internal.
 */
package dev.gatlingllm.dsl;
