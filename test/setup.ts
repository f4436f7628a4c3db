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
