package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.fixed;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gatlingllm.metrics.aggregate.AgentFigures;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.stats.Distribution;
import java.util.Locale;

/**
 * Agent sessions (metrics.md, "Agent sessions") in the console, summary.md, summary.json and the
 * page: TTFT p50 and p99 by turn index, session durations and turns per session. Shown only when
 * some request belonged to a session, so that other runs read as before.
 */
final class AgentSessionsSection {
  private AgentSessionsSection() {}

  static boolean shown(RunSummary summary) {
    return summary.agents().any();
  }

  static void console(StringBuilder text, RunSummary summary) {
    AgentFigures agents = summary.agents();
    text.append(
        String.format(
            Locale.ROOT,
            "%-40s %d (%d completed)\n",
            "Sessions:",
            agents.sessions(),
            agents.completedSessions()));
    text.append(
        String.format(
            Locale.ROOT,
            "%-40s %s\n",
            "Session duration p50 / p99 (ms):",
            fixed(agents.durationMs().p50(), 1) + " / " + fixed(agents.durationMs().p99(), 1)));
    text.append(
        String.format(
            Locale.ROOT, "%-40s %s\n", "Turns per session mean / p50 / max:", turns(agents)));
    text.append(
        String.format(
            Locale.ROOT,
            "%-8s %10s %16s %16s\n",
            "turn",
            "requests",
            "TTFT p50 (ms)",
            "TTFT p99 (ms)"));
    for (AgentFigures.TurnTtft turn : agents.ttftByTurn()) {
      text.append(String.format(Locale.ROOT, "%-8s %10s %16s %16s\n", (Object[]) cells(turn)));
    }
  }

  static void markdown(StringBuilder md, RunSummary summary) {
    if (!shown(summary)) {
      return;
    }
    AgentFigures agents = summary.agents();
    md.append("## Agent sessions\n\n");
    md.append(sessionsSentence(agents)).append("\n\n");
    md.append("| turn | requests | TTFT p50 ms | TTFT p99 ms |\n|---|---:|---:|---:|\n");
    for (AgentFigures.TurnTtft turn : agents.ttftByTurn()) {
      md.append("| ").append(String.join(" | ", cells(turn))).append(" |\n");
    }
    md.append('\n');
  }

  static void html(StringBuilder page, RunSummary summary) {
    if (!shown(summary)) {
      return;
    }
    AgentFigures agents = summary.agents();
    page.append("<section>\n<h2>Agent sessions</h2>\n<p>")
        .append(Html.escape(sessionsSentence(agents)))
        .append("</p>\n<table id=\"agent-sessions\">\n<tr><th>turn</th><th>requests</th>")
        .append("<th>TTFT p50 ms</th><th>TTFT p99 ms</th></tr>\n");
    for (AgentFigures.TurnTtft turn : agents.ttftByTurn()) {
      page.append("<tr><td>").append(String.join("</td><td>", cells(turn))).append("</td></tr>\n");
    }
    page.append("</table>\n</section>\n");
  }

  static void json(ObjectNode root, RunSummary summary) {
    if (!shown(summary)) {
      return;
    }
    AgentFigures agents = summary.agents();
    ObjectNode node = root.putObject("agent_sessions");
    node.put("sessions", agents.sessions());
    node.put("completed_sessions", agents.completedSessions());
    Json.put(node, "median_session_duration_ms", agents.durationMs().p50());
    Json.put(node, "p99_session_duration_ms", agents.durationMs().p99());
    Json.put(node, "mean_session_duration_ms", agents.durationMs().mean());
    Json.put(node, "mean_turns_per_session", agents.turnsMean());
    node.put("median_turns_per_session", agents.turnsP50());
    node.put("max_turns_per_session", agents.turnsMax());
    ArrayNode turns = node.putArray("ttft_by_turn");
    for (AgentFigures.TurnTtft turn : agents.ttftByTurn()) {
      ObjectNode row = turns.addObject();
      row.put("turn", turn.turn());
      row.put("count", turn.ttftMs().count());
      Json.put(row, "median_ttft_ms", turn.ttftMs().p50());
      Json.put(row, "p99_ttft_ms", turn.ttftMs().p99());
    }
  }

  /** The sessions, their durations and turns, in one sentence. */
  private static String sessionsSentence(AgentFigures agents) {
    return agents.sessions()
        + " sessions ("
        + agents.completedSessions()
        + " with every turn OK); session duration p50 / p99: "
        + fixed(agents.durationMs().p50(), 1)
        + " / "
        + fixed(agents.durationMs().p99(), 1)
        + " ms; turns per session mean / p50 / max: "
        + turns(agents)
        + ".";
  }

  private static String turns(AgentFigures agents) {
    return fixed(agents.turnsMean(), 2) + " / " + agents.turnsP50() + " / " + agents.turnsMax();
  }

  /** One turn's row: its index, its requests, TTFT p50 and p99 in ms. */
  private static String[] cells(AgentFigures.TurnTtft turn) {
    Distribution ttft = turn.ttftMs();
    return new String[] {
      label(turn), String.valueOf(ttft.count()), fixed(ttft.p50(), 1), fixed(ttft.p99(), 1)
    };
  }

  /** The turn index; the last index also holds every later turn. */
  private static String label(AgentFigures.TurnTtft turn) {
    return turn.turn() >= AgentFigures.MAX_TURN ? turn.turn() + "+" : String.valueOf(turn.turn());
  }
}
