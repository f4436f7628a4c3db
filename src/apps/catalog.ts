/** Every simulated app, by name. */
import type { AppDefinition } from './kit/define.ts';
import { gmail } from './gmail/index.ts';
import { simpleNote } from './simple-note/index.ts';

export const APPS: readonly AppDefinition[] = [gmail, simpleNote];

export const APP_BY_NAME: ReadonlyMap<string, AppDefinition> = new Map(APPS.map((a) => [a.name, a]));
