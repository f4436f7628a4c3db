import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SESSION_START } from '../../../test/tui/session-events.ts';
import {
  fakeController,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { PersonaCardOverlay, profileBlocks } from './PersonaCard.tsx';

const PERSONAS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../personas');
/** A bundled persona's profile: YAML with a hard line break every ~95 columns. */
const researcher = parse(readFileSync(path.join(PERSONAS, 'researcher.yaml'), 'utf8')) as {
  name: string;
  role: string;
  profile: string;
};

let r: Rendered | undefined;
afterEach(() => r?.unmount());

/** The card's text rows, inside its border, without trailing blanks. */
function cardRows(frame: string): string[] {
  return frame.split('\n').map((l) => l.replace(/^║ ?/, '').replace(/\s*║\s*$/, ''));
}

describe('the persona card', () => {
  it.each([80, 120, 160, 200])(
    'at %i columns the profile reads as prose: lines filled to the width, paragraphs kept',
    async (columns) => {
      const c = fakeController([
        {
          ...SESSION_START,
          personaCard: {
            name: researcher.name,
            role: researcher.role,
            profile: researcher.profile,
          },
        },
      ]);
      r = renderSession(
        c,
        <PersonaCardOverlay width={columns} height={60} onClose={() => undefined} />,
        { columns, rows: 62 },
      );
      const frame = await waitForFrame(r, (f) => f.includes('Working style'));
      const rows = cardRows(frame);
      const start = rows.findIndex((l) => l.startsWith('Lin is'));
      const end = rows.findIndex((l, i) => i > start && l === '');
      const paragraph = rows.slice(start, end);
      // Every line but the paragraph's last is filled: the next word would not have fit on it.
      const room = columns - 4;
      paragraph.slice(0, -1).forEach((line, i) => {
        const next = paragraph[i + 1]!.split(' ')[0]!;
        expect(line.length + 1 + next.length, `${columns}: “${line}”`).toBeGreaterThan(room);
      });
      // The blank line between the YAML's two paragraphs stays a paragraph break.
      expect(rows[end + 1]).toMatch(/^Working style:/);
    },
  );

  it('keeps list items apart, each wrapped under its mark', () => {
    expect(profileBlocks('One\nline.\n\n- first\n  item\n- second\n3. third')).toEqual([
      { mark: '', text: 'One line.' },
      undefined,
      { mark: '- ', text: 'first item' },
      { mark: '- ', text: 'second' },
      { mark: '3. ', text: 'third' },
    ]);
  });
});
