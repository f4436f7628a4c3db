import { AppKit } from './kit/app.ts';
import { int } from './kit/args.ts';
import { emptyBase } from './kit/state.ts';
const kit = new AppKit({ name: 'x', title: 'X', empty: () => emptyBase() });
kit.api('a', 'b', { n: int('n') }, (a) => { const { nope } = a; const m: string = a.n; return [nope, m]; });
