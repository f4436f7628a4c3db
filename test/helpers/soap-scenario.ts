/** A small proposal scenario for tests: Pat's shopping list, a text from Kim about soap, and a reference `main` given as its steps. */
export function soap(
  steps: string,
  o: { activity?: string; noise?: string; extra?: string } = {},
): string {
  return `id: p/soap
persona: p
title: Soap
proposals: required
clock: { start: "2026-05-09T18:00:00+08:00", turn: 1m }
trigger: { kind: event, text: Pat is on the bus. }
tools: [todoist, phone]
apps:
  todoist:
    account: { email: pat@example.com, password: pw }
    projects: [{ name: Shopping, tasks: [{ title: Eggs }] }]
  phone:
    account: { phone_number: "100", password: pw, first_name: Pat, last_name: Lee }
    contacts: [{ first_name: Kim, last_name: Ho, phone_number: "200" }]
environment:
  name: feed
  updates:
    - id: U1
      at: +1m
      apps: { phone: { messages: [{ from: "200", message: "out of hand soap, can you get some? also the landlord called about the boiler", sent_at: "2026-05-09T18:01:00" }] } }
      text: "Text from Kim: out of hand soap, can you get some? also the landlord called about the boiler"
${o.noise ?? ''}
activity:
${
  o.activity ??
  `  - { app: todoist, action: open, args: { item: Shopping }, note: opened the Shopping list }
  - { app: phone, action: open, args: { item: Kim } }
  - { wait: true }`
}
intents:
  - id: G1
    text: Hand soap is on the list.
    accept: "(?i)soap"
    done: { app_state: { app: todoist, path: tasks.*.title, pattern: "(?i)soap" } }
${o.extra ?? ''}
references:
  main:
${steps}
`;
}

/** The same with a proactive reference (wait, propose, execute) and the phone moves of a real user. */
export const PHONE_SCENARIO = soap(`    - say: ""
      actions: [{ tool: wait }]
    - say: ""
      actions: [{ tool: propose, args: { summary: Add hand soap to Shopping? } }]
    - say: Added.
      actions:
        - { tool: todoist__login, args: { username: pat@example.com, password: pw } }
        - { tool: todoist__create_task, args: { access_token: todoist-access-token-1, title: Hand soap, project_id: 2 } }
    - say: ""`).replace('  main:', '  proactive:');
