package com.example.llm

import dev.gatlingllm.dsl.LlmDsl.chat
import dev.gatlingllm.dsl.LlmDsl.llm
import dev.gatlingllm.dsl.LlmDsl.outputTokensAtLeast
import dev.gatlingllm.simulator.LlmSimulator
import io.gatling.javaapi.core.CoreDsl.atOnceUsers
import io.gatling.javaapi.core.CoreDsl.details
import io.gatling.javaapi.core.CoreDsl.exec
import io.gatling.javaapi.core.CoreDsl.global
import io.gatling.javaapi.core.CoreDsl.scenario
import io.gatling.javaapi.core.ScenarioBuilder
import io.gatling.javaapi.core.Simulation
import io.gatling.javaapi.http.HttpDsl.http
import java.time.Duration

/**
 * Streamed chats against gatling-llm's simulated OpenAI-compatible server, started on a loopback port for the
 * run: 4 users, 3 chats each, 32 output tokens a chat. Point `http.baseUrl` at your own server instead.
 */
class KotlinChatSimulation : Simulation() {
    private val outputTokens = 32

    private val server: LlmSimulator = LlmSimulator.builder().model("simulated-llm").build().start()

    private val chats: ScenarioBuilder = scenario("chats").repeat(3).on(
        exec(
            chat("chat")
                .system("You are a helpful assistant.")
                .user("Tell me a story about a lighthouse.")
                .maxTokens(outputTokens)
                .ignoreEos(true)
                .check(outputTokensAtLeast(outputTokens.toLong()))
        )
    )

    init {
        setUp(chats.injectOpen(atOnceUsers(4)))
            .protocols(
                http.baseUrl(server.baseUri().toString()),
                llm().model("simulated-llm").timeout(Duration.ofSeconds(30))
            )
            .assertions(
                // `shouldBe` is Gatling's Kotlin-friendly name for `is`, a keyword in Kotlin.
                global().failedRequests().count().shouldBe(0L),
                details("chat").successfulRequests().count().shouldBe(12L),
                details("chat TTFT").responseTime().percentile(99.0).lt(5_000)
            )
            .maxDuration(Duration.ofSeconds(60))
    }

    override fun after() {
        server.close()
    }
}
