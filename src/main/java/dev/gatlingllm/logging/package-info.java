/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The logback %msg converter that masks credential headers in any logged line.
 */
package dev.gatlingllm.logging;
