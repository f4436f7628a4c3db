/**
 * Keys typed while a served page is reconnecting arrive once it is back, in order. Before, the
 * page dropped every key typed while its connection was down (a network blip, a server restart),
 * and the server dropped keys that came before the door listened (a study participant's screen
 * still starting): "Could you add hand soap" arrived as "Could you ". Real Chromium against the
 * real server; the connection is cut by stopping the server and starting it again on the same port.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Connection, type RunningServer } from '../../src/serve/server.ts';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium } from '../helpers/browser.ts';

const TOKEN = 'reconnect-test-token';

/**
 * A door that echoes what is typed. `late`: it starts listening for keys only at the page's next
 * size message, as a screen that is still starting does; the page sends its size before its
 * queued keys and the test resizes it after, so those keys reach a door not listening yet.
 */
function echoDoor(typed: { text: string }, late: boolean) {
  const door = {
    title: 'reconnect',
    layout: 'fit' as const,
    typing: true,
    open(conn: Connection) {
      conn.output('ready\r\n');
      const listen = () =>
        (conn.onInput = (data) => {
          typed.text += data;
          conn.output(data);
        });
      if (!late) listen();
      else {
        let sizes = 0;
        conn.onResize = () => {
          if (++sizes === 2) listen();
        };
      }
    },
  };
  return { find: (t: string | undefined) => (t === TOKEN ? door : undefined) };
}

const status = (page: Page) => page.locator('#status').getAttribute('class');

describe.skipIf(!haveChromium)('keys typed while a served page reconnects', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(() => browser?.close());

  it('arrive, in order, once the page is connected again', async () => {
    const typed = { text: '' };
    let server: RunningServer = await startServer({
      host: '127.0.0.1',
      port: 0,
      doors: echoDoor(typed, false),
    });
    const port = Number(new URL(server.origin).port);
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    try {
      await page.goto(server.link(TOKEN));
      await page.waitForSelector('#status.connected');
      await page.keyboard.type('Could you ');
      await expect.poll(() => typed.text, { timeout: 15_000 }).toBe('Could you ');
      // The connection goes: the page says it is reconnecting, and the person types on.
      await server.close();
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('reconnecting');
      await page.keyboard.type('add hand soap');
      server = await startServer({ host: '127.0.0.1', port, doors: echoDoor(typed, true) });
      await page.waitForSelector('#status.connected', { timeout: 15_000 });
      // The page's size message after its queued keys: only now does the door listen.
      await page.setViewportSize({ width: 900, height: 650 });
      await expect.poll(() => typed.text, { timeout: 15_000 }).toBe('Could you add hand soap');
      await page.keyboard.type(' please');
      await expect
        .poll(() => typed.text, { timeout: 15_000 })
        .toBe('Could you add hand soap please');
    } finally {
      await page.close();
      await server.close();
    }
  }, 60_000);
});
