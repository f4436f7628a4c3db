/**
 * The backends of a forked session: those that replay the recording until the fork point, then
 * the live ones (any seat: a person, a model, a script). The engine asks them as it asks any
 * backends and never knows; `goLive` is called from the engine's hook after the fork turn is judged.
 */
import type {
  AgentBackend,
  AgentTurnInput,
  Backends,
  JudgeTurnInput,
  RefusalInput,
  RubricInput,
  StatedInput,
  UserReply,
  JudgeBackend,
  PhoneTurnInput,
  ProposalAnswerInput,
  UserBackend,
  UserTurnInput,
} from '../contracts/backends.ts';

export class ForkSwitch {
  private isLive = false;
  private edit: string | undefined;
  readonly backends: Backends;

  constructor(
    private readonly prefix: Backends,
    private readonly live: Backends,
    /** `--edit-user`: the first live message of the user is this text. */
    editUser?: string,
  ) {
    this.edit = editUser;
    this.backends = {
      agent: new SwitchAgent(this),
      user: new SwitchUser(this),
      judge: new SwitchJudge(this),
    };
  }

  get goneLive(): boolean {
    return this.isLive;
  }

  /** True while the edited message waits for its turn. */
  get editPending(): boolean {
    return this.edit !== undefined;
  }

  goLive(): void {
    this.isLive = true;
  }

  /** The backends answering now: the recording's until the fork turn is judged, then the live ones. */
  now(): Backends {
    return this.isLive ? this.live : this.prefix;
  }

  /** The backends that play from the fork point on (the recording names them). */
  get liveBackends(): Backends {
    return this.live;
  }

  /** `--edit-user`: the edited message, once, when the user speaks live for the first time. */
  takeEdit(): string | undefined {
    const edit = this.isLive ? this.edit : undefined;
    this.edit = undefined;
    return edit;
  }
}

class SwitchAgent implements AgentBackend {
  constructor(private readonly s: ForkSwitch) {}
  get info() {
    return this.s.liveBackends.agent.info;
  }
  get editsFiles() {
    return this.s.now().agent.editsFiles;
  }
  runTurn(input: AgentTurnInput) {
    return this.s.now().agent.runTurn(input);
  }
  async close() {
    await this.s.liveBackends.agent.close?.();
  }
}

class SwitchUser implements UserBackend {
  constructor(private readonly s: ForkSwitch) {}
  get info() {
    return this.s.liveBackends.user.info;
  }
  // The edited message is the user's own words: the judge does not pick an intent for it to
  // reveal (that would credit the recorded user's choice to a text that may not state it).
  get picksIntents() {
    return (this.s.goneLive && this.s.editPending) || this.s.now().user.picksIntents;
  }
  async nextMessage(input: UserTurnInput): Promise<UserReply> {
    const edit = this.s.goneLive ? this.s.takeEdit() : undefined;
    if (edit === undefined) return this.s.now().user.nextMessage(input);
    // What the edited text states is read as a person's message is: by the judge, else offline.
    return { text: edit, reveals: (await input.readStated?.(edit)) ?? [] };
  }
  // A proposal scenario plays the user's own activity when the user has no phone of its own.
  get phoneAct() {
    const user = this.s.now().user;
    return user.phoneAct && ((input: PhoneTurnInput) => user.phoneAct!(input));
  }
  get answerProposal() {
    const user = this.s.now().user;
    return user.answerProposal && ((input: ProposalAnswerInput) => user.answerProposal!(input));
  }
}

class SwitchJudge implements JudgeBackend {
  constructor(private readonly s: ForkSwitch) {}
  get info() {
    return this.s.liveBackends.judge.info;
  }
  get rubricByRules() {
    return this.s.now().judge.rubricByRules;
  }
  assessTurn(input: JudgeTurnInput) {
    return this.s.now().judge.assessTurn(input);
  }
  pickNext(input: Omit<JudgeTurnInput, 'evidence'>) {
    return this.s.now().judge.pickNext(input);
  }
  gradeRubric(input: RubricInput) {
    return this.s.now().judge.gradeRubric(input);
  }
  // A user's words are read by the judge in charge: the live (model) judge after the fork point,
  // the recording's (which has no such reading; the user's replayed reveals stand) before it.
  get readRefusal() {
    const judge = this.s.now().judge;
    return judge.readRefusal && ((input: RefusalInput) => judge.readRefusal!(input));
  }
  get readStated() {
    const judge = this.s.now().judge;
    return judge.readStated && ((input: StatedInput) => judge.readStated!(input));
  }
}
