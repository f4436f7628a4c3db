/**
 * The user's phone: the apps' screens (spec.ts) running over the apps' state. It knows which
 * app is open and, per app, the screens the user went through; each act is one screen action,
 * done with the app's own APIs as its logged-in owner. The user's phone never gets the
 * agent's injected failures: those belong to the agent's side.
 */
import type { z } from 'zod';
import { invokeTool, type AppHost, type ToolContext, type ToolDef } from '../../tools/registry.ts';
import type {
  ActionSpec,
  ActionView,
  AppScreens,
  Json,
  Params,
  ScreenSpec,
  ScreenView,
} from './spec.ts';

/** One screen action: in `app` (opened first if another is showing), `action`, with the form's fields in `args`. */
export interface PhoneAct {
  app?: string | undefined;
  action: string;
  args?: Params | undefined;
}

export interface PhoneOutcome {
  ok: boolean;
  /** How the act reads to someone watching: what the user did, or why it did not work. */
  text: string;
  /** The screen afterwards. */
  view: ScreenView;
}

interface Place {
  screen: string;
  params: Params;
  /** A form open over this place's screen: the action it submits and the fields filled so far. */
  form?: { action: string; values: Params };
}

/** The screen id of an open form (the phone's own screen, drawn from the action's fields). */
export const FORM_SCREEN = 'form';

/** Placeholder token: the owner's phone is logged in (ToolContext.ownerSession). */
const PHONE_TOKEN = 'phone';
const BUILT_IN: ActionView[] = [
  { name: 'back', label: 'back', fields: [] },
  { name: 'home', label: 'home screen', fields: [] },
];

export class PhoneDevice {
  private current: string | undefined;
  private readonly stacks = new Map<string, Place[]>();
  private readonly ctx: ToolContext;
  private readonly byApp: ReadonlyMap<string, AppScreens>;

  constructor(
    private readonly tools: ReadonlyMap<string, ToolDef>,
    ctx: ToolContext,
    apps: readonly AppScreens[],
  ) {
    this.ctx = { ...ctx, ownerSession: true };
    // Only apps this session has tools for are on the phone.
    this.byApp = new Map(
      apps.filter((a) => tools.has(`${a.app}__${a.screens[0]!.api}`)).map((a) => [a.app, a]),
    );
  }

  /** The apps on the phone: those of the session that have an account (a seeded app). */
  get apps(): string[] {
    return appsOnPhone([...this.byApp.values()], this.ctx.apps).map((a) => a.app);
  }

  /** The screen showing now (it reads the app's state afresh). */
  async view(): Promise<ScreenView> {
    const app = this.current;
    if (!app) return this.launcher();
    const def = this.byApp.get(app)!;
    const place = this.stack(app).at(-1)!;
    const screen = this.screen(def, place.screen);
    if (place.form) return formView(app, this.formSpec(screen, place), place.form.values);
    const shown = await this.show(app, screen, place.params);
    const lines = shown.ok ? shown.lines : [`(${shown.error.replace(/\s*\n\s*/g, ' ')})`];
    const own = (screen.actions ?? []).map(actionView);
    const open: ActionView[] =
      screen.kind === 'list' && screen.open && shown.ok && shown.count
        ? [
            {
              name: 'open',
              label: 'open an item by its number',
              fields: [{ name: 'item', required: true }],
            },
          ]
        : [];
    return {
      app,
      screen: screen.id,
      title: shown.title,
      lines,
      actions: [...open, ...own, ...BUILT_IN],
    };
  }

  /** Does one screen action; a wrong one changes nothing and says why. */
  async act(act: PhoneAct): Promise<PhoneOutcome> {
    const result = await this.perform(act);
    return { ...result, view: await this.view() };
  }

  private async perform(act: PhoneAct): Promise<{ ok: boolean; text: string }> {
    const args = act.args ?? {};
    if (act.action === 'home') {
      this.current = undefined;
      return { ok: true, text: 'went to the home screen' };
    }
    // `open_app` (or a step in another app) shows that app where the user left it.
    if (act.action === 'open_app' || (act.app && act.app !== this.current)) {
      const app = act.action === 'open_app' ? String(args.app ?? act.app ?? '') : act.app!;
      if (!this.apps.includes(app))
        return {
          ok: false,
          text: `there is no app \`${app}\` on this phone (apps: ${this.apps.join(', ')})`,
        };
      this.current = app;
      if (act.action === 'open_app')
        return { ok: true, text: `opened ${this.byApp.get(app)!.title}` };
    }
    const app = this.current;
    if (!app)
      return {
        ok: false,
        text: `the home screen offers open_app and nothing else (not \`${act.action}\`)`,
      };
    const def = this.byApp.get(app)!;
    const stack = this.stack(app);
    const place = stack.at(-1)!;
    const screen = this.screen(def, place.screen);
    if (act.action === 'back') {
      if (place.form) {
        delete place.form;
        return { ok: true, text: 'closed the form without sending it' };
      }
      if (stack.length > 1) stack.pop();
      else this.current = undefined;
      return { ok: true, text: 'went back' };
    }
    if (place.form) return this.onForm(app, def, stack, place, act);
    if (act.action === 'open' && screen.kind === 'list' && screen.open) {
      const shown = await this.show(app, screen, place.params);
      const item = shown.ok ? pick(shown.items, args.item, (it) => screen.label(it)) : undefined;
      if (item === undefined)
        return {
          ok: false,
          text: `there is no item ${JSON.stringify(args.item ?? '')} on this screen (${shown.ok ? shown.count : 0} shown)`,
        };
      stack.push({
        screen:
          typeof screen.open.screen === 'string' ? screen.open.screen : screen.open.screen(item),
        params: screen.open.params(item),
      });
      return { ok: true, text: `opened “${screen.label(item)}”` };
    }
    const spec = (screen.actions ?? []).find((a) => a.name === act.action);
    if (!spec) {
      const offered = (await this.view()).actions.map((a) => a.name);
      return {
        ok: false,
        text: `this screen (${screen.id}) offers no \`${act.action}\` (it offers: ${offered.join(', ')})`,
      };
    }
    // An action with fields opens its form: each field is filled by a move of its own, then submitted.
    if (spec.api && spec.fields?.length) {
      if (Object.keys(args).length)
        return {
          ok: false,
          text: `${spec.label}: open the form first, then fill each field and submit (\`fill\`, \`submit\`)`,
        };
      place.form = { action: spec.name, values: {} };
      return { ok: true, text: `opened the form: ${spec.label}` };
    }
    return this.run(app, def, stack, place, spec, args);
  }

  /** A move on an open form: fill one field, or submit it (its API runs with what was filled). */
  private async onForm(
    app: string,
    def: AppScreens,
    stack: Place[],
    place: Place,
    act: PhoneAct,
  ): Promise<{ ok: boolean; text: string }> {
    const form = place.form!;
    const spec = this.formSpec(this.screen(def, place.screen), place);
    const fields = formFields(spec);
    const args = act.args ?? {};
    if (act.action === 'fill') {
      const field = String(args.field ?? '');
      if (!fields.some((f) => f.name === field))
        return {
          ok: false,
          text: `${spec.label}: the form has no field \`${field}\` (fields: ${fields.map((f) => f.name).join(', ')})`,
        };
      form.values[field] = args.value ?? '';
      return { ok: true, text: `filled ${field}: “${String(args.value ?? '')}”` };
    }
    if (act.action !== 'submit')
      return {
        ok: false,
        text: `the form offers fill, submit, back and home (not \`${act.action}\`)`,
      };
    const values = form.values;
    delete place.form;
    const done = await this.run(app, def, stack, place, spec, values);
    // A form that did not go through stays open with what was filled.
    if (!done.ok) place.form = { action: spec.name, values };
    return done;
  }

  private formSpec(screen: ScreenSpec, place: Place): ActionSpec {
    return (screen.actions ?? []).find((a) => a.name === place.form!.action)!;
  }

  private async run(
    app: string,
    def: AppScreens,
    stack: Place[],
    place: Place,
    spec: ActionSpec,
    args: Params,
  ): Promise<{ ok: boolean; text: string }> {
    const response =
      spec.params || spec.fixed
        ? await this.response(app, this.screen(def, place.screen), place.params)
        : undefined;
    if (spec.go && !spec.api) {
      stack.push({
        screen: spec.go,
        params: spec.params ? spec.params(place.params, response) : place.params,
      });
      return { ok: true, text: spec.label };
    }
    const tool = this.tools.get(`${app}__${spec.api}`);
    if (!tool) return { ok: false, text: `${spec.label}: not available in this session` };
    const fields = formFields(spec);
    const unknown = Object.keys(args).filter((k) => !fields.some((f) => f.name === k));
    if (unknown.length)
      return {
        ok: false,
        text: `${spec.label}: the form has no ${unknown.map((k) => `\`${k}\``).join(', ')} (fields: ${fields.map((f) => f.name).join(', ') || 'none'})`,
      };
    const missing = fields.filter(
      (f) => f.required && (args[f.name] === undefined || args[f.name] === ''),
    );
    if (missing.length)
      return { ok: false, text: `${spec.label}: fill in ${missing.map((f) => f.name).join(', ')}` };
    const given = Object.fromEntries(
      Object.entries(args)
        .filter(([, v]) => v !== '')
        .map(([k, v]) => [k, coerce(tool, k, v)]),
    );
    const out = await invokeTool(
      tool,
      tool.name,
      {
        access_token: PHONE_TOKEN,
        ...given,
        ...(spec.fixed ? spec.fixed(place.params, response) : {}),
      },
      this.ctx,
    );
    if (!out.ok) return { ok: false, text: `${spec.label}: ${out.error}` };
    const result = (out.result as { response?: Json }).response;
    if (spec.then === 'back' && stack.length > 1) stack.pop();
    else if (typeof spec.then === 'object')
      stack.push({ screen: spec.then.screen, params: spec.then.params(result, given) });
    const said = Object.values(given).filter((v) => typeof v === 'string' || typeof v === 'number');
    return {
      ok: true,
      text: `${spec.label}${said.length ? `: ${said.map((v) => (typeof v === 'string' ? `“${v}”` : String(v))).join(', ')}` : ''}`,
    };
  }

  private launcher(): ScreenView {
    return launcherView(this.apps.map((a) => this.byApp.get(a)!));
  }

  private stack(app: string): Place[] {
    let s = this.stacks.get(app);
    if (!s) this.stacks.set(app, (s = [{ screen: this.byApp.get(app)!.home, params: {} }]));
    return s;
  }

  private screen(def: AppScreens, id: string): ScreenSpec {
    const s = def.screens.find((x) => x.id === id);
    if (!s) throw new Error(`${def.app} has no screen ${id}`);
    return s;
  }

  /** The screen's read-only API called with the screen's params: its response, or why not. */
  private async load(
    app: string,
    screen: ScreenSpec,
    params: Params,
  ): Promise<{ ok: true; response: Json } | { ok: false; error: string }> {
    const tool = this.tools.get(`${app}__${screen.api}`);
    if (!tool) return { ok: false, error: `${screen.api} is not available` };
    const out = await invokeTool(
      tool,
      tool.name,
      { access_token: PHONE_TOKEN, ...(screen.args ? screen.args(params) : {}) },
      this.ctx,
    );
    return out.ok
      ? { ok: true, response: (out.result as { response?: Json }).response }
      : { ok: false, error: out.error };
  }

  private async response(app: string, screen: ScreenSpec, params: Params): Promise<Json> {
    const loaded = await this.load(app, screen, params);
    return loaded.ok ? loaded.response : undefined;
  }

  private async show(
    app: string,
    screen: ScreenSpec,
    params: Params,
  ): Promise<
    | { ok: true; title: string; lines: string[]; items: Json[]; count: number }
    | { ok: false; title: string; error: string }
  > {
    const title = screenTitle(screen, params);
    const loaded = await this.load(app, screen, params);
    if (!loaded.ok) return { ok: false, title, error: loaded.error };
    const response = loaded.response;
    if (screen.kind === 'item')
      return {
        ok: true,
        title: screen.title(response, params),
        lines: screen.lines(response),
        items: [],
        count: 0,
      };
    const items = screen.items(response) ?? [];
    const lines = items.length
      ? items.map((it, i) => `${i + 1}. ${screen.label(it)}`)
      : [screen.empty ?? '(nothing here)'];
    return { ok: true, title, lines, items, count: items.length };
  }
}

/** Item N (1-based), or the first whose line holds the given text (a scenario's activity names items by what they show). */
function pick(items: Json[], which: unknown, label: (item: Json) => string): Json | undefined {
  let n = typeof which === 'number' ? which : NaN;
  if (/^\d+$/.test(String(which ?? ''))) n = Number(which);
  if (Number.isInteger(n)) return items[n - 1];
  const text = String(which ?? '').toLowerCase();
  return text ? items.find((it) => label(it).toLowerCase().includes(text)) : undefined;
}

/** yes/true and no/false as a boolean (undefined for other text). */
function yesNo(text: string): boolean | undefined {
  if (/^(yes|true)$/i.test(text)) return true;
  return /^(no|false)$/i.test(text) ? false : undefined;
}

/** A screen's title: fixed, or from its parameters for a list (an item screen without one: its id). */
function screenTitle(screen: ScreenSpec, params: Params): string {
  if (typeof screen.title === 'string') return screen.title;
  return screen.kind === 'list' ? screen.title(params) : screen.id;
}

/** A form's fields: `name?` is optional. */
function formFields(spec: ActionSpec): { name: string; required: boolean }[] {
  return (spec.fields ?? []).map((f) =>
    f.endsWith('?') ? { name: f.slice(0, -1), required: false } : { name: f, required: true },
  );
}

function actionView(spec: ActionSpec): ActionView {
  return { name: spec.name, label: spec.label, fields: formFields(spec) };
}

/** Typed-in text as the API's parameter wants it: a number, a yes/no, a comma-separated list. */
function coerce(tool: ToolDef, field: string, value: unknown): unknown {
  const schema = (tool.parameters as z.ZodObject).shape?.[field] as z.ZodType | undefined;
  if (!schema || typeof value !== 'string' || schema.safeParse(value).success) return value;
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const candidates: unknown[] = [Number(value), yesNo(value), list, list.map(Number)];
  for (const c of candidates) if (c !== undefined && schema.safeParse(c).success) return c;
  return value;
}

/** An open form: each field with what is filled in, and its moves. */
function formView(app: string, spec: ActionSpec, values: Params): ScreenView {
  const lines = formFields(spec).map((f) => {
    const v = values[f.name];
    const shown = v === undefined || v === '' ? '(empty)' : `“${String(v)}”`;
    return `${f.name}${f.required ? '' : ' (optional)'}: ${shown}`;
  });
  return {
    app,
    screen: FORM_SCREEN,
    title: spec.label,
    lines,
    actions: [
      {
        name: 'fill',
        label: 'fill a field',
        fields: [
          { name: 'field', required: true },
          { name: 'value', required: true },
        ],
      },
      { name: 'submit', label: 'send the form', fields: [] },
      { name: 'back', label: 'close the form', fields: [] },
      { name: 'home', label: 'home screen', fields: [] },
    ],
  };
}

/** Of `apps`, those with an account in `host`: an app nobody seeded is not on the user's phone. */
export function appsOnPhone(apps: readonly AppScreens[], host: AppHost): AppScreens[] {
  return apps.filter((a) => (host.state(a.app) as { account?: unknown } | undefined)?.account);
}

/** The phone's own home screen: the apps on it, numbered. */
export function launcherView(apps: readonly AppScreens[]): ScreenView {
  return {
    app: '',
    screen: 'home',
    title: 'Home',
    lines: apps.map((a, i) => `${i + 1}. ${a.title} (${a.app})`),
    actions: [
      { name: 'open_app', label: 'open an app', fields: [{ name: 'app', required: true }] },
    ],
  };
}
