/**
 * Ink (6.8) builds every frame with a fresh `Output`, whose caches of tokenised lines and
 * string widths live only for that frame, so each unchanged line of a full screen is
 * tokenised and measured again on every update. In a full-screen layout nearly every line
 * is unchanged between frames (only the streaming reply moves), so one cache shared across
 * frames removes most of the work of a frame (see BENCHMARKS.md, TUI).
 *
 * Ink does not export `Output`; Node loads a module once per file URL, so importing Ink's
 * own file reaches the class its renderer uses. If Ink's internals ever differ from what
 * this expects, nothing is patched and Ink works as shipped.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Entries kept before the shared cache starts over (a long session must not grow it without end). */
const MAX_ENTRIES = 20_000;

interface Caches {
  widths: Map<string, unknown>;
  blockWidths: Map<string, unknown>;
  styledChars: Map<string, unknown>;
}
interface OutputLike {
  caches: Caches;
}
interface OutputClass {
  new (options: { width: number; height: number }): OutputLike;
  prototype: { get: (this: OutputLike) => unknown };
}

let installed = false;

export async function shareInkOutputCaches(): Promise<boolean> {
  if (installed) return true;
  try {
    const inkEntry = createRequire(import.meta.url).resolve('ink');
    const url = pathToFileURL(path.join(path.dirname(inkEntry), 'output.js')).href;
    const Output = (await import(url)).default as OutputClass;
    const probe = new Output({ width: 1, height: 1 });
    const get = Output.prototype.get;
    if (typeof get !== 'function' || !(probe.caches?.styledChars instanceof Map) || !(probe.caches.widths instanceof Map)) return false;
    const CachesClass = probe.caches.constructor as new () => Caches;
    let shared = new CachesClass();
    Output.prototype.get = function sharedGet(this: OutputLike) {
      if (shared.styledChars.size + shared.widths.size > MAX_ENTRIES) shared = new CachesClass();
      this.caches = shared;
      return get.call(this);
    };
    installed = true;
    return true;
  } catch {
    return false;
  }
}
