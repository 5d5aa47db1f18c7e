/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>Sends a request through Gatling's HTTP client and hands its bytes on with their arrival time.
 */
package dev.gatlingllm.gatling.http;
