/** The pane table and the layouts derived from it: widths, tabs, which sessions show which pane, the help's pane keys. */
import { describe, expect, it } from 'vitest';
import { SESSION_START } from '../../test/tui/session-events.ts';
import { reduceAll } from '../store/reducer.ts';
import { initialSessionState } from '../store/state.ts';
import { computeLayout } from './layout.ts';
import { PANE_IDS, PANE_SPECS } from './pane-specs.ts';
import {
  MAIN_PANE,
  PANE_COMPONENTS,
  PANE_TABLE,
  paneOf,
  paneKeyScopes,
  panesShown,
  paneTitle,
} from './panes.ts';

const plain = reduceAll([SESSION_START]);
const timed = reduceAll([
  { ...SESSION_START, time: { start: '2025-01-01T09:00:00Z', turn: '1h', updates: [] } },
]);
const phone = reduceAll([{ ...SESSION_START, proposals: { steps: 4, tick: '5m' } }]);
const ids = (panes: readonly { id: string }[]) => panes.map((p) => p.id);
const widths = (columns: number, panes: ReturnType<typeof panesShown>) =>
  computeLayout(columns, 40, 2, MAIN_PANE, 'intents', panes).panes.map(
    (p) => `${p.id}:${p.box.width}`,
  );

describe('the pane table', () => {
  it('has one row per pane, each with a title', () => {
    expect(new Set(ids(PANE_TABLE)).size).toBe(PANE_TABLE.length);
    expect(paneTitle('intents')).toBe('Hidden intents');
    expect(MAIN_PANE).toBe('conversation');
  });

  it('draws every pane of the specs with a component, and has no component for a pane the specs lack', () => {
    expect(Object.keys(PANE_COMPONENTS).sort()).toEqual([...PANE_IDS].sort());
    for (const p of PANE_TABLE) expect(p.component, p.id).toBe(PANE_COMPONENTS[p.id]);
    expect(ids(PANE_TABLE)).toEqual(ids(PANE_SPECS));
  });

  it("titles the intents pane as the participant's goals in a study that shows them so, and no other pane", () => {
    expect(paneTitle('intents', 'goals')).toBe('Your goals');
    expect(paneTitle('intents', 'live')).toBe('Hidden intents');
    for (const id of PANE_IDS.filter((id) => id !== 'intents'))
      expect(paneTitle(id, 'goals')).toBe(paneTitle(id));
  });

  it("shows the four panes in every session, and a paradigm's own pane only in its scenarios", () => {
    expect(ids(panesShown(initialSessionState(), 'watch'))).toEqual([
      'conversation',
      'intents',
      'checklist',
      'workspace',
    ]);
    expect(ids(panesShown(plain, 'play'))).toEqual([
      'conversation',
      'intents',
      'checklist',
      'workspace',
    ]);
    expect(ids(panesShown(timed, 'watch'))).toEqual([
      'conversation',
      'intents',
      'checklist',
      'workspace',
      'timeline',
    ]);
    expect(ids(panesShown(phone, 'replay'))).toEqual([
      'conversation',
      'intents',
      'checklist',
      'workspace',
      'phone',
    ]);
  });

  it("lists the keys of the panes that act in this mode, the mode's own first", () => {
    expect(paneKeyScopes(panesShown(plain, 'watch'), 'watch')).toEqual([
      'conversation',
      'checklist',
      'workspace',
    ]);
    expect(paneKeyScopes(panesShown(plain, 'play'), 'play')).toEqual([
      'intents',
      'conversation',
      'checklist',
      'workspace',
    ]);
  });
});

describe('the layouts from the table', () => {
  it('puts every pane side by side from 160 columns, by the shares for that many panes', () => {
    expect(widths(160, panesShown(plain, 'watch'))).toEqual([
      'conversation:54',
      'intents:41',
      'checklist:30',
      'workspace:35',
    ]);
    expect(widths(200, panesShown(phone, 'watch'))).toEqual([
      'conversation:60',
      'intents:44',
      'checklist:30',
      'workspace:28',
      'phone:38',
    ]);
    expect(
      widths(163, panesShown(timed, 'watch')).reduce((n, w) => n + Number(w.split(':')[1]), 0),
    ).toBe(163);
  });

  it('gives each pane the width its lines need, taken from the panes that need less, and the rest by shares', () => {
    const panes = panesShown(timed, 'watch');
    const at = (columns: number, wants: Parameters<typeof computeLayout>[6]) =>
      Object.fromEntries(
        computeLayout(columns, 40, 2, MAIN_PANE, 'intents', panes, wants).panes.map((p) => [
          p.id,
          p.box.width,
        ]),
      );
    // A Timeline whose lines need 46 columns, an empty Workspace (25), summaries that want 38.
    const wants = {
      intents: { need: 24, want: 38 },
      checklist: { need: 23, want: 30 },
      workspace: { need: 25, want: 25 },
      timeline: { need: 46, want: 46 },
    };
    const w160 = at(160, wants);
    expect(w160.timeline).toBeGreaterThanOrEqual(46);
    expect(w160.workspace).toBe(25);
    expect(w160.conversation).toBeGreaterThanOrEqual(40);
    for (const [id, ask] of Object.entries(wants))
      expect(w160[id], id).toBeGreaterThanOrEqual(ask.need);
    // By shares alone (as before): the Timeline 31 columns, cutting its lines, the empty Workspace 22.
    expect(at(160, {})).toMatchObject({ timeline: 31, workspace: 22 });
    // At 200 every summary line fits whole, and what is left goes by shares.
    const w200 = at(200, wants);
    for (const [id, ask] of Object.entries(wants))
      expect(w200[id], id).toBeGreaterThanOrEqual(ask.want);
    expect(w200.conversation).toBeGreaterThanOrEqual(60);
    for (const w of [w160, w200])
      expect(Object.values(w).reduce((a, b) => a + b, 0)).toBe(w === w160 ? 160 : 200);
    // More than fits: each pane keeps the lesser of its need and its share, never under 18.
    const greedy = at(160, {
      intents: { need: 50, want: 50 },
      checklist: { need: 50, want: 50 },
      workspace: { need: 50, want: 50 },
      timeline: { need: 50, want: 50 },
    });
    expect(Math.min(...Object.values(greedy))).toBeGreaterThanOrEqual(18);
    expect(greedy.conversation).toBe(40);
  });

  it('widens the pane beside the main one in the medium layout for what it holds', () => {
    const panes = panesShown(timed, 'watch');
    const wide = { timeline: { need: 60, want: 60 } };
    expect(
      computeLayout(120, 30, 2, 'timeline', 'checklist', panes, wide).panes[1]!.box.width,
    ).toBe(60);
    // Never past the main pane's least (45% of the width).
    const wider = { timeline: { need: 90, want: 90 } };
    expect(
      computeLayout(120, 30, 2, 'timeline', 'checklist', panes, wider).panes[1]!.box.width,
    ).toBe(66);
  });

  it('splits evenly for a number of panes the table has no shares for', () => {
    const six = [...panesShown(timed, 'watch'), paneOf('phone')];
    expect(widths(180, six)).toEqual([
      'conversation:30',
      'intents:30',
      'checklist:30',
      'workspace:30',
      'timeline:30',
      'phone:30',
    ]);
  });

  it('shows the main pane beside one tabbed pane from 110 columns: the focused one, else the side pane', () => {
    const panes = panesShown(timed, 'watch');
    const medium = computeLayout(120, 30, 2, 'conversation', 'checklist', panes);
    expect(medium.kind).toBe('medium');
    expect(medium.panes.map((p) => `${p.id}:${p.box.width}x${p.box.height}`)).toEqual([
      'conversation:66x27',
      'checklist:54x26',
    ]);
    expect(medium.tabs).toEqual(['intents', 'checklist', 'workspace', 'timeline']);
    expect(computeLayout(120, 30, 2, 'timeline', 'checklist', panes).panes[1]!.id).toBe('timeline');
  });

  it('shows only the focused pane, under tabs of all of them, below 110 columns', () => {
    const narrow = computeLayout(80, 24, 3, 'workspace', 'intents', panesShown(phone, 'watch'));
    expect(narrow.kind).toBe('narrow');
    expect(narrow.panes).toEqual([{ id: 'workspace', box: { width: 80, height: 19 } }]);
    expect(narrow.tabs).toEqual(['conversation', 'intents', 'checklist', 'workspace', 'phone']);
  });
});
