/** Every simulated app, by name. */
import { amazon } from './amazon/index.ts';
import { calendar } from './calendar/index.ts';
import { fileSystem } from './file-system/index.ts';
import { gmail } from './gmail/index.ts';
import type { AppDefinition } from './kit/define.ts';
import { phone } from './phone/index.ts';
import { simpleNote } from './simple-note/index.ts';
import { splitwise } from './splitwise/index.ts';
import { spotify } from './spotify/index.ts';
import { todoist } from './todoist/index.ts';

export const APPS: readonly AppDefinition[] = [
  gmail,
  simpleNote,
  todoist,
  phone,
  amazon,
  splitwise,
  spotify,
  fileSystem,
  calendar,
];

export const APP_BY_NAME: ReadonlyMap<string, AppDefinition> = new Map(
  APPS.map((a) => [a.name, a]),
);
