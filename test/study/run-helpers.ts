/** Driving a StudyRunner without a screen, as the study screens would: for tests of the data a run leaves. */
import type { StudyRunner } from '../../src/tui/session/study-runner.ts';

export async function until(check: () => boolean, what = 'the condition'): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

/**
 * From a session's ready page: starts it, leaves the opening card, sends one message when the
 * session waits for one, and ends it with `end` (or lets it end by itself when `end` is absent).
 */
export async function playSession(
  runner: StudyRunner,
  end?: (runner: StudyRunner) => void,
): Promise<void> {
  runner.next(); // ready → session
  const live = runner.store.getState().live!;
  await until(() => Boolean(live.control.getState().opening), 'the opening card');
  live.begin();
  await until(
    () =>
      Boolean(runner.store.getState().ended) ||
      live.store.getState().session.awaiting?.role === 'user',
    'the first turn',
  );
  if (!runner.store.getState().ended) {
    live.sendUser('Keep each meal under 25 RMB.', []);
    await until(
      () =>
        Boolean(runner.store.getState().ended) ||
        (live.store.getState().session.awaiting?.role === 'user' &&
          live.store.getState().session.turn >= 2),
      'the second turn',
    );
    if (!runner.store.getState().ended) end?.(runner);
  }
  await until(() => Boolean(runner.store.getState().ended), 'the session to end');
  runner.afterSession();
}

/** Answers every item of the questionnaire on screen: `value` for scales, `text` for free text. */
export function answerAll(runner: StudyRunner, value: number, text: string | null = 'fine'): void {
  for (const item of runner.items(runner.store.getState().step)) {
    if (item.kind === 'text') runner.answer(item, text);
    else runner.answer(item, item.kind === 'tlx' ? 50 : value);
  }
  runner.questionnaireDone();
}
