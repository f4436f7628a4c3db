// Runs before each test file. Most files share a worker process with the files before them
// (vitest.config.ts, the "shared" project): what one file changes in process.env or the working
// folder is put back when it ends, so the next file starts from the same place.
import { afterAll } from 'vitest';
import { clearSecrets } from '../src/config/secrets.ts';
// The paradigms (chat, time, proposals) are installed as the command line's entry installs them.
import '../src/paradigms/index.ts';
// Forces a stable terminal for every test: colour on (so colour assertions mean something)
// and a fixed width, whatever terminal the suite runs in.
process.env.FORCE_COLOR = '1';
process.env.COLUMNS = process.env.COLUMNS ?? '120';
delete process.env.NO_COLOR;
// Tests must never pick up a developer's real model configuration.
for (const key of Object.keys(process.env)) {
  // INTENTPLAY_AGENTS(_DIR) name installed real agents for the opt-in compatibility matrix, no model.
  if (key === 'INTENTPLAY_AGENTS' || key === 'INTENTPLAY_AGENTS_DIR') continue;
  if (key.startsWith('OPENAI_') || key.startsWith('INTENTPLAY_')) delete process.env[key];
}
// The home screen's library cache goes to a folder of the test run's own, never the user's.
process.env.INTENTPLAY_CACHE_DIR = (await import('node:path')).join(
  (await import('node:os')).tmpdir(),
  'intentplay-test-cache',
);

// A file's registered secrets (src/config/secrets.ts) are forgotten too: scrub would blank their
// pieces (a phone number's eight digits) from every later file's recordings.
const env = { ...process.env };
const cwd = process.cwd();
afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
  if (process.cwd() !== cwd) process.chdir(cwd);
  clearSecrets();
});
