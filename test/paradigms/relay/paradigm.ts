/**
 * A toy paradigm that lives in the test folder alone, to show a fourth paradigm needs no change
 * to the core: `relay` scenarios declare how many pings the agent owes (`relay: { pings: N }`);
 * the agent answers with the `ping` tool (tool group `relay`), and after each turn the relay
 * sends an event asking for the next ping until the count is met. Its view (a slice of the
 * session state, a Relay pane, a status-bar segment, an opening line) shows the count.
 */
import { z } from 'zod';
import type { Paradigm } from '../../../src/contracts/paradigm.ts';
import { view } from '../../../src/contracts/paradigm-view.ts';
import type { EngineTypes } from '../../../src/contracts/engine-types.ts';
import { col, groupBy, type Section } from '../../../src/contracts/report.ts';
import type { IntentStatus } from '../../../src/contracts/events.ts';
import type {
  Next,
  SessionCore,
  SessionProtocol,
  TurnResult,
} from '../../../src/session/protocol.ts';
import type { ToolDef } from '../../../src/tools/registry.ts';

export const MAX_PINGS = 5;

const RelaySchema = z.strictObject({ pings: z.number().int().positive() });
type RelaySpec = z.infer<typeof RelaySchema>;

/** The relay's own keys, read from a scenario the schema (with this paradigm's keys) validated. */
const relayOf = (scenario: object): RelaySpec | undefined =>
  (scenario as { relay?: RelaySpec }).relay;

const pingTool: ToolDef = {
  name: 'ping',
  group: 'relay',
  description: 'Answer the relay with one ping.',
  parameters: z.strictObject({}),
  run: () => ({ pong: true }),
};

class RelayProtocol implements SessionProtocol {
  private pinged = 0;

  constructor(
    private readonly core: SessionCore,
    private readonly owed: number,
  ) {}

  initialStatus(): IntentStatus {
    return 'open';
  }

  async afterTurn(t: TurnResult): Promise<Next> {
    this.pinged += t.evidence.toolCalls.filter((c) => c.name === pingTool.name && c.ok).length;
    if (this.pinged >= this.owed) return { kind: 'end', end: 'resolved' };
    if (t.turn >= this.core.maxTurns) return { kind: 'end', end: 'max_turns' };
    const text = `ping ${this.pinged + 1} of ${this.owed}, please`;
    return {
      kind: 'continue',
      incoming: { kind: 'event', turn: this.core.turn + 1, text, source: 'relay' },
    };
  }

  /** session_start says how many pings are owed: the relay's slice of the state starts there. */
  announce(): { relay: RelayStart } {
    return { relay: { owed: this.owed } };
  }

  /** Recorded in the score event and the results line under `relay`. */
  scores(): { relay: RelayScores } {
    return { relay: { owed: this.owed, sent: this.pinged } };
  }
}

interface RelayScores {
  owed: number;
  sent: number;
}

interface RelayStart {
  owed: number;
}

/** The relay's slice of the session state: pings owed and sent so far. */
interface RelayState {
  owed: number;
  sent: number;
}

declare module '../../../src/contracts/paradigm-view.ts' {
  interface SessionSlices {
    relay: RelayState;
  }
  interface ParadigmPanes {
    relay: true;
  }
}

/** Its slice, its pane, its status-bar segment and a line of the opening card. */
const relayView = view({
  slice: {
    key: 'relay',
    start: (event) => {
      const start = event.paradigms?.relay as RelayStart | undefined;
      return start && { owed: start.owed, sent: 0 };
    },
    reduce: (relay, event) =>
      event.type === 'tool_result' && event.name === pingTool.name && event.ok
        ? { ...relay, sent: relay.sent + 1 }
        : relay,
  },
  panes: [
    {
      id: 'relay',
      title: 'Relay',
      width: { 5: 0.19 },
      slice: 'relay',
      blocks: (relay, d) => [
        [[{ text: `pings sent ${relay.sent} of ${relay.owed}`, bold: true }]],
        Array.from({ length: relay.owed }, (_, k) => [
          {
            text: `ping ${k + 1}: ${k < relay.sent ? 'sent' : 'owed'}`,
            color: k < relay.sent ? d.theme.check.pass.color : d.theme.text.muted,
          },
        ]),
      ],
      info: (relay) => `${relay.sent}/${relay.owed}`,
    },
  ],
  status: { slice: 'relay', segment: (relay) => ({ text: `relay ${relay.sent}/${relay.owed}` }) },
  opening: {
    slice: 'relay',
    lines: (relay) => [[{ text: `The relay will ask for ${relay.owed} pings.` }]],
  },
});

type Run = EngineTypes['runRecord'];

/** The share of owed pings each agent sent, over its relay runs (null: no relay run). */
function relayShares(
  runs: readonly Run[],
  agentOf: (run: Run) => string,
): Record<string, { runs: number; sent: number }> | null {
  const scored = runs.filter((r) => r.relay);
  if (!scored.length) return null;
  const share = (r: Run) => {
    const { owed, sent } = r.relay as RelayScores;
    return sent / owed;
  };
  return Object.fromEntries(
    [...groupBy(scored, agentOf)].map(([agent, rs]) => [
      agent,
      { runs: rs.length, sent: rs.reduce((a, r) => a + share(r), 0) / rs.length },
    ]),
  );
}

function relaySection(runs: readonly Run[], agentOf: (run: Run) => string): Section[] {
  const shares = relayShares(runs, agentOf);
  if (!shares) return [];
  return [
    {
      id: 'relay',
      title: 'Relay: pings answered',
      tables: [
        {
          id: 'relay',
          title: 'Pings sent of those owed (%)',
          columns: [
            col('agent', 'agent'),
            col('runs', 'runs', 'int'),
            col('sent', 'sent', 'score'),
          ],
          rows: Object.entries(shares).map(([agent, s]) => [agent, s.runs, s.sent]),
        },
      ],
      charts: [],
    },
  ];
}

export const relayParadigm: Paradigm = {
  name: 'relay',
  scenarioKeys: {
    relay: RelaySchema.optional().meta({
      description: 'relay scenarios: how many pings the agent owes',
    }),
  },
  plays: (s) => relayOf(s) !== undefined,
  check(s, report) {
    const pings = relayOf(s)?.pings;
    if (pings !== undefined && pings > MAX_PINGS)
      report.error(
        ['relay', 'pings'],
        `a relay owes at most ${MAX_PINGS} pings (this one: ${pings})`,
      );
  },
  lint(s) {
    if (!relayOf(s) || (s.tools ?? []).includes(pingTool.group)) return [];
    return [
      {
        check: 'relay-without-ping',
        path: ['relay'],
        message: 'the agent owes pings but has no `relay` tools to send them',
      },
    ];
  },
  tools: [pingTool],
  protocol: (core) => new RelayProtocol(core, relayOf(core.scenario)?.pings ?? 1),
  results: { key: 'relay', aggregate: relayShares, reportSections: relaySection },
  // It changes what a relay run measures: a resumed run must keep it.
  runOptions: [
    {
      flags: '--relay-pings <n>',
      description: 'relay scenarios: owe this many pings',
      fixed: true,
      parse: (text) => (scenario) =>
        relayOf(scenario) ? { ...scenario, relay: { pings: Number(text) } } : scenario,
    },
  ],
  view: relayView,
};
