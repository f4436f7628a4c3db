/**
 * What a fork starts from: the parent recording, the recordings of the sessions before it in its
 * run group (their state is the parent's starting state), and the library's scenarios. Anything
 * that would make the restored state approximate is refused here with one line saying why.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { EventOf, TimedEvent } from '../contracts/events.ts';
import { errorMessage } from '../contracts/errors.ts';
import { loadLibrary, type Library, type LoadedScenario } from '../scenario/library.ts';
import type { RunGroup } from '../session/plan.ts';
import { readRecording, type Recording, type RecordingHeader } from '../session/recording.ts';
import { ForkError } from './errors.ts';
import { headerOf, parentPath } from './headers.ts';
import { isDeterministic } from './recorded.ts';
import { compareText } from '../contracts/order.ts';

export interface ForkSource {
  parent: Recording;
  /** The recordings of the sessions before the parent's in its run group, in order. */
  prior: Recording[];
  /** The run group up to the parent's session (its scenarios as the recordings ran them). */
  group: RunGroup;
  turn: number;
  /** The agent turns the parent recorded. */
  turns: number;
}

/**
 * Reads a recording and checks that it can be forked exactly at `turn`. `library` overrides the
 * one its header names: a folder, or a library already loaded (many forks of one library).
 */
export function loadForkSource(file: string, turn: number, library?: string | Library): ForkSource {
  const parent = readRecording(file);
  const where = path.basename(file);
  const start = startOf(parent);
  if (!start) throw new ForkError(`${where}: it has no session_start, so there is nothing to fork`);
  const turns = lastJudgedTurn(parent);
  checkTurn(where, turn, turns);
  refuseInexact(parent, where);
  const prior = priorRecordings(parent, file);
  for (const p of prior) refuseInexact(p, path.basename(p.file));
  const lib = libraryOf(parent.header, library, where);
  const sessions = [...prior, parent].map((r) => scenarioOf(lib, r));
  return {
    parent,
    prior,
    group: {
      id: parent.header.group.id,
      kind: parent.header.group.kind,
      library: lib,
      sessions,
      of: parent.header.group.of,
    },
    turn,
    turns,
  };
}

/**
 * The same source at another turn, without reading anything again (the turns of one recording
 * forked one after another: the end of a watch just stopped, a test of every turn).
 */
export function atTurn(source: ForkSource, turn: number): ForkSource {
  checkTurn(path.basename(source.parent.file), turn, source.turns);
  return { ...source, turn };
}

function checkTurn(where: string, turn: number, turns: number): void {
  if (!Number.isInteger(turn) || turn < 0 || turn > turns)
    throw new ForkError(
      `${where}: --turn must be a whole number from 0 to ${turns} (the turns it recorded), got ${turn}`,
    );
}

function startOf(r: Recording): EventOf<'session_start'> | undefined {
  return r.events.find(
    (e): e is EventOf<'session_start'> & TimedEvent => e.type === 'session_start',
  );
}

/** The last turn whose end the recording holds (a crashed recording forks up to there). */
function lastJudgedTurn(r: Recording): number {
  let last = 0;
  for (const e of r.events) if (e.type === 'turn_end') last = e.turn;
  return last;
}

/** The reasons a recording's turns cannot be run again to the same state. */
function refuseInexact(r: Recording, where: string): void {
  const { agent, user } = r.header.backends;
  if (agent.kind === 'acp')
    throw new ForkError(
      `${where}: its agent (acp:${agent.name ?? ''}) kept its own memory and ran its own tools, which a fork cannot restore`,
    );
  const start = startOf(r);
  if (start?.proposals && !isDeterministic(user) && user.kind !== 'human')
    throw new ForkError(
      `${where}: its user (${user.kind}) moved on the phone by itself; forking such proposal recordings is not supported yet`,
    );
  const takenOver = r.events.some(
    (e) => e.type === 'notice' && e.text.startsWith('a person took over the user'),
  );
  if (takenOver && isDeterministic(user))
    throw new ForkError(
      `${where}: a person took over its ${user.kind} user, so the recorded user cannot be replayed`,
    );
}

function libraryOf(
  header: RecordingHeader,
  override: string | Library | undefined,
  where: string,
): Library {
  if (typeof override === 'object') return override;
  const root = override ?? header.library;
  if (!root)
    throw new ForkError(
      `${where}: it does not name its library (made before recordings did): pass --library DIR`,
    );
  try {
    return loadLibrary(root).library;
  } catch (err) {
    throw new ForkError(`${where}: cannot load its library ${root}: ${errorMessage(err)}`);
  }
}

/** The scenario a recording ran, with the noise it ran with (run --noise replaces the scenario's). */
function scenarioOf(lib: Library, r: Recording): LoadedScenario {
  const scenario = lib.scenarios.get(r.header.scenario);
  if (!scenario)
    throw new ForkError(
      `${path.basename(r.file)}: the library at ${lib.root} has no scenario ${r.header.scenario}`,
    );
  const noise = startOf(r)?.proposals?.noise;
  return noise ? ({ ...scenario, noise } as LoadedScenario) : scenario;
}

/**
 * The sessions before this one in its run group: recordings of the same group run beside it (a
 * fork's are its parent's). The latest started before it wins when a folder holds several runs.
 */
function priorRecordings(r: Recording, file: string): Recording[] {
  const { group, fork } = r.header;
  if (group.index === 0) return [];
  if (fork) return priorRecordings(readRecording(parentPath(file, fork.parent)), '');
  const dir = path.dirname(r.file);
  const candidates = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => ({ file: path.join(dir, f), header: headerOf(path.join(dir, f)) }))
    .filter(
      (c) =>
        c.header &&
        !c.header.fork &&
        c.header.group?.id === group.id &&
        c.header.group.kind === group.kind &&
        c.header.group.of === group.of &&
        c.header.repeat === r.header.repeat &&
        c.header.started <= r.header.started,
    );
  const out: Recording[] = [];
  for (let index = 0; index < group.index; index++) {
    const match = candidates
      .filter((c) => c.header!.group.index === index)
      .sort((a, b) => compareText(b.header!.started, a.header!.started))[0];
    if (!match)
      throw new ForkError(
        `${path.basename(file || r.file)}: it is session ${group.index + 1} of ${group.kind} ${group.id}, and the recording of session ${index + 1} (whose state it starts from) is not beside it`,
      );
    out.push(readRecording(match.file));
  }
  return out;
}
