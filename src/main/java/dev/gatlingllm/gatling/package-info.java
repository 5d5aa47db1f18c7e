/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The one adapter over Gatling's internals: stats records, session values, EL, the run's end and
 * its assertions' verdicts, record and session names.
 */
package dev.gatlingllm.gatling;
