package dev.gatlingllm.simulations;

import static io.gatling.javaapi.core.CoreDsl.details;

import dev.gatlingllm.dsl.agents.AgentSession;
import dev.gatlingllm.dsl.agents.AgentSessions;
import dev.gatlingllm.dsl.agents.AgentTraces;
import dev.gatlingllm.dsl.agents.Distribution;
import dev.gatlingllm.dsl.agents.InFlightCap;
import dev.gatlingllm.dsl.agents.ToolPrompts;
import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.Settings;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.util.List;

/**
 * Agent sessions: turns of tool calls, each sending the whole history with the tools, the tool's
 * latency between turns. Sessions are replayed from {@code llm.agent.trace} (default {@code
 * agent-sessions-sample.jsonl}: per turn input and output tokens and the tool's latency) or, with
 * {@code llm.agent.sessions=N}, N generated: turns uniform in [{@code llm.agent.minTurns}, {@code
 * llm.agent.maxTurns}] (2, 6), input and output tokens log-normal around {@code llm.inputTokens}
 * and {@code llm.outputTokens} (256, 32), tool latency log-normal around {@code
 * llm.agent.toolLatencyMs} (300). {@code llm.agent.toolLatencyScale} scales every tool latency;
 * {@code llm.agent.tools} (default {@code bfcl-sample.jsonl}, {@code none}: one search tool) opens
 * the sessions with BFCL-style tool-calling prompts; {@code llm.agent.maxInFlight} caps the
 * requests in flight across sessions (0: no cap). Concurrency steps {@code llm.levels} (default 4)
 * of {@code llm.requestsPerLevel} sessions (default: every session once). The report gives TTFT by
 * turn index, session durations and turns per session.
 */
public class AgentSessionSimulation extends Simulation {
  private final Settings properties = Settings.fromSystemProperties();
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(
          WorkloadSettings.defaults().levels(4).inputTokens(256).outputTokens(32));
  private final List<AgentSession> sessions =
      AgentTraces.scaleToolLatency(
          sessions(properties, settings), properties.number("llm.agent.toolLatencyScale", 1.0));
  private final String tools = properties.text("llm.agent.tools", "bfcl-sample.jsonl");
  private final int maxInFlight = properties.wholeNumber("llm.agent.maxInFlight", 0);
  private final ConcurrencySteps steps =
      properties.integer("llm.requestsPerLevel", 0) > 0
              || properties.integer("llm.requestsPerStream", 0) > 0
              || properties.text("llm.levelDuration", null) != null
          ? settings.concurrencySteps()
          : settings.concurrencySteps().requestsPerLevel(sessions.size());

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final AgentSessions.Options options =
      AgentSessions.Options.defaults()
          .toolPrompts("none".equals(tools) ? List.of() : ToolPrompts.read(tools))
          .cap(maxInFlight > 0 ? InFlightCap.of(maxInFlight) : null)
          .seed(settings.prompts().seed())
          .request(request -> request.ignoreEos(run.ignoreEos(true)));
  private final ChainBuilder agent =
      AgentSessions.chain("agent", sessions, run.tokenizer(settings), options);

  // The warm-ups play sessions of their own, drawn as generated ones are: a replayed trace's
  // sessions are then all measured, from its first.
  private final ChainBuilder warmup =
      AgentSessions.chain(
          "agent",
          generated(properties, settings, Math.max(8, sessions.size())),
          run.tokenizer(settings),
          options);

  {
    run.announce(
        sessions.size()
            + " agent sessions ("
            + sessions.stream().mapToInt(s -> s.turns().size()).sum()
            + " turns), levels "
            + settings.closed().levels()
            + (maxInFlight > 0 ? ", at most " + maxInFlight + " requests in flight" : ""));
    setUp(steps.warmupWith(warmup).build("agent sessions", agent, run.checks()))
        .protocols(run.http(), run.llm(steps.plannedLevels()))
        .assertions(run.assertions(details("agent").failedRequests().percent().lt(1.0)));
  }

  private static List<AgentSession> sessions(Settings properties, WorkloadSettings settings) {
    int generated = properties.wholeNumber("llm.agent.sessions", 0);
    if (generated == 0) {
      return AgentTraces.read(properties.text("llm.agent.trace", "agent-sessions-sample.jsonl"));
    }
    return generated(properties, settings, generated);
  }

  private static List<AgentSession> generated(
      Settings properties, WorkloadSettings settings, int count) {
    int minTurns = properties.wholeNumber("llm.agent.minTurns", 2);
    int maxTurns = properties.wholeNumber("llm.agent.maxTurns", Math.max(minTurns, 6));
    AgentTraces.requireGeneratedTurnsWithinBound(count, maxTurns);
    return AgentTraces.generate(
        count,
        settings.prompts().seed(),
        Distribution.uniform(minTurns, maxTurns),
        Distribution.logNormal(settings.prompts().inputTokens(), 0.5, 1),
        Distribution.logNormal(settings.prompts().outputTokens(), 0.5, 1),
        Distribution.logNormal(properties.wholeNumber("llm.agent.toolLatencyMs", 300), 0.5, 0));
  }

  @Override
  public void after() {
    run.close();
  }
}
