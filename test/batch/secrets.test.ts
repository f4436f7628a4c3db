/**
 * The secrets scan: an endpoint that echoes the API key back (whole, base64-encoded, a 10-
 * character head, a tail, inside an Authorization header it quotes) and a base URL carrying a
 * user, a password and an api-key parameter. After `run`, `report`, `replay --plain`, `watch
 * --plain` and `config`, no output file and no output stream holds the key or the URL's
 * credentials, whole or in part.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearSecrets, registerSecret, scrub } from '../../src/config/secrets.ts';
import { startOpenAIServer, type OpenAITestServer } from '../helpers/openai-server.ts';
import { batchLibrary } from './helpers.ts';

const BIN = fileURLToPath(new URL('../../bin/intentplay.js', import.meta.url));
const KEY = 'sk-proj-Zq8vW3xLk2Pn7Rt5Yb1Hc9Md4Fs6Gj0';
const PASSWORD = 'hunter2-Secret-Pw';
const URL_KEY = 'qk-77aa88bb99cc';
const b64 = (s: string) => Buffer.from(s).toString('base64');

let server: OpenAITestServer;
beforeAll(async () => {
  server = await startOpenAIServer();
  let n = 0;
  server.respond(async (req) => {
    n++;
    const auth = String(req.headers.authorization ?? '');
    // Every other call fails with an error body that quotes the credentials it got.
    if (n % 2 === 0)
      return {
        status: 400,
        error: {
          message: `bad key ${KEY.slice(0, 10)}… (…${KEY.slice(-10)}); you sent "${auth}" = ${b64(KEY)} / ${b64(`user:${KEY}`)}`,
          type: 'invalid_request_error',
        },
      };
    return {
      content: `Here is a plan. (debug: key=${KEY}, head ${KEY.slice(0, 12)}, tail ${KEY.slice(-12)}, basic ${b64(`:${KEY}`)})`,
    };
  });
});
afterAll(() => server.close());

function forbidden(): string[] {
  const pieces = new Set<string>();
  for (const secret of [KEY, b64(KEY), PASSWORD, URL_KEY])
    for (let i = 0; i + 10 <= secret.length; i++) pieces.add(secret.slice(i, i + 10));
  return [...pieces];
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

describe('secrets', () => {
  it('scrub blanks a secret, its base64 forms and its pieces, and leaves other text alone', () => {
    registerSecret(KEY);
    try {
      expect(scrub(`a ${KEY} b`)).toBe('a [secret] b');
      expect(scrub(`x ${b64(KEY)} y`)).toBe('x [secret] y');
      expect(scrub(`head ${KEY.slice(0, 10)}…`)).toBe('head [secret]…');
      expect(scrub(`the plan is ready in 3 steps`)).toBe('the plan is ready in 3 steps');
    } finally {
      clearSecrets();
    }
  });

  it(
    'no output of run, report, replay, watch or config holds any piece of a key or of URL credentials',
    { timeout: 60_000 },
    async () => {
      const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-secrets-')), 'r');
      const url = new URL(server.url);
      url.searchParams.set('api-key', URL_KEY);
      const withUser = new URL(url);
      withUser.username = 'alice';
      withUser.password = PASSWORD;
      const env = { ...process.env, OPENAI_API_KEY: KEY, NO_COLOR: '1' };
      const streams: string[] = [];
      // Asynchronous: the test server answers from this process.
      const cli = (args: string[]) =>
        new Promise<void>((resolve) => {
          const child = spawn(process.execPath, [BIN, ...args], { env, cwd: path.dirname(out) });
          let text = '';
          child.stdout.on('data', (d: Buffer) => (text += d.toString()));
          child.stderr.on('data', (d: Buffer) => (text += d.toString()));
          child.on('close', () => (streams.push(text), resolve()));
        });
      const lib = batchLibrary();
      await cli([
        'run',
        lib,
        '--agent',
        'openai',
        '--agent-model',
        'm',
        '--base-url',
        server.url,
        '--user',
        'rules',
        '--judge',
        'rules',
        '--out',
        out,
      ]);
      // A key in the base URL's query (the SDK cannot use it, but it must not be written either).
      await cli([
        'run',
        lib,
        '--agent',
        'openai',
        '--agent-model',
        'm',
        '--base-url',
        url.toString(),
        '--user',
        'rules',
        '--judge',
        'rules',
        '--out',
        path.join(out, 'query'),
      ]);
      expect(readFileSync(path.join(out, 'query', 'run.json'), 'utf8')).toContain(
        'api-key=[secret]',
      );
      expect(readdirSync(path.join(out, 'recordings')).length).toBeGreaterThan(0);
      await cli(['report', out]);
      const recording = files(path.join(out, 'recordings'))[0]!;
      await cli(['replay', recording, '--plain']);
      await cli([
        'watch',
        path.join(lib, 'scenarios/p/a.yaml'),
        '--agent',
        'openai',
        '--agent-model',
        'm',
        '--base-url',
        server.url,
        '--plain',
        '--recordings',
        path.join(out, 'watch'),
      ]);
      await cli(['config', '--base-url', url.toString()]);
      // A user and password in a URL cannot be sent: a clear error, which shows neither.
      await cli([
        'run',
        lib,
        '--agent',
        'openai',
        '--agent-model',
        'm',
        '--base-url',
        withUser.toString(),
        '--out',
        path.join(out, 'userinfo'),
      ]);
      expect(streams.at(-1)).toContain(
        'carries a user and password, which HTTP clients refuse to send from a URL',
      );
      // The server's words did reach the session (so the test would catch a leak).
      expect(files(out).some((f) => readFileSync(f, 'utf8').includes('Here is a plan.'))).toBe(
        true,
      );
      expect(files(out).some((f) => readFileSync(f, 'utf8').includes('bad key [secret]'))).toBe(
        true,
      );
      const outputs = [
        ...files(out).map((f) => [f, readFileSync(f, 'utf8')] as const),
        ...streams.map((s, i) => [`stream ${i}`, s] as const),
      ];
      for (const piece of forbidden())
        for (const [where, text] of outputs)
          expect(text.includes(piece), `${piece} in ${where}`).toBe(false);
    },
  );
});
