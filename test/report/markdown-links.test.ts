/**
 * Markdown made from others' text links nothing and carries no HTML where it is shown: the
 * report (`intentplay report --format markdown`) and the transcript (`export --format md`),
 * rendered as GitHub renders Markdown (micromark with its GFM extension: tables, autolinked
 * bare URLs and e-mail addresses), have no link and no tag, and still read as written.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/report/render-text.ts';
import { renderMarkdown as transcript } from '../../src/share/markdown.ts';
import { syntheticEvents } from '../../src/store/synthetic.ts';
import { cli } from '../batch/helpers.ts';
import { FIXTURE_LIB } from './fixture.ts';

// Bare URLs first: after an unmatched `[` micromark (unlike GitHub) links no bare URL.
const HOSTILE =
  'see https://evil.example/a, www.evil.example or ann@evil.example <img src=x onerror=alert(1)> [x](javascript:alert(1)) ![i](https://evil.example/p.png)';

/** The HTML GitHub would show, raw HTML and any protocol let through so nothing hides a problem. */
const html = (md: string) =>
  micromark(md, {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
    allowDangerousHtml: true,
    allowDangerousProtocol: true,
  });

/** The text of the HTML, as a reader sees it. */
const shown = (h: string) =>
  h
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

function expectInert(md: string) {
  const h = html(md);
  expect(h).not.toMatch(/<a\b|<img\b/);
  expect(shown(h)).toContain(HOSTILE);
}

describe('Markdown that others wrote into', () => {
  it('the report: title, facts, section text and table cells link nothing', () => {
    const md = renderMarkdown({
      title: `report ${HOSTILE}`,
      meta: [['agent', HOSTILE]],
      sections: [
        {
          id: 's',
          title: `by persona ${HOSTILE}`,
          text: HOSTILE,
          tables: [
            {
              id: 't',
              title: 't',
              columns: [
                { key: 'persona', label: 'persona', kind: 'text' },
                { key: 'runs', label: 'runs', kind: 'int' },
              ],
              rows: [[`${HOSTILE} | and a pipe`, 2]],
            },
          ],
          charts: [
            {
              type: 'bars',
              id: 'c',
              title: 'bars',
              series: ['Proc'],
              groups: [{ label: '```', values: [0.5] }],
              max: 1,
            },
          ],
        },
      ],
    });
    expectInert(md);
    // The table keeps its two columns; the chart's text block is not closed by the label's backticks.
    expect(html(md)).toMatch(/<td>see https:.*\| and a pipe<\/td>\s*<td[^>]*>2<\/td>/);
    expect(html(md)).toMatch(/<pre><code class="language-text">[^<]*```[^<]*<\/code><\/pre>/);
  });

  it('the transcript: a message with a link, an image, bare URLs and an address', () => {
    const events = syntheticEvents({ turns: 2 }).map((e) =>
      e.type === 'message' && e.role === 'agent' ? { ...e, text: HOSTILE } : e,
    );
    expectInert(transcript(events));
  });

  describe('intentplay report --format markdown', () => {
    let results = '';
    beforeAll(async () => {
      results = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-md-links-')), 'r');
      const r = await cli(['run', FIXTURE_LIB, '--out', results, '--no-progress']);
      expect(r.code, r.stderr).toBe(0);
    }, 60_000);

    it('shows a persona named with a link and bare URLs as written, linking nothing', async () => {
      const file = path.join(results, 'results.jsonl');
      const hostile = path.join(path.dirname(results), 'hostile');
      cpSync(results, hostile, { recursive: true });
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
      const edited = lines.map((l) => JSON.stringify({ ...JSON.parse(l), persona: HOSTILE }));
      writeFileSync(path.join(hostile, 'results.jsonl'), edited.join('\n') + '\n');
      const r = await cli(['report', hostile, '--format', 'markdown']);
      expect(r.code, r.stderr).toBe(0);
      expectInert(r.stdout);
    });
  });
});
