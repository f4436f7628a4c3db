/**
 * `study export --anonymise`: the same tables for sharing. Participant codes are re-keyed (A01,
 * A02, … in a random order that is not kept), every date and time becomes seconds from that
 * participant's consent, and what participants wrote (free-text answers, their messages in
 * turns.csv) is withheld unless the study file allows it (`export.share_text: true`); the paths
 * of recordings and the completion codes, which identify, are left out.
 */
import { randomInt } from 'node:crypto';
import type { ParticipantData } from './data.ts';
import type { Study } from './load.ts';
import type { Cell, Table } from './table.ts';

/** Columns that can name or identify a participant, withheld in every anonymised export. */
const IDENTIFYING = new Set(['sessions.csv:recording', 'participants.csv:completion_code']);
/** Columns of what participants wrote, withheld unless the study allows sharing it. */
const WRITTEN = new Set(['turns.csv:user_message']);

export function anonymiseTables(
  study: Study,
  data: readonly ParticipantData[],
  tables: Table[],
): Table[] {
  const ids = data.map((p) => p.state.participant);
  // Fisher–Yates with a cryptographic source: the new order says nothing about the old.
  for (let i = ids.length - 1; i > 0; i--) {
    const k = randomInt(i + 1);
    [ids[i], ids[k]] = [ids[k]!, ids[i]!];
  }
  const width = Math.max(2, String(ids.length).length);
  const key = new Map(ids.map((id, i) => [id, `A${String(i + 1).padStart(width, '0')}`]));
  const start = new Map(
    data.map((p) => [p.state.participant, Date.parse(p.state.consent?.wall ?? '')]),
  );
  const share = study.export?.share_text === true;
  return tables.map((t) => {
    if (t.file === 'flow.csv' || t.file === 'questions.csv') return t;
    const at = (name: string) => t.columns.findIndex((c) => c.name === name);
    const kindAt = at('kind');
    const columns = t.columns.map((c) =>
      c.type === 'datetime'
        ? {
            ...c,
            type: 'number' as const,
            about: `${c.about}; anonymised: seconds from the participant's consent`,
          }
        : c,
    );
    const rows = t.rows.map((r) => {
      const who = String(r[0]);
      return r.map((cell, i): Cell => {
        const name = `${t.file}:${t.columns[i]!.name}`;
        if (i === 0) return key.get(who) ?? null;
        if (IDENTIFYING.has(name)) return null;
        if (
          !share &&
          (WRITTEN.has(name) ||
            (t.file === 'answers.csv' && t.columns[i]!.name === 'value' && r[kindAt] === 'text'))
        )
          return null;
        if (t.columns[i]!.type === 'datetime' && typeof cell === 'string') {
          const base = start.get(who);
          return base === undefined || Number.isNaN(base)
            ? null
            : Math.round((Date.parse(cell) - base) / 100) / 10;
        }
        return cell;
      });
    });
    return { ...t, columns, rows };
  });
}
