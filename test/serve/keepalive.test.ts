/**
 * The served page keeps its connection while it answers the server's pings, and a client that
 * stops answering is dropped. Before, no socket was ever counted alive, so every page (a study
 * participant's, a viewer's) was cut at the next ping, every 20 s, and the keys typed while it
 * reconnected were lost (a researcher's online pilot saw "Could you add hand soap" arrive as
 * "Coul… to my Shopping list"). Real Chromium against the real server, with pings every 150 ms.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServer, type Connection, type RunningServer } from '../../src/serve/server.ts';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium } from '../helpers/browser.ts';

const PING_MS = 150;
const TOKEN = 'keepalive-test-token';

/** A door that records its connections, what they typed, and when each closed. */
function recordingDoor() {
  const seen = { opened: 0, closed: 0, typed: '' };
  const door = {
    title: 'keepalive',
    layout: 'fit' as const,
    typing: true,
    open(conn: Connection) {
      seen.opened++;
      conn.output('ready\r\n');
      conn.onInput = (data) => {
        seen.typed += data;
        conn.output(data);
      };
      conn.onClose = () => seen.closed++;
    },
  };
  return { seen, doors: { find: (t: string | undefined) => (t === TOKEN ? door : undefined) } };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!haveChromium)('served connections and pings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(() => browser?.close());

  it('a page that answers pings stays connected, and every key typed across them arrives', async () => {
    const { seen, doors } = recordingDoor();
    const server: RunningServer = await startServer({
      host: '127.0.0.1',
      port: 0,
      doors,
      pingMs: PING_MS,
    });
    try {
      const page = await browser.newPage();
      await page.goto(server.link(TOKEN));
      await page.waitForFunction(() =>
        (globalThis as unknown as { intentplayScreen?: () => string[] })
          .intentplayScreen?.()
          .join('\n')
          .includes('ready'),
      );
      // Over ten ping intervals, a key every 60 ms.
      const sentence = 'Could you add hand soap to my Shopping list please';
      for (const ch of sentence) {
        await page.keyboard.type(ch);
        await sleep(30);
      }
      await sleep(PING_MS * 4);
      expect(seen.typed).toBe(sentence);
      expect(seen.opened).toBe(1);
      expect(seen.closed).toBe(0);
      expect(await page.locator('#status').textContent()).toBe('connected');
      await page.close();
    } finally {
      await server.close();
    }
  }, 30_000);

  it('a client that stops answering pings is dropped within two of them', async () => {
    const { seen, doors } = recordingDoor();
    const server = await startServer({ host: '127.0.0.1', port: 0, doors, pingMs: PING_MS });
    try {
      const url = server.link(TOKEN).replace(/^http/, 'ws') + 'ws';
      const silent = new WebSocket(url, { autoPong: false });
      const closed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
      await new Promise((resolve) => silent.once('open', resolve));
      const started = Date.now();
      await closed;
      expect(Date.now() - started).toBeLessThan(PING_MS * 2 + 1000);
      for (let i = 0; i < 50 && seen.closed === 0; i++) await sleep(20);
      expect(seen.closed).toBe(1);
    } finally {
      await server.close();
    }
  }, 30_000);
});
