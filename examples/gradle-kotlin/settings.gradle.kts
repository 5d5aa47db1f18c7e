rootProject.name = "llm-load-tests-kotlin"
