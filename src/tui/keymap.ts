/**
 * Every key binding, as data. The one keypress dispatcher (hooks/keypress.tsx) turns a key
 * into an action through this table, and the help overlay (`?`) and the docs list it.
 * A scope says where a binding applies; the focused component's scopes are tried first.
 */
import type { Key } from 'ink';

export type Scope =
  | 'global'
  | 'confirm'
  | 'askEnd'
  | 'askQuit'
  | 'help'
  | 'home'
  | 'session'
  | 'pane'
  | 'conversation'
  | 'intents'
  | 'checklist'
  | 'workspace'
  | 'watch'
  | 'replay'
  | 'versus'
  | 'whichSide'
  | 'search'
  | 'play'
  | 'input'
  | 'agentInput'
  | 'picker'
  | 'branches'
  | 'override'
  | 'proposal'
  | 'chain'
  | 'annotate'
  | 'rationale'
  | 'permission'
  | 'opening'
  | 'card'
  | 'study'
  | 'consent'
  | 'studyPage'
  | 'rating'
  | 'options'
  | 'answer'
  | 'questionnaire';

export type Action =
  | 'filter'
  | 'allowOnce'
  | 'allowAlways'
  | 'deny'
  | 'continueChain'
  | 'begin'
  | 'scrollLeft'
  | 'scrollRight'
  | 'acceptProposal'
  | 'rejectProposal'
  | 'help'
  | 'quit'
  | 'close'
  | 'yes'
  | 'no'
  | 'focusNext'
  | 'focusPrev'
  | 'up'
  | 'down'
  | 'pageUp'
  | 'pageDown'
  | 'top'
  | 'bottom'
  | 'select'
  | 'toggleAll'
  | 'pause'
  | 'step'
  | 'faster'
  | 'slower'
  | 'takeOver'
  | 'turnPrev'
  | 'turnNext'
  | 'turnFirst'
  | 'turnLast'
  | 'nextChange'
  | 'prevChange'
  | 'reveal'
  | 'overrideMenu'
  | 'personaCard'
  | 'gradeNow'
  | 'passTime'
  | 'keepSilent'
  | 'endSession'
  | 'focusInput'
  | 'send'
  | 'blur'
  | 'toolPicker'
  | 'modeNext'
  | 'modePrev'
  | 'cycleAgent'
  | 'cycleUser'
  | 'cycleJudge'
  | 'start'
  | 'back'
  | 'prevChoice'
  | 'nextChoice'
  | 'operatorPause'
  | 'stopStudy'
  | 'goOn'
  | 'nextPage'
  | 'choose'
  | 'fork'
  | 'forkSide'
  | 'forkLeft'
  | 'forkRight'
  | 'branches'
  | 'search'
  | 'searchNext'
  | 'searchPrev'
  | 'pick';

export interface Binding {
  action: Action;
  /** Key names as `keyName` below spells them: `q`, `?`, `ctrl+c`, `shift+tab`, `space`, `pageup`. */
  keys: readonly string[];
  scope: Scope;
  description: string;
}

export const KEYMAP: readonly Binding[] = [
  { scope: 'global', action: 'help', keys: ['?'], description: 'show or hide the keys' },
  {
    scope: 'global',
    action: 'quit',
    keys: ['q', 'ctrl+c'],
    description: 'quit (asks first while a session runs)',
  },

  { scope: 'confirm', action: 'yes', keys: ['y', 'return', 'ctrl+c'], description: 'yes' },
  { scope: 'confirm', action: 'no', keys: ['n', 'escape', 'q'], description: 'no' },
  // While a person writes, a question takes only chords and esc: a typed sentence never answers it.
  { scope: 'askEnd', action: 'yes', keys: ['ctrl+d'], description: 'yes, end the session now' },
  { scope: 'askEnd', action: 'no', keys: ['escape'], description: 'no, go on playing' },
  { scope: 'askQuit', action: 'yes', keys: ['ctrl+c'], description: 'yes, quit now' },
  { scope: 'askQuit', action: 'no', keys: ['escape'], description: 'no, go on playing' },
  // So does an agent's request for permission: digits and letters typed go on into the message.
  {
    scope: 'permission',
    action: 'allowOnce',
    keys: ['ctrl+y'],
    description: 'allow it once',
  },
  {
    scope: 'permission',
    action: 'allowAlways',
    keys: ['ctrl+a'],
    description: 'allow this kind of tool for the rest of the session',
  },
  { scope: 'permission', action: 'deny', keys: ['ctrl+r', 'escape'], description: 'deny it' },
  {
    scope: 'help',
    action: 'close',
    keys: ['escape', '?', 'q', 'return'],
    description: 'close this help',
  },

  { scope: 'home', action: 'up', keys: ['up', 'k'], description: 'previous scenario or episode' },
  { scope: 'home', action: 'down', keys: ['down', 'j'], description: 'next scenario or episode' },
  { scope: 'home', action: 'pageUp', keys: ['pageup'], description: 'page up' },
  { scope: 'home', action: 'pageDown', keys: ['pagedown'], description: 'page down' },
  { scope: 'home', action: 'modeNext', keys: ['right', 'l', 'tab'], description: 'next mode' },
  {
    scope: 'home',
    action: 'modePrev',
    keys: ['left', 'h', 'shift+tab'],
    description: 'previous mode',
  },
  { scope: 'home', action: 'cycleAgent', keys: ['a'], description: 'change the agent backend' },
  { scope: 'home', action: 'cycleUser', keys: ['u'], description: 'change the user backend' },
  { scope: 'home', action: 'cycleJudge', keys: ['J'], description: 'change the judge backend' },
  { scope: 'home', action: 'start', keys: ['return'], description: 'start the selected mode' },
  {
    scope: 'home',
    action: 'filter',
    keys: ['/'],
    description: 'filter the list: type words (ids, titles, personas), esc clears',
  },

  { scope: 'session', action: 'focusNext', keys: ['tab'], description: 'focus the next pane' },
  {
    scope: 'session',
    action: 'focusPrev',
    keys: ['shift+tab'],
    description: 'focus the previous pane',
  },
  {
    scope: 'session',
    action: 'back',
    keys: ['b'],
    description: 'back to the home screen (when the session is over)',
  },

  { scope: 'pane', action: 'up', keys: ['up', 'k'], description: 'move up' },
  { scope: 'pane', action: 'down', keys: ['down', 'j'], description: 'move down' },
  { scope: 'pane', action: 'pageUp', keys: ['pageup'], description: 'scroll up a page' },
  { scope: 'pane', action: 'pageDown', keys: ['pagedown'], description: 'scroll down a page' },
  { scope: 'pane', action: 'top', keys: ['g'], description: 'go to the top' },
  { scope: 'pane', action: 'bottom', keys: ['G'], description: 'go to the bottom (and follow)' },

  {
    scope: 'conversation',
    action: 'select',
    keys: ['return'],
    description: 'expand or collapse the selected tool call',
  },
  {
    scope: 'conversation',
    action: 'toggleAll',
    keys: ['x'],
    description: 'expand or collapse every tool call',
  },
  {
    scope: 'workspace',
    action: 'select',
    keys: ['return'],
    description:
      'show the selected file’s diff; on an app, switch between its changes and the raw JSON diff',
  },
  {
    scope: 'workspace',
    action: 'scrollRight',
    keys: ['right'],
    description: 'scroll the diff sideways to the right (› ends a line that goes on)',
  },
  {
    scope: 'workspace',
    action: 'scrollLeft',
    keys: ['left'],
    description: 'scroll the diff back to the left (‹ starts a line cut on the left)',
  },
  {
    scope: 'checklist',
    action: 'gradeNow',
    keys: ['r'],
    description: 'grade rubric items now (otherwise at the end)',
  },

  {
    scope: 'intents',
    action: 'reveal',
    keys: ['return'],
    description:
      'put the selected intent’s reveal text in the input (an open one is then provided; an inferred one answers the agent’s question)',
  },
  {
    scope: 'intents',
    action: 'overrideMenu',
    keys: ['ctrl+o'],
    description:
      'set the selected intent’s status by hand (asks which, recorded as manual; off with --no-overrides)',
  },
  {
    scope: 'override',
    action: 'prevChoice',
    keys: ['up'],
    description: 'highlight the status before',
  },
  {
    scope: 'override',
    action: 'nextChoice',
    keys: ['down'],
    description: 'highlight the next status',
  },
  {
    scope: 'override',
    action: 'select',
    keys: ['ctrl+o'],
    description: 'set the highlighted status (letters type your message)',
  },
  { scope: 'override', action: 'close', keys: ['escape'], description: 'cancel' },

  {
    scope: 'play',
    action: 'personaCard',
    keys: ['ctrl+p'],
    description: 'who you are: the persona’s profile, style, facts and goals',
  },
  {
    scope: 'input',
    action: 'personaCard',
    keys: ['ctrl+p'],
    description: 'who you are: the persona’s profile, style, facts and goals',
  },
  {
    scope: 'play',
    action: 'endSession',
    keys: ['ctrl+d'],
    description: 'end the session now (asks first; open intents become unresolved)',
  },
  {
    scope: 'play',
    action: 'passTime',
    keys: ['ctrl+n'],
    description:
      'time scenarios: let time pass to the next update (while the session waits); proposal scenarios: let this tick pass',
  },
  {
    scope: 'play',
    action: 'fork',
    keys: ['ctrl+f'],
    description: 'at your turn: fork here, going on in a new recording from the last turn',
  },
  {
    scope: 'opening',
    action: 'begin',
    keys: ['return'],
    description: 'leave the opening card (title, persona, request): the session begins',
  },
  {
    scope: 'card',
    action: 'up',
    keys: ['up'],
    description: 'scroll the card up (when it does not fit)',
  },
  { scope: 'card', action: 'down', keys: ['down'], description: 'scroll the card down' },
  { scope: 'card', action: 'pageUp', keys: ['pageup'], description: 'scroll the card up a page' },
  {
    scope: 'card',
    action: 'pageDown',
    keys: ['pagedown'],
    description: 'scroll the card down a page',
  },
  {
    scope: 'chain',
    action: 'continueChain',
    keys: ['return'],
    description: 'between two sessions of a chain: start the next one',
  },
  {
    scope: 'chain',
    action: 'close',
    keys: ['escape'],
    description: 'between two sessions: show the ended session (enter still continues)',
  },
  // Chords, never letters: a sentence typed anywhere must not answer a proposal.
  {
    scope: 'proposal',
    action: 'acceptProposal',
    keys: ['ctrl+y'],
    description: 'accept the proposal waiting for you',
  },
  {
    scope: 'proposal',
    action: 'rejectProposal',
    keys: ['ctrl+r'],
    description: 'reject it (to say why, type `reject` and the reason, then enter)',
  },
  { scope: 'input', action: 'send', keys: ['return'], description: 'send' },
  {
    scope: 'input',
    action: 'passTime',
    keys: ['ctrl+n'],
    description: 'time scenarios: let time pass to the next update (while the session waits)',
  },
  {
    scope: 'input',
    action: 'blur',
    keys: ['escape'],
    description: 'leave the input box (keys act on panes)',
  },
  { scope: 'input', action: 'endSession', keys: ['ctrl+d'], description: 'end the session now' },
  {
    scope: 'agentInput',
    action: 'keepSilent',
    keys: ['ctrl+k'],
    description:
      'time scenarios: keep silent on a turn the monitor woke you for (nothing reaches the user)',
  },
  {
    scope: 'agentInput',
    action: 'toolPicker',
    keys: ['ctrl+t'],
    description: 'pick a tool to call (or type /tool_name key=value …)',
  },
  { scope: 'picker', action: 'up', keys: ['up'], description: 'previous tool' },
  { scope: 'picker', action: 'down', keys: ['down'], description: 'next tool' },
  { scope: 'picker', action: 'select', keys: ['return'], description: 'use this tool' },
  { scope: 'picker', action: 'close', keys: ['escape'], description: 'close the picker' },

  {
    scope: 'study',
    action: 'goOn',
    keys: ['return'],
    description: 'once the session is over: go on to the questions (or the next step)',
  },
  {
    scope: 'study',
    action: 'stopStudy',
    keys: ['ctrl+c'],
    description:
      'stop here (asks first while the session runs); `study run` with the same participant resumes at this step',
  },
  {
    scope: 'study',
    action: 'operatorPause',
    keys: ['ctrl+g'],
    description:
      'for the researcher: pause the study (the screen is covered, keys wait) or resume it',
  },
  // The pages around a study's sessions: consent, instructions, "Session k of n", the questions, thanks.
  { scope: 'consent', action: 'yes', keys: ['y'], description: 'I agree and want to take part' },
  { scope: 'consent', action: 'no', keys: ['n'], description: 'I do not agree (nothing is kept)' },
  {
    scope: 'studyPage',
    action: 'nextPage',
    keys: ['return'],
    description: 'go on (on the last page: finish)',
  },
  {
    scope: 'rating',
    action: 'prevChoice',
    keys: ['left', 'h'],
    description: 'one point lower on the scale (on a 0–100 scale: move your mark 5 to the left)',
  },
  {
    scope: 'rating',
    action: 'nextChoice',
    keys: ['right', 'l'],
    description: 'one point higher on the scale (on a 0–100 scale: move your mark 5 to the right)',
  },
  {
    scope: 'rating',
    action: 'choose',
    keys: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
    description: 'choose the point with that number',
  },
  {
    scope: 'rating',
    action: 'select',
    keys: ['return'],
    description: 'confirm your answer and go to the next question',
  },
  { scope: 'options', action: 'up', keys: ['up'], description: 'highlight the answer above' },
  { scope: 'options', action: 'down', keys: ['down'], description: 'highlight the answer below' },
  {
    scope: 'options',
    action: 'choose',
    keys: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
    description:
      'choose the answer with that number (where several may be chosen: tick or untick it)',
  },
  {
    scope: 'options',
    action: 'pick',
    keys: ['space'],
    description:
      'several may be chosen: tick or untick the highlighted answer; an order: pick up the highlighted one (↑/↓ then move it) or put it down',
  },
  {
    scope: 'options',
    action: 'select',
    keys: ['return'],
    description: 'confirm your answer and go to the next question',
  },
  {
    scope: 'answer',
    action: 'send',
    keys: ['return'],
    description: 'send your answer and go to the next question',
  },
  {
    scope: 'questionnaire',
    action: 'back',
    keys: ['escape'],
    description: 'back to the question before (its answer can be changed)',
  },

  { scope: 'watch', action: 'pause', keys: ['space'], description: 'pause or resume' },
  { scope: 'watch', action: 'step', keys: ['s'], description: 'run one turn, then pause' },
  { scope: 'watch', action: 'faster', keys: ['+', '='], description: 'faster' },
  { scope: 'watch', action: 'slower', keys: ['-'], description: 'slower' },
  {
    scope: 'watch',
    action: 'takeOver',
    keys: ['t'],
    description: 'take over: play the user from this turn',
  },
  {
    scope: 'watch',
    action: 'fork',
    keys: ['f'],
    description: 'paused: fork here, going on in a new recording from this turn',
  },

  {
    scope: 'versus',
    action: 'forkSide',
    keys: ['f'],
    description: 'fork a side: go on live from the end of the turn on screen (asks which side)',
  },
  { scope: 'whichSide', action: 'forkLeft', keys: ['left'], description: 'fork the left side' },
  { scope: 'whichSide', action: 'forkRight', keys: ['right'], description: 'fork the right side' },
  { scope: 'whichSide', action: 'close', keys: ['escape'], description: 'fork neither' },

  { scope: 'replay', action: 'turnPrev', keys: ['left', 'h'], description: 'previous turn' },
  { scope: 'replay', action: 'turnNext', keys: ['right', 'l'], description: 'next turn' },
  { scope: 'replay', action: 'turnFirst', keys: ['home'], description: 'first turn' },
  { scope: 'replay', action: 'turnLast', keys: ['end'], description: 'last turn' },
  {
    scope: 'replay',
    action: 'nextChange',
    keys: ['n'],
    description: 'next turn with an intent status change',
  },
  {
    scope: 'replay',
    action: 'prevChange',
    keys: ['N'],
    description: 'previous turn with a status change',
  },
  {
    scope: 'replay',
    action: 'search',
    keys: ['/'],
    description:
      'search the conversation: type words, and the turn holding them shows (enter or ↓ the next such turn, ↑ the one before, esc clears)',
  },
  {
    scope: 'search',
    action: 'searchNext',
    keys: ['return', 'down'],
    description: 'the next turn holding the words (after the last, the first)',
  },
  {
    scope: 'search',
    action: 'searchPrev',
    keys: ['up'],
    description: 'the turn before holding them',
  },
  { scope: 'search', action: 'close', keys: ['escape'], description: 'clear the search' },
  {
    scope: 'replay',
    action: 'fork',
    keys: ['f'],
    description: 'fork: go on live from the end of this turn (docs/explore.md)',
  },
  {
    scope: 'replay',
    action: 'branches',
    keys: ['t'],
    description: 'the tree of forks: where each left, its end and scores; enter opens one',
  },
  { scope: 'branches', action: 'up', keys: ['up', 'k'], description: 'the row above' },
  { scope: 'branches', action: 'down', keys: ['down', 'j'], description: 'the row below' },
  {
    scope: 'branches',
    action: 'select',
    keys: ['return'],
    description: 'replay that recording, from the turn where it parts',
  },
  { scope: 'branches', action: 'close', keys: ['escape', 't'], description: 'close the tree' },

  { scope: 'annotate', action: 'up', keys: ['up', 'k'], description: 'scroll the session up' },
  {
    scope: 'annotate',
    action: 'down',
    keys: ['down', 'j'],
    description: 'scroll the session down',
  },
  { scope: 'annotate', action: 'pageUp', keys: ['pageup'], description: 'scroll up a page' },
  {
    scope: 'annotate',
    action: 'pageDown',
    keys: ['pagedown', 'space'],
    description: 'scroll down a page',
  },
  { scope: 'annotate', action: 'top', keys: ['g'], description: 'the start of the session' },
  { scope: 'annotate', action: 'bottom', keys: ['G'], description: 'the end of the session' },
  {
    scope: 'annotate',
    action: 'toggleAll',
    keys: ['x'],
    description: 'show or hide every tool call’s arguments and result',
  },
  {
    scope: 'annotate',
    action: 'prevChoice',
    keys: ['left', 'h'],
    description: 'highlight the previous answer',
  },
  {
    scope: 'annotate',
    action: 'nextChoice',
    keys: ['right', 'l'],
    description: 'highlight the next answer',
  },
  {
    scope: 'annotate',
    action: 'select',
    keys: ['return'],
    description: 'choose the highlighted answer (or press its number), then say why',
  },
  {
    scope: 'rationale',
    action: 'send',
    keys: ['return'],
    description: 'save the answer with its reason and go to the next item',
  },
  { scope: 'rationale', action: 'close', keys: ['escape'], description: 'back to the answers' },
  { scope: 'rationale', action: 'up', keys: ['up'], description: 'scroll the session up' },
  { scope: 'rationale', action: 'down', keys: ['down'], description: 'scroll the session down' },
  { scope: 'rationale', action: 'pageUp', keys: ['pageup'], description: 'scroll up a page' },
  { scope: 'rationale', action: 'pageDown', keys: ['pagedown'], description: 'scroll down a page' },
  {
    scope: 'rationale',
    action: 'quit',
    keys: ['ctrl+c'],
    description: 'quit (every saved answer is kept)',
  },
];

export const SCOPE_TITLES: Record<Scope, string> = {
  global: 'Everywhere',
  confirm: 'Question',
  askEnd: 'Question: end the session?',
  askQuit: 'Question: quit?',
  permission: 'Agent asks permission (acp agents)',
  help: 'Help',
  home: 'Home',
  session: 'Session',
  pane: 'Any pane',
  conversation: 'Conversation pane',
  intents: 'Intents pane (play)',
  checklist: 'Checklist pane',
  workspace: 'Workspace pane',
  watch: 'Watch',
  replay: 'Replay',
  versus: 'Side by side',
  whichSide: 'Question: fork which side?',
  search: 'Replay: searching the conversation',
  play: 'Play',
  input: 'Input box',
  agentInput: 'Agent input box',
  picker: 'Tool picker',
  branches: 'Tree of forks (replay)',
  override: 'Status by hand',
  proposal: 'A proposal waiting for you (play)',
  chain: 'Between two sessions of a chain',
  annotate: 'Annotate',
  rationale: 'Annotate: the reason',
  opening: 'A session’s opening card',
  card: 'A card over the panes',
  study: 'In this study',
  consent: 'Consent',
  studyPage: 'This page',
  rating: 'Answering on a scale',
  options: 'Answering from a list',
  answer: 'Answering in words',
  questionnaire: 'Questions',
};

/** The name of a key press as the keymap spells it. */
export function keyName(input: string, key: Key): string {
  const named: [keyof Key, string][] = [
    ['upArrow', 'up'],
    ['downArrow', 'down'],
    ['leftArrow', 'left'],
    ['rightArrow', 'right'],
    ['pageUp', 'pageup'],
    ['pageDown', 'pagedown'],
    ['home', 'home'],
    ['end', 'end'],
    ['return', 'return'],
    ['escape', 'escape'],
    ['tab', 'tab'],
    ['backspace', 'backspace'],
    ['delete', 'delete'],
  ];
  for (const [flag, name] of named)
    if (key[flag]) return (key.shift ? 'shift+' : '') + (key.ctrl ? 'ctrl+' : '') + name;
  if (key.ctrl && input) return `ctrl+${input.toLowerCase()}`;
  if (key.meta && input) return `meta+${input}`;
  if (input === ' ') return 'space';
  return input;
}

const index = new Map<string, Binding[]>();
for (const b of KEYMAP)
  for (const k of b.keys)
    index.set(`${b.scope}\0${k}`, [...(index.get(`${b.scope}\0${k}`) ?? []), b]);

/** The action bound to `name` in the first of `scopes` that binds it. */
export function actionFor(name: string, scopes: readonly Scope[]): Action | undefined {
  for (const scope of scopes) {
    const hit = index.get(`${scope}\0${name}`);
    if (hit?.length) return hit[0]!.action;
  }
  return undefined;
}

/** The keys of `action` in `scope`, for hints: `space`, `←/h`. */
export function keysOf(action: Action, scope: Scope): string {
  const b = KEYMAP.find((x) => x.action === action && x.scope === scope);
  return b ? keyLabels(b.keys).join('/') : '';
}

/** Keys as a person reads them: arrows as arrows, and a run of digits as one range (`0-9`). */
export function keyLabels(keys: readonly string[]): string[] {
  const digits = keys.filter((k) => /^[0-9]$/.test(k));
  if (digits.length < 3) return keys.map(prettyKey);
  const range = `${digits.reduce((a, b) => (a < b ? a : b))}-${digits.reduce((a, b) => (a > b ? a : b))}`;
  return [range, ...keys.filter((k) => !digits.includes(k)).map(prettyKey)];
}

export function prettyKey(k: string): string {
  const arrows: Record<string, string> = {
    up: '↑',
    down: '↓',
    left: '←',
    right: '→',
    return: 'enter',
    escape: 'esc',
    pageup: 'PgUp',
    pagedown: 'PgDn',
  };
  return k
    .split('+')
    .map((p) => arrows[p] ?? p)
    .join('+');
}

/** What the help overlay leaves out: actions that do nothing here, and keys that type while a person writes. */
export interface HelpFilter {
  /** Actions that do nothing on this screen now (no handler, or switched off). */
  omit?: readonly Action[];
  /** A person is writing a message: every printable key but `?` types (into the input box, or back into it from a pane). */
  typing?: boolean;
  /** Only these of an action's keys work here (a 1–5 scale takes the digits 1 to 5). */
  only?: Partial<Record<Action, readonly string[]>>;
  /** Other words for an action or a scope's title on this screen (a study participant's words: no intents, no grading). */
  words?: { actions?: Partial<Record<Action, string>>; scopes?: Partial<Record<Scope, string>> };
}

/** A key a writing person types rather than presses: a printable character or space (`?` still opens the help when nothing is written). */
const types = (key: string) => key === 'space' || (key.length === 1 && key !== '?');

/** Bindings for the given scopes, grouped for the help overlay, scopes in the given order. */
export function bindingsFor(
  scopes: readonly Scope[],
  filter: HelpFilter = {},
): { scope: Scope; title: string; bindings: Binding[] }[] {
  const shown = (b: Binding): Binding | undefined => {
    if (filter.omit?.includes(b.action)) return undefined;
    const only = filter.only?.[b.action];
    const keys = (filter.typing ? b.keys.filter((k) => !types(k)) : b.keys).filter(
      (k) => !only || only.includes(k),
    );
    const description = filter.words?.actions?.[b.action];
    return keys.length ? { ...b, keys, ...(description ? { description } : {}) } : undefined;
  };
  return scopes
    .filter((s, i) => scopes.indexOf(s) === i)
    .map((scope) => ({
      scope,
      title: filter.words?.scopes?.[scope] ?? SCOPE_TITLES[scope],
      bindings: KEYMAP.filter((b) => b.scope === scope).flatMap((b) => shown(b) ?? []),
    }))
    .filter((g) => g.bindings.length);
}
