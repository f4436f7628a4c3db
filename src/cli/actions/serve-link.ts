/**
 * On a terminal, the session's screen takes the whole terminal and covers what was printed before
 * it, the served link among them: the link stays in sight until the operator presses enter.
 */
import { createInterface } from 'node:readline';

/** Resolves true on enter; false on ctrl+c, which goes on to stop the command as everywhere. */
export function holdTheLink(next: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  return new Promise((resolve) => {
    rl.on('SIGINT', () => {
      rl.close();
      resolve(false);
      process.kill(process.pid, 'SIGINT');
    });
    rl.question(`send the link above; enter ${next} (ctrl+c stops) `, () => {
      rl.close();
      resolve(true);
    });
  });
}
