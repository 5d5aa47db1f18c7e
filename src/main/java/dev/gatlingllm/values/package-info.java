/**
 * Public API: the small types a simulation names when it calls {@link dev.gatlingllm.dsl.LlmDsl}'s
 * builders, and that the internals read too: a chat message, the token event a listener sees and
 * its kind, the SLO records setting, the output-limit field, a provider's rate budget, a planned
 * load level. They import nothing else of the project, so that any package may use them without a
 * cycle.
 */
package dev.gatlingllm.values;
