/**
 * The local OpenAI-compatible server of the tests, in a process of its own for the first-token benchmark:
 * in the benchmark's own process it would share one event loop with the client that times the turns.
 * Prints its base URL as one line, then serves until killed.
 */
import { startFakeOpenAI } from '../apps/server/test/fake-openai';

const upstream = await startFakeOpenAI();
console.log(upstream.baseURL);
process.on('SIGTERM', () => {
  upstream.close().finally(() => process.exit(0));
});
