/**
 * The exports and the terminal name the same panes: every pane of the HTML replay (and of its
 * side-by-side view) is a pane of the specs, titled as on the terminal, and shown for the
 * recordings the terminal shows it for.
 */
import { describe, expect, it } from 'vitest';
import { HTML_PANES, VERSUS_PANES } from '../../src/share/html-panes.ts';
import { sessionScreen } from '../../src/share/screens.ts';
import { reduceAll } from '../../src/store/reducer.ts';
import { isPaneId, paneTitle } from '../../src/tui/pane-specs.ts';
import { createTheme } from '../../src/tui/theme.ts';
import { plainText } from '../../src/text/text.ts';
import { SESSION_START } from '../tui/session-events.ts';

describe('the exports and the pane specs', () => {
  it('draw only panes the specs know, each once', () => {
    for (const p of HTML_PANES) expect(isPaneId(p.id), `HTML pane ${p.id}`).toBe(true);
    for (const id of VERSUS_PANES) expect(isPaneId(id), `side-by-side pane ${id}`).toBe(true);
    expect(new Set(HTML_PANES.map((p) => p.id)).size).toBe(HTML_PANES.length);
  });

  it("title the cast's and SVG's boxes as the terminal does, with a paradigm's pane only in its scenarios", () => {
    const plain = reduceAll([SESSION_START]);
    const timed = reduceAll([
      { ...SESSION_START, time: { start: '2025-01-01T09:00:00Z', turn: '1h', updates: [] } },
    ]);
    const screen = (state: typeof plain) =>
      sessionScreen(state, { cols: 160, rows: 40, theme: createTheme() }).map(plainText).join('\n');
    for (const id of ['conversation', 'intents', 'checklist', 'workspace'] as const)
      expect(screen(plain)).toContain(`╭─ ${paneTitle(id)}`);
    expect(screen(plain)).not.toContain(paneTitle('timeline'));
    expect(screen(timed)).toContain(`╭─ ${paneTitle('timeline')}`);
  });
});
