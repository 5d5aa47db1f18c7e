/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}. The one exception is {@link
 * dev.gatlingllm.simulator.LlmSimulator}, the embedded simulated server a simulation or a test may
 * start in place of a real one (its builder, start, address and close).
 *
 * <p>The embedded simulated LLM server: capacity model, dialects, faults, ground-truth log.
 */
package dev.gatlingllm.simulator;
