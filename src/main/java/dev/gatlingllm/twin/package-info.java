/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>A twin of a real server: the simulator's settings fitted from a run's results folder (its
 * requests and levels), written as a {@code sim.*} profile the simulator starts from.
 */
package dev.gatlingllm.twin;
