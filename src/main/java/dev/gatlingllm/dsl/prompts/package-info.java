/**
 * Public API: prompt feeders (exact-length random prompts prepared before the load, datasets,
 * conversations), their records keyed as {@link dev.gatlingllm.dsl.prompts.PromptRecords} says.
 */
package dev.gatlingllm.dsl.prompts;
