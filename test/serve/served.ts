/** Starts `intentplay … --serve` (the real binary, no terminal) and reads the links it prints. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, watchPage } from '../helpers/browser.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'bin/intentplay.js');

export interface Served {
  child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the first match of `pattern` in stderr. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** Sends SIGINT and waits for the exit code. */
  stop(): Promise<number | null>;
}

export function serve(args: string[], cwd: string): Served {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env },
  });
  let err = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const waiters = new Set<() => void>();
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
    for (const w of waiters) w();
  });
  child.stdout!.resume();
  return {
    child,
    stderr: () => err,
    // On a loaded machine (load 30) the binary took over 20 s to print its links.
    waitFor: (pattern, ms = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = err.match(pattern);
          if (m) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${pattern} in stderr after ${ms} ms:\n${err}`));
        }, ms);
        waiters.add(check);
        check();
      }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}

/** The page's terminal as lines of text. */
export async function screenText(page: Page): Promise<string> {
  return (
    await page.evaluate(() =>
      (globalThis as unknown as { intentplayScreen: () => string[] }).intentplayScreen(),
    )
  ).join('\n');
}

/** Waits until `read()` (a page's terminal as text) shows `text`; resolves with what it showed. */
export async function waitForText(
  read: () => Promise<string>,
  text: string | RegExp,
  ms: number,
): Promise<string> {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    last = await read().catch(() => '');
    if (typeof text === 'string' ? last.includes(text) : text.test(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the screen never showed ${String(text)}; it shows:\n${last}`);
}

/** Waits until the page's terminal shows `text`. */
export function waitForScreen(page: Page, text: string | RegExp, ms = 15_000): Promise<string> {
  return waitForText(() => screenText(page), text, ms);
}

/** `watch`/`play --serve` of the marketer's A/B headlines with the scripted agent, on any port. */
export function servedArgs(command: 'watch' | 'play', ...more: string[]): string[] {
  const scenario = path.join(ROOT, 'scenarios/marketer/ab-headlines.yaml');
  return [command, scenario, '--serve', '--port', '0', '--agent', 'script:proactive', ...more];
}

/**
 * A one-condition, between-subjects study of `scenario` (consent, instructions, the scripted
 * proactive agent); `library` when not the bundled one. More keys go after it.
 */
export function oneConditionStudy(title: string, scenario: string, library?: string): string {
  return `title: ${title}
${library ? `library: ${library}\n` : ''}consent:
  version: v1
  text: You agree to take part in a test.
instructions: You will play the user of an assistant.
conditions:
  proactive: { agent: "script:proactive" }
scenarios: [${scenario}]
design: { type: between, seed: 1 }
`;
}

/**
 * A study file in a fresh folder, the binary run there (`cli`), `serve --study` started on it
 * (`start`), and a Chromium for its participants; the describe's hooks close both.
 */
export function studyInBrowser(prefix: string, studyYaml: string) {
  const work = mkdtempSync(path.join(os.tmpdir(), prefix));
  const fixture = {
    work,
    browser: undefined as unknown as Browser,
    served: undefined as Served | undefined,
    cli: (...args: string[]) =>
      execFileSync(process.execPath, [BIN, ...args], { cwd: work, encoding: 'utf8' }),
    /** `serve --study study.yaml` on any port, with `more` options. */
    start(...more: string[]): Served {
      fixture.served = serve(['serve', '--study', 'study.yaml', '--port', '0', ...more], work);
      return fixture.served;
    },
    /** Invites P01, serves the study and opens P01's link in a new page, at the consent page. */
    async openInvited() {
      const [, token] = fixture
        .cli('study', 'invite', 'study.yaml', '--count', '1')
        .trim()
        .split(/\s+/);
      const served = fixture.start();
      const origin = (await served.waitFor(/P01 {2}(http:\/\/[^/]+)\/t\//))[1]!;
      const page = await fixture.browser.newPage();
      const seen = watchPage(page);
      await page.goto(`${origin}/t/${token}/`);
      await waitForScreen(page, 'Do you agree to take part?', 20_000);
      return { served, origin, token: token!, page, seen };
    },
  };
  beforeAll(async () => {
    writeFileSync(path.join(work, 'study.yaml'), studyYaml);
    fixture.browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.served?.stop();
  });
  return fixture;
}
