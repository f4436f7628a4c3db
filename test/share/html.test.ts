/**
 * The HTML replay and the SVG in headless Chromium (Debian's): the page replays the session
 * turn by turn from file:// with keys and the scrubber, highlights status changes, shows
 * the final scores, fetches nothing and logs no error; two recordings play side by side; a
 * proposal scenario shows the user's Phone as it was at each turn.
 */
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRecording } from '../../src/share/export.ts';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium, watchPage } from '../helpers/browser.ts';
import { recordReference } from './fixture.ts';

if (!haveChromium)
  console.warn(
    `skipping the HTML replay browser test: ${CHROMIUM} is not installed (apt-get install chromium)`,
  );

const MEAL = 'researcher/meal-plan';
const SOAP = 'researcher/soap-list';
const FLIGHT = 'marketer/flight-watch';

describe.skipIf(!haveChromium)('export --format html in a browser', () => {
  let browser: Browser;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-replay-html-'));
  let proactive = '';
  let reactive = '';
  let soap = '';
  let flight = '';
  beforeAll(async () => {
    flight = (await recordReference('proactive', [FLIGHT])).get(FLIGHT)!;
    proactive = (await recordReference('proactive', [MEAL])).get(MEAL)!;
    soap = (await recordReference('proactive', [SOAP])).get(SOAP)!;
    reactive = (await recordReference('reactive', [MEAL])).get(MEAL)!;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens `html` from file://, collecting console problems and every request. */
  async function open(
    name: string,
    html: string,
    hash = '',
  ): Promise<{ page: Page; problems: string[]; requests: string[] }> {
    const file = path.join(dir, name);
    writeFileSync(file, html);
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    const { problems, requests } = watchPage(page);
    await page.goto(pathToFileURL(file).href + hash);
    await page.waitForSelector('[data-ready="true"]');
    return { page, problems, requests };
  }

  const visibleParts = (page: Page, pane: string) =>
    page.$$eval(
      `${pane} .part`,
      (ps) =>
        ps.filter((p) => !(p as unknown as { hidden: boolean }).hidden && p.innerHTML !== '')
          .length,
    );

  it('replays one session turn by turn with keys and the scrubber', async () => {
    const { page, problems, requests } = await open(
      'one.html',
      exportRecording(proactive, { format: 'html' }),
    );
    expect(await page.$$eval('.pane h2 .title', (ts) => ts.map((t) => t.textContent))).toEqual([
      'Conversation',
      'Hidden intents',
      'Checklist',
      'Workspace',
    ]);
    expect(await page.textContent('#finals')).toContain(
      'final: resolved after 2 turns · Proc 1.00 · Comp 1.00 (8/8 graded)',
    );
    expect(await page.textContent('#turn')).toBe('turn 2 / 2');
    expect(await page.innerText('#conversation')).toContain('Added daily totals to meal-plan.md');

    await page.keyboard.press('ArrowLeft');
    expect(await page.textContent('#turn')).toBe('turn 1 / 2');
    expect(await page.innerText('#conversation')).not.toContain(
      'Added daily totals to meal-plan.md',
    );
    // Turn 1 changed every intent: each is highlighted, and the callout says how.
    expect(await page.$$eval('#intents .intent.fresh', (xs) => xs.length)).toBe(7);
    expect(await page.textContent('#intents .intent.inferred .badge')).toBe('I2 inferred');
    expect(await page.textContent('.callout')).toBe(
      '★ completed I1, I3, I4, I5, I6, I7 without being asked · asked about I2',
    );
    expect(await page.textContent('#intents h2 .info')).toBe('Proc 1.00 · ✔6 ?1 ↩0 ✗0 ○0');

    await page.keyboard.press('Home');
    expect(await page.textContent('#turn')).toBe('turn 0 / 2');
    expect(await page.$$eval('#intents .intent.open', (xs) => xs.length)).toBe(7);
    expect(await visibleParts(page, '#workspace')).toBe(0);
    await page.keyboard.press('n');
    expect(await page.textContent('#turn')).toBe('turn 1 / 2');
    expect(await visibleParts(page, '#workspace')).toBe(1);

    await page.fill('#scrub', '2');
    expect(await page.textContent('#turn')).toBe('turn 2 / 2');
    // The conversation follows the turn shown: scrolled to its end (on a screen too small for all of it).
    await page.setViewportSize({ width: 1400, height: 500 });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(200);
    const [top, height, view] = (await page.evaluate(
      "(b => [b.scrollTop, b.scrollHeight, b.clientHeight])(document.querySelector('#conversation .body'))",
    )) as number[];
    expect(height).toBeGreaterThan(view!);
    expect(top! + view!).toBeGreaterThanOrEqual(height! - 2);
    expect(await page.$$eval('#checklist .check.pass', (xs) => xs.length)).toBe(8);
    await page.click('details.tool summary');
    expect(await page.textContent('details.tool[open]')).toContain('args');

    const shot = path.join(dir, 'one.png');
    await page.screenshot({ path: shot });
    expect(statSync(shot).size).toBeGreaterThan(20_000);
    expect(problems).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    await page.close();
  });

  it('opens at the turn in the address and plays by itself', async () => {
    const { page } = await open(
      'play.html',
      exportRecording(proactive, { format: 'html' }),
      '#t=0',
    );
    expect(await page.textContent('#turn')).toBe('turn 0 / 2');
    await page.keyboard.press(' ');
    await page.waitForSelector('#turn:text-is("turn 2 / 2")', { timeout: 10_000 });
    expect(await page.textContent('#play')).toBe('play');
    await page.close();
  });

  it('replays two recordings side by side (--vs), with both final scores', async () => {
    const { page, problems } = await open(
      'vs.html',
      exportRecording(reactive, { format: 'html', vs: proactive }),
    );
    const finals = await page.textContent('#finals');
    expect(finals).toContain('A script:reactive: resolved after 8 turns · Proc 0.00');
    expect(finals).toContain('B script:proactive: resolved after 2 turns · Proc 1.00 · Comp 1.00');
    expect(await page.$$eval('.pane', (ps) => ps.map((p) => p.id))).toEqual([
      'A-conversation',
      'A-intents',
      'B-conversation',
      'B-intents',
    ]);
    expect(await page.textContent('#turn')).toBe('turn 8 / 8');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    // The judge picked I1 after turn 1; it is provided in turn 2, where the message tells it.
    expect(await page.textContent('#A-intents')).toContain('I1 open');
    expect(await page.textContent('#B-intents')).toContain('I1 completed');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#A-intents')).toContain('I1 provided');
    await page.screenshot({ path: path.join(dir, 'vs.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("replays a proposal scenario with the user's Phone: its screen follows the scrubber, the proposal card shows the verdict", async () => {
    const { page, problems, requests } = await open(
      'soap.html',
      exportRecording(soap, { format: 'html' }),
      '#t=0',
    );
    expect(await page.$$eval('.pane h2 .title', (ts) => ts.map((t) => t.textContent))).toEqual([
      'Conversation',
      'Phone',
      'Hidden intents',
      'Checklist',
      'Workspace',
    ]);
    expect(await page.isVisible('#phone .phone-screen')).toBe(true);
    // Before the first turn: the user is in the Shopping list, nothing proposed yet.
    expect(await page.textContent('#phone .screen-title')).toBe('[todoist · Shopping]');
    expect(await page.$$eval('#phone .proposal-card', (cs) => cs.length)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // Turn 2: the text from Xiao Ma is open, the proposal waits for the user.
    expect(await page.textContent('#phone .screen-title')).toBe('[phone · Xiao Ma]');
    expect(await page.textContent('#phone .proposal-card.waiting .badge')).toBe(
      'P1 ? waiting for the user',
    );
    // Turn 3: the user's answer (their act of the next tick) accepted it, and the agent carried it out.
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#phone .proposal-card.accepted .badge')).toBe('P1 ✓ accepted');
    expect(await page.textContent('.callout')).toBe(
      '★ proposal P1 accepted · carried out P1 (G1) once the user accepted',
    );
    expect(await page.innerText('#conversation')).toContain('✓ accepted: it matches goal G1');
    // The scrubber to the end: the list the agent changed.
    await page.fill('#scrub', '6');
    expect(await page.innerText('#phone .phone-screen')).toContain('3. ☐ Hand soap');
    expect(await page.textContent('#intents .intent.completed .badge')).toBe('G1 completed');
    const box = await page.$eval('#phone', (el) =>
      (
        el as unknown as { getBoundingClientRect(): { width: number; height: number } }
      ).getBoundingClientRect(),
    );
    expect(box.width).toBeGreaterThan(200);
    const shot = path.join(dir, 'soap.png');
    await page.screenshot({ path: shot });
    expect(statSync(shot).size).toBeGreaterThan(20_000);
    expect(problems).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    await page.close();
  });

  it("replays a time scenario with its Timeline: each update's row changes at the turn it happened and was handled", async () => {
    const { page, problems } = await open(
      'flight.html',
      exportRecording(flight, { format: 'html' }),
      '#t=0',
    );
    expect(await page.$$eval('.pane h2 .title', (ts) => ts.map((t) => t.textContent))).toEqual([
      'Conversation',
      'Hidden intents',
      'Checklist',
      'Workspace',
      'Timeline',
    ]);
    const badges = () =>
      page.$$eval('#timeline .row:not([hidden]) .badge', (bs) => bs.map((b) => b.textContent));
    expect(await badges()).toEqual(['U1 to come', 'U2 to come', 'U3 to come']);
    await page.fill('#scrub', '2');
    expect(await badges()).toEqual([
      'U1 seen · keep silent · kept',
      'U2 seen',
      'U3 to come',
      'r1 active',
    ]);
    expect(
      await page.$$eval('#timeline .row.fresh .badge', (bs) => bs.map((b) => b.textContent)),
    ).toContain('U1 seen · keep silent · kept');
    expect(await page.textContent('.callout')).toBe(
      '★ kept silent on U1, an update that did not fit',
    );
    expect(await page.innerText('#conversation')).toContain(
      'kept silent: nothing reaches the user',
    );
    await page.keyboard.press('End');
    expect(await badges()).toContain('U2 seen · follow up · hit');
    await page.keyboard.press('Home');
    expect(await badges()).toEqual(['U1 to come', 'U2 to come', 'U3 to come']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('plays the SVG with its animation and no error', async () => {
    const { page, problems, requests } = await open(
      'meal.svg',
      exportRecording(proactive, { format: 'svg' }).replace('<svg ', '<svg data-ready="true" '),
    );
    expect(await page.$$eval('#film > g', (gs) => gs.length)).toBeGreaterThan(5);
    // In the page: each later frame's group has its own animation (this file is typed for Node, without the DOM library).
    const animation = await page.$eval(
      '#film > g:last-child',
      (el) =>
        (
          el as unknown as {
            style: unknown;
            ownerDocument: {
              defaultView: { getComputedStyle(e: unknown): { animationName: string } };
            };
          }
        ).ownerDocument.defaultView.getComputedStyle(el).animationName,
    );
    expect(animation).toMatch(/^f\d+$/);
    expect(await page.textContent('svg')).toContain('researcher/meal-plan');
    expect(problems).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
    await page.close();
  });
});
