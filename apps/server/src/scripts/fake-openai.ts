import { FAKE_SCENARIOS, startFakeOpenAi, type FakeScenario } from '../integrations/fake-openai';

/**
 * The fake OpenAI-compatible server on its own, for offline development of the assistant:
 *
 *   npm run llm:fake -w @gona/server -- 4040 [faithful|invents_dose|tool_call|slow|failing]
 *
 * Its own file because a module that starts a server when run would start it inside the bundle too.
 */
const port = Number(process.argv[2] ?? 4040);
const asked = process.argv[3] ?? 'faithful';
if (!(FAKE_SCENARIOS as readonly string[]).includes(asked)) {
  console.error(`Unknown scenario "${asked}": choose one of ${FAKE_SCENARIOS.join(', ')}`);
  process.exit(1);
}
const fake = await startFakeOpenAi({ port, scenario: asked as FakeScenario });
console.log(
  `Fake language model (${asked}) at ${fake.url}: set LLM_BASE_URL=${fake.url} LLM_MODEL=${fake.model}`,
);
