/**
 * Public API: the ready simulations, published with their prompt files as the scenario pack
 * (gatling-llm's jar of classifier {@code simulations}), run by name in any Gatling project that
 * depends on it ({@code
 * -Dgatling.simulationClass=dev.gatlingllm.simulations.ConcurrencySweepSimulation}) and driven by
 * the {@code llm.*} properties (docs/running.md). Their class names and properties are kept across
 * minor versions as the DSL is.
 */
package dev.gatlingllm.simulations;
