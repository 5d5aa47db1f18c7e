/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The registry of the built-in dialects by id. It stands apart from {@code dev.gatlingllm.api},
 * whose types every dialect uses, so that the dialects depend on their parent and the registry on
 * them, never the other way round.
 */
package dev.gatlingllm.api.dialects;
