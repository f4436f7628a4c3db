import { EventEmitter } from 'node:events';
import { Box, render, Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { plain, renderTui, screenOf, waitForFrame } from '../../../test/tui/harness.tsx';
import type { Line } from '../../text/text.ts';
import { StyledLine } from './LineView.tsx';

const LINE: Line = [
  { text: '✔ ', color: 'green', bold: true },
  { text: 'dim ', dim: true },
  { text: 'hex ', color: '#ff8800' },
  { text: 'inverse ', inverse: true, color: 'cyan' },
  { text: 'under ', underline: true },
  { text: 'italic ', italic: true, color: 'magenta' },
  { text: '宽字符 plain … end' },
];

async function frame(node: React.ReactNode, marker: string): Promise<string> {
  const r = renderTui(node, { columns: 80, rows: 4 });
  try {
    await waitForFrame(r, (f) => f.includes(marker));
    return r.lastFrame()!;
  } finally {
    r.unmount();
  }
}

describe('StyledLine', () => {
  it("looks exactly like the same segments drawn with Ink's <Text>", async () => {
    const ours = await frame(<StyledLine line={LINE} cols={60} />, 'end');
    const inks = await frame(
      <Text wrap="truncate-end">
        {LINE.map((s, i) => (
          <Text
            key={i}
            color={s.color}
            bold={s.bold}
            dimColor={s.dim}
            inverse={s.inverse}
            underline={s.underline}
            italic={s.italic}
          >
            {s.text}
          </Text>
        ))}
      </Text>,
      'end',
    );
    expect(screenOf(ours)).toEqual(screenOf(inks));
    expect(ours).toContain('\u001B[32m'); // green, so the comparison compares colours
  });

  it('fits the line to its columns and keeps the next box in place', async () => {
    const f = await frame(
      <Box>
        <Box width={12}>
          <StyledLine line={LINE} cols={12} />
        </Box>
        <Text>|next</Text>
      </Box>,
      'next',
    );
    expect(plain(f)).toBe('✔ dim hex i…|next');
  });

  it('gives a screen reader the text, not the blanks Ink lays out', async () => {
    const out = new (class extends EventEmitter {
      columns = 80;
      rows = 4;
      // Every write: under CI=true Ink writes an empty last frame at unmount.
      written = '';
      write = (s: string) => ((this.written += s), true);
    })();
    const instance = render(<StyledLine line={LINE} cols={60} />, {
      stdout: out as unknown as NodeJS.WriteStream,
      isScreenReaderEnabled: true,
      debug: true,
      patchConsole: false,
    });
    instance.unmount();
    expect(out.written).toContain('✔ dim hex inverse under italic 宽字符 plain … end');
  });
});
