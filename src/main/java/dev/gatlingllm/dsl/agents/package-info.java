/**
 * Public API: agent sessions, turns of tool calls whose next turn sends the whole history back
 * ({@link dev.gatlingllm.dsl.agents.AgentSessions}), the sessions replayed from a trace or
 * generated from distributions, tool-calling prompts from a BFCL-style file, and a cap on requests
 * in flight across sessions ({@link dev.gatlingllm.dsl.agents.InFlightCap}).
 */
package dev.gatlingllm.dsl.agents;
