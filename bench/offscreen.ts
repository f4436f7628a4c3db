/** A terminal's input as Ink expects it (raw mode and all), that never types: for off-screen benchmarks. */
import { EventEmitter } from 'node:events';

export class SilentKeyboard extends EventEmitter {
  isTTY = true;
  setRawMode() {}
  setEncoding() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => null;
}
