/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The Gatling actions: the streaming request, level starts, run checks; stateless and shared.
 */
package dev.gatlingllm.gatling.action;
