/**
 * The participant's path through a study, one screen a step: consent (y to agree), the
 * instructions, "Session k of n" before each session, the session itself (the playground's
 * session screen in the participant's view), its questionnaire, the final questionnaire and
 * thanks. ctrl+g pauses everything for the operator (the screen is covered; keys wait);
 * ctrl+c stops, and `study run` with the same participant resumes at the same step.
 */
import { Box, useApp, useInput } from 'ink';
import { useCallback, useEffect } from 'react';
import { useStore } from 'zustand';
import { SessionProvider } from '../../context.tsx';
import { PRIORITY, useKeyActions, type KeyPress } from '../../hooks/keypress.tsx';
import { useTerminalSize } from '../../hooks/useTerminalSize.ts';
import { KEYMAP, type Action, type Scope } from '../../keymap.ts';
import type { StudyRunner } from '../../session/study-runner.ts';
import { excludedWords } from '../../../study/participant.ts';
import type { Item } from '../../../study/questionnaire.ts';
import { SessionScreen } from '../SessionScreen.tsx';
import { Page, paragraphs } from './Page.tsx';
import { Questionnaire } from './Questionnaire.tsx';

/** The operator's pause key, from the keymap (where the help finds it): a control key, so it never types into an answer. */
export const PAUSE_KEY = KEYMAP.find((b) => b.action === 'operatorPause')!.keys[0]!;

/** The scopes of each page's keys, in the order its help lists them. */
const PAGE_SCOPES = {
  consent: ['consent', 'study', 'global'],
  page: ['studyPage', 'study', 'global'],
} as const satisfies Record<string, readonly Scope[]>;

/** The heading of each questionnaire page (the one after a session names the session). */
const QUESTIONNAIRE_HEADINGS: Record<'before' | 'final', string> = {
  before: 'Before we start',
  final: 'A few last questions',
};

const DEFAULT_DEBRIEF =
  'That is the end of the study. Thank you for taking part!\n\nPlease let the researcher know you have finished.';

export function StudyApp({ runner, onExit }: { runner: StudyRunner; onExit?: () => void }) {
  const { exit } = useApp();
  const step = useStore(runner.store, (s) => s.step);
  const paused = useStore(runner.store, (s) => s.paused);
  const live = useStore(runner.store, (s) => s.live);
  const over = useStore(runner.store, (s) => s.over);
  const { columns, rows } = useTerminalSize();
  useEffect(() => {
    if (!over) return;
    onExit?.();
    exit();
  }, [over, onExit, exit]);
  // The terminal's size, at each session's start and on every resize (what is on screen is logged part by part).
  useEffect(() => runner.screen(columns, rows), [runner, columns, rows, step]);

  // The operator's pause comes before everything; while paused, every other key waits (ctrl+c still stops).
  const operator = useCallback(
    (press: KeyPress) => {
      if (press.name === PAUSE_KEY) {
        runner.togglePause();
        return true;
      }
      if (!runner.store.getState().paused) return false;
      if (press.name === 'ctrl+c') runner.stop();
      if (press.name === 'ctrl+d') runner.operatorEnd();
      return true;
    },
    [runner],
  );
  useKeyActions([], {}, { priority: PRIORITY.dialog + 100, onOtherKey: operator });
  // Time to first keystroke: any key that types, during a session.
  useInput((input, key) => {
    if (
      step.kind === 'session' &&
      !paused &&
      input &&
      !key.ctrl &&
      !key.meta &&
      !key.return &&
      !key.tab &&
      !key.escape
    )
      runner.keystroke();
  });

  const total = runner.sessionCount;
  const showItem = useCallback((item: Item) => runner.itemShown(item), [runner]);
  const stop = () => runner.stop();
  // The pages' keys, from the keymap (where their help finds them).
  const page =
    step.kind === 'instructions' ||
    step.kind === 'ready' ||
    step.kind === 'thanks' ||
    step.kind === 'excluded';
  useKeyActions(
    PAGE_SCOPES.consent,
    { yes: () => runner.agree(), no: () => runner.decline(), stopStudy: stop },
    { active: step.kind === 'consent' && !paused },
  );
  useKeyActions(
    PAGE_SCOPES.page,
    { nextPage: () => runner.next(), stopStudy: stop },
    { active: page && !paused },
  );
  // An ended session stays to be read: enter goes on; q does not leave the study. Under the
  // session's overlays (the help, the persona card: they close first), over its panes and keys.
  const ended = useStore(runner.store, (s) => Boolean(s.ended));
  useKeyActions(
    [],
    {},
    {
      priority: PRIORITY.dialog - 1,
      active: ended && step.kind === 'session' && !paused,
      // enter goes on, ctrl+c stops, q and b are taken and do nothing; other keys pass.
      onOtherKey: (p) => {
        if (p.name === 'return') runner.afterSession();
        if (p.name === 'ctrl+c') stop();
        return ['return', 'ctrl+c', 'q', 'b'].includes(p.name);
      },
    },
  );
  // In a questionnaire ctrl+c stops at once (every answer given is already saved).
  useKeyActions(
    [],
    {},
    {
      priority: PRIORITY.dialog,
      active:
        (step.kind === 'questionnaire' || step.kind === 'final' || step.kind === 'before') &&
        !paused,
      onOtherKey: (p) => (p.name === 'ctrl+c' ? (stop(), true) : false),
    },
  );
  const pageHelp = (scopes: readonly Scope[]) => ({
    scopes,
    filter: { omit: ['goOn'] as Action[] },
  });

  const pausePage = (
    <Page
      title="Paused"
      lines={(cols) =>
        paragraphs(
          'The researcher has paused the study for a moment.\n\nPlease wait; nothing you type counts while the study is paused.',
          cols,
        )
      }
      keys={[
        [PAUSE_KEY, 'resume (researcher)'],
        ...(step.kind === 'session'
          ? ([['ctrl+d', 'end the session (researcher)']] as [string, string][])
          : []),
      ]}
    />
  );
  // A session stays mounted under the pause page (hidden), so what the participant was typing is kept.
  if (paused && step.kind !== 'session') return pausePage;

  switch (step.kind) {
    case 'consent':
      return (
        <Page
          title="Consent"
          info={`version ${runner.study.consent.version}`}
          lines={(cols) => [
            ...paragraphs(runner.study.consent.text, cols),
            [{ text: '' }],
            [{ text: 'Do you agree to take part?', bold: true }],
          ]}
          keys={[
            ['y', 'I agree and want to take part'],
            ['n', 'I do not agree (nothing is kept)'],
          ]}
          help={pageHelp(PAGE_SCOPES.consent)}
        />
      );
    case 'instructions':
      return (
        <Page
          title="Instructions"
          lines={(cols) => paragraphs(runner.study.instructions, cols)}
          keys={[['enter', 'continue']]}
          help={pageHelp(PAGE_SCOPES.page)}
        />
      );
    case 'ready': {
      const limit = runner.study.time_limit;
      return (
        <Page
          title={`Session ${step.session + 1} of ${total}`}
          lines={(cols) =>
            paragraphs(
              `Session ${step.session + 1} of ${total} is about to start.${limit ? ` It ends by itself after ${limit}.` : ''}\n\nPress ctrl+d in the session when you think you are done.\n\nWhen you are ready, press enter.`,
              cols,
            )
          }
          keys={[['enter', 'start the session']]}
          help={pageHelp(PAGE_SCOPES.page)}
        />
      );
    }
    case 'session':
      return live ? (
        <Box flexDirection="column">
          {paused ? pausePage : null}
          <Box flexDirection="column" display={paused ? 'none' : 'flex'}>
            <SessionProvider controller={live}>
              <SessionScreen key={step.session} onExit={stop} />
            </SessionProvider>
          </Box>
        </Box>
      ) : null;
    case 'questionnaire':
    case 'final':
    case 'before': {
      const items = runner.items(step);
      const given = new Map(runner.answersFor(step).map((a) => [a.item, a.value]));
      return (
        <Questionnaire
          key={step.kind === 'questionnaire' ? `s${step.session}` : step.kind}
          heading={
            step.kind === 'questionnaire'
              ? `About session ${step.session + 1} of ${total}`
              : QUESTIONNAIRE_HEADINGS[step.kind]
          }
          items={items}
          given={given}
          onAnswer={(item, value) => runner.answer(item, value)}
          onDone={() => runner.questionnaireDone()}
          onShow={showItem}
        />
      );
    }
    case 'excluded':
      return (
        <Page
          title="The study ends here"
          lines={(cols) => paragraphs(excludedWords(runner.study), cols)}
          keys={[['enter', 'finish']]}
          help={pageHelp(PAGE_SCOPES.page)}
        />
      );
    case 'thanks':
      return (
        <Page
          title="Thank you"
          lines={(cols) => [
            ...paragraphs(runner.study.debrief ?? DEFAULT_DEBRIEF, cols),
            ...(runner.participant.completion_code
              ? [
                  [{ text: '' }],
                  [
                    {
                      text: `Your completion code: ${runner.participant.completion_code}`,
                      bold: true,
                    },
                  ],
                  [{ text: 'Enter it where you signed up for the study.' }],
                ]
              : []),
          ]}
          keys={[['enter', 'finish']]}
          help={pageHelp(PAGE_SCOPES.page)}
        />
      );
  }
}
