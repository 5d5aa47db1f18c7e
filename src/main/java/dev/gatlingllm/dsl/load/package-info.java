/**
 * Public API: load models that place each virtual user in a load level of the LLM report
 * (concurrency steps, open rates, a capacity search, rate limits paced within a provider's budget,
 * retries after 429, a trace replay, the JIT warm-up before them).
 */
package dev.gatlingllm.dsl.load;
