/**
 * Public API: what the ready simulations are made of, for a simulation of your own that reads the
 * same {@code llm.*} properties: the settings, the target and its check before the load, the
 * prompts a run plans to use, the run's checks and assertions ({@link
 * dev.gatlingllm.dsl.ready.ReadyRun}).
 */
package dev.gatlingllm.dsl.ready;
