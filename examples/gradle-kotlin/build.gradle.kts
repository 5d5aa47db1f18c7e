// An existing Gatling project in Kotlin, built with Gradle and Gatling's Gradle plugin, that adds gatling-llm:
// one dependency of the gatling source set and two JVM options. Run it with `gradle gatlingRun` after
// `./mvnw install` of gatling-llm (mavenLocal() below finds it in ~/.m2).
plugins {
    kotlin("jvm") version "2.4.10"
    id("io.gatling.gradle") version "3.15.1.2"
}

repositories {
    mavenLocal()
    mavenCentral()
}

dependencies {
    gatlingImplementation("dev.gatlingllm:gatling-llm:0.1.0-SNAPSHOT")
}

tasks.withType(JavaCompile::class) {
    options.release.set(17)
}

kotlin {
    compilerOptions {
        jvmTarget.set(org.jetbrains.kotlin.gradle.dsl.JvmTarget.JVM_17)
    }
}

gatling {
    jvmArgs = jvmArgs + listOf(
        // Where gatling-llm finds the run's results folder on systems without /proc (its llm/ report goes beside
        // Gatling's, under build/reports/gatling).
        "-Dllm.resultsDir=" + layout.buildDirectory.dir("reports/gatling").get().asFile.path,
        // Netty's buffer-leak detector costs the event loops a few % at high concurrency.
        "-Dio.netty.leakDetection.level=disabled",
    )
}
