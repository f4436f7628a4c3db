/**
 * How an app is put together: `<app>__<api>` tools over the app's state in the group's
 * AppStateHost, AppWorld-style `{ response }` results and AppWorld-like failures.
 *
 * Every call works on a copy of the state and stores it only if the call succeeded and
 * changed something, so a failing call leaves no half-made change and a read leaves no
 * trace in the per-turn app diff.
 */
import { z } from 'zod';
import { ToolError } from '../../contracts/errors.ts';
import type { ArgumentIssue, ToolContext, ToolDef } from '../../tools/registry.ts';
import { paging } from './args.ts';
import { paginate, searchBy } from './query.ts';
import {
  fullName,
  nameFromEmail,
  type Account,
  type BaseState,
  type EntityMap,
  type Person,
} from './state.ts';

/** An AppWorld-style failure: `Response status code is 404:\n{"message": "..."}`. */
export function fail(status: 401 | 404 | 409 | 422, message: string): never {
  throw new ToolError(failure(status, message));
}

function failure(status: 401 | 404 | 409 | 422, message: string): string {
  return `Response status code is ${status}:\n${JSON.stringify({ message })}`;
}

/**
 * Refused arguments as AppWorld answers them: a missing access token is the 401 of its login
 * check (which runs before the arguments are checked); anything else is a 422 "Validation error"
 * naming each argument once, by its top-level name.
 */
function invalidArguments(app: string, auth: Auth, issues: readonly ArgumentIssue[]): string {
  if (auth === 'required' && issues.some((i) => i.path[0] === 'access_token'))
    return failure(401, unauthorized(app));
  const reasons = [
    ...new Set(issues.map((i) => `${String(i.path[0] ?? 'arguments')}: ${i.message}`)),
  ];
  return failure(422, ['Validation error. Reason: ', ...reasons].join('\n'));
}

const unauthorized = (app: string) =>
  `You are either not authorized to access this ${app} API endpoint or your access token is missing, invalid or expired. Get one from ${app}__login.`;

export function notFound(what: string, idKey: string, id: unknown): never {
  return fail(404, `${what} with ${idKey} ${JSON.stringify(id)} does not exist.`);
}

/** What an API implementation sees. */
export class AppCall<S extends BaseState> {
  constructor(
    readonly state: S,
    private readonly user: Account | null,
  ) {}

  get now(): string {
    return this.state.now;
  }

  /** The logged-in account (APIs that take an access_token). */
  get owner(): Account {
    if (!this.user) throw new Error('owner is only available to APIs that require an access token');
    return this.user;
  }

  /** The logged-in account when the caller passed a token, else null (APIs whose token is optional). */
  get viewer(): Account | null {
    return this.user;
  }

  /** The logged-in account's address (its username where it has no email). */
  get ownerEmail(): string {
    return this.owner.email ?? this.owner.username;
  }

  nextId(collection: string): number {
    const id = this.state.next_id[collection] ?? 1;
    this.state.next_id[collection] = id + 1;
    return id;
  }
}

export type Auth = 'required' | 'optional' | 'none';

export interface ApiOptions {
  /**
   * `none`: a public API (AppWorld's product search, song pages...), no access_token.
   * `optional`: AppWorld's public-or-private APIs (spotify's playlist search): without a token the
   * caller sees what is public, with a valid one also their own; a bad token is still a 401.
   */
  auth?: Auth;
}

export interface AppSpec<S extends BaseState> {
  name: string;
  title: string;
  /** The state of an app nobody seeded. */
  empty(): S;
  /** Which profile field is the login name. */
  loginKey?: 'email' | 'phone_number';
  /** Fields this app's AppWorld `show_account` adds to the common ones (gmail's `status`, amazon's `is_prime`...). */
  accountFields?: Readonly<Record<string, unknown>>;
  /** Fields this app's AppWorld `show_profile` adds (gmail's `status`). */
  profileFields?: Readonly<Record<string, unknown>>;
}

/** Builds the tools of one app. */
export class AppKit<S extends BaseState> {
  constructor(readonly spec: AppSpec<S>) {}

  api<Shape extends z.ZodRawShape>(
    api: string,
    description: string,
    shape: Shape,
    run: (
      args: z.output<z.ZodObject<Shape>> & { access_token?: string },
      call: AppCall<S>,
    ) => unknown,
    options: ApiOptions = {},
  ): ToolDef {
    const { name, title, empty } = this.spec;
    const auth = options.auth ?? 'required';
    const token = z.string().describe(`Access token obtained from ${name}__login.`);
    const parameters = z.object(
      auth === 'none'
        ? shape
        : { ...shape, access_token: auth === 'required' ? token : token.optional() },
    );
    return {
      name: `${name}__${api}`,
      group: name,
      description: `${title}: ${description}`,
      parameters,
      invalidArguments: (issues) => invalidArguments(name, auth, issues),
      run(args: Record<string, unknown>, ctx: ToolContext) {
        const stored = ctx.apps.state(name) as S | undefined;
        const baseline = stored ?? empty();
        const working = structuredClone(baseline);
        const wantsUser =
          auth === 'required' ||
          (auth === 'optional' && (ctx.ownerSession || args.access_token !== undefined));
        let user: Account | null = null;
        if (wantsUser && ctx.ownerSession) user = owner(working, title);
        else if (wantsUser)
          user = authenticate(working, name, args.access_token, auth === 'optional');
        const response = run(
          args as z.output<z.ZodObject<Shape>> & { access_token?: string },
          new AppCall(working, user),
        );
        if (JSON.stringify(working) !== JSON.stringify(baseline)) ctx.apps.setState(name, working);
        return { response };
      },
    };
  }

  /**
   * AppWorld's public `search_users`: every user of the app, yourself included (first here), in
   * its short form. In the sandbox the users are the account and the seeded `users`.
   */
  searchUsersApi(description: string): ToolDef {
    return this.api(
      'search_users',
      `${description} No login needed.`,
      { query: z.string().describe('Search query string.').optional(), ...paging },
      (a, call) => {
        const { account } = call.state;
        const own = account?.email
          ? [
              {
                first_name: account.first_name,
                last_name: account.last_name,
                email: account.email,
                registered_at: account.registered_at,
              },
            ]
          : [];
        const others = Object.values(directory(call.state)).map((u) => ({
          ...u,
          registered_at: call.now,
        }));
        return paginate(
          searchBy([...own, ...others], a.query, (u) => `${fullName(u)} ${u.email}`),
          a,
        ).map((u) => ({
          first_name: u.first_name,
          last_name: u.last_name,
          email: u.email,
          registered_at: u.registered_at,
          ...this.spec.profileFields,
        }));
      },
      { auth: 'none' },
    );
  }

  /** login, logout, show_account and show_profile, the same in every app. */
  accountApis(): ToolDef[] {
    const { name, title } = this.spec;
    const phone = this.spec.loginKey === 'phone_number';
    return [
      this.api(
        'login',
        `Log in to your ${title} account and get an access token for the other ${name} APIs.`,
        {
          username: z
            .string()
            .describe(phone ? 'Your account phone number.' : 'Your account email.'),
          password: z.string().describe('Your account password.'),
        },
        ({ username, password }, call) => {
          const s = call.state;
          if (!s.credentials.length || !s.account)
            fail(401, `Invalid credentials: no ${title} account is set up in this sandbox.`);
          const ok = s.credentials.some(
            (c) => sameLogin(c.username, username) && c.password === password,
          );
          if (!ok) fail(401, `Invalid credentials: the ${title} username or password is wrong.`);
          const token = `${name}-access-token-${call.nextId('access_token')}`;
          s.access_tokens.push(token);
          s.account.last_logged_in = call.now;
          return { access_token: token, token_type: 'Bearer' };
        },
        { auth: 'none' },
      ),
      this.api(
        'logout',
        `Log out of your ${title} account; the access token stops working.`,
        {},
        (args, call) => {
          call.state.access_tokens = call.state.access_tokens.filter(
            (t) => t !== args.access_token,
          );
          return { message: 'Successfully logged out.' };
        },
      ),
      this.api(
        'show_account',
        'Show your account information. Unlike show_profile, this includes private information.',
        {},
        (_args, call) => {
          const a = call.owner;
          return {
            first_name: a.first_name,
            last_name: a.last_name,
            ...(phone ? { phone_number: a.phone_number } : { email: a.email }),
            registered_at: a.registered_at,
            last_logged_in: a.last_logged_in,
            ...this.spec.accountFields,
          };
        },
      ),
      this.api(
        'show_profile',
        'Show public profile information of a user (yourself when no one is given).',
        phone
          ? {
              phone_number: z
                .string()
                .optional()
                .describe('Phone number of the person you want to see the profile of.'),
            }
          : {
              email: z
                .string()
                .optional()
                .describe('Email of the person you want to see the profile of.'),
            },
        (args, call) => {
          const s = call.state;
          const key =
            (phone
              ? (args as { phone_number?: string }).phone_number
              : (args as { email?: string }).email) ?? s.account?.username;
          const a = s.account;
          if (
            a &&
            key !== undefined &&
            (sameLogin(a.username, key) ||
              (a.email !== null && sameLogin(a.email, key)) ||
              a.phone_number === key)
          )
            return {
              first_name: a.first_name,
              last_name: a.last_name,
              ...(phone ? { phone_number: a.phone_number } : { email: a.email }),
              registered_at: a.registered_at,
              ...this.spec.profileFields,
            };
          const other = Object.values(directory(s)).find(
            (p) => key !== undefined && sameLogin(p.email, key),
          );
          if (!other)
            fail(
              404,
              `User with ${phone ? 'phone_number' : 'email'} ${JSON.stringify(key ?? '')} does not exist.`,
            );
          return {
            first_name: other.first_name,
            last_name: other.last_name,
            email: other.email,
            registered_at: s.now,
            ...this.spec.profileFields,
          };
        },
        { auth: 'none' },
      ),
    ];
  }
}

/** The account the user's own phone is logged in as. */
function owner(state: BaseState, title: string): Account {
  if (!state.account) fail(401, `No ${title} account is set up on this phone.`);
  return state.account;
}

/** `optional`: the API also has a public version, which AppWorld's 401 points to. */
function authenticate(state: BaseState, app: string, token: unknown, optional: boolean): Account {
  if (typeof token === 'string' && state.access_tokens.includes(token) && state.account)
    return state.account;
  if (optional)
    fail(
      401,
      `You are either not authorized to access the private version of this ${app} API endpoint or your access token is invalid or expired. To access the public version of this API, do not pass an access token at all.`,
    );
  fail(401, unauthorized(app));
}

function sameLogin(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** People the owner can address, for apps that keep a `users` directory. */
export function directory(state: BaseState): EntityMap<Person> {
  return ((state as unknown as { users?: EntityMap<Person> }).users ?? {}) as EntityMap<Person>;
}

/** `{ name, email }` for an address: the owner, a directory entry, or a name made from it. */
export function personRef(state: BaseState, address: string): { name: string; email: string } {
  const a = state.account;
  if (a?.email && sameLogin(a.email, address)) return { name: fullName(a), email: a.email };
  const known = Object.values(directory(state)).find((p) => sameLogin(p.email, address));
  if (known) return { name: fullName(known), email: known.email };
  const [first, last] = nameFromEmail(address);
  return { name: `${first} ${last}`.trim(), email: address };
}

/** The owner as `{ name, email }`. */
export function ownerRef(owner: Account): { name: string; email: string } {
  return { name: fullName(owner), email: owner.email ?? owner.username };
}

export function isOwner(owner: Account, address: string): boolean {
  return sameLogin(owner.email ?? owner.username, address);
}

/** Copies the given (not undefined) fields onto an entity: the "only the fields given change" of update APIs. */
export function applyChanges<T extends object>(target: T, changes: Partial<T>): void {
  for (const [key, value] of Object.entries(changes))
    if (value !== undefined) (target as Record<string, unknown>)[key] = value;
}

/** Looks an entity up by id or fails with AppWorld's 404. */
export function getEntity<T>(map: EntityMap<T>, id: number, what: string, idKey: string): T {
  const found = map[String(id)];
  if (found === undefined) notFound(what, idKey, id);
  return found;
}

/** Deletes an entity by id (404 if there is none) and returns it. */
export function removeEntity<T>(map: EntityMap<T>, id: number, what: string, idKey: string): T {
  const found = getEntity(map, id, what, idKey);
  delete map[String(id)];
  return found;
}
