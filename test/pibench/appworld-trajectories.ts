/**
 * For each of π-Bench's tool-based rule scripts (the 25 of its 28 that read tool calls), the tool
 * calls a competent agent makes, turn by turn, with the app seeds that stand in for AppWorld's
 * database (ids the scripts name, such as product 3 or song 54), the task's `objectives.tools`
 * filter, and the keys that even π-Bench cannot award, with why. docs/pibench.md ("What the
 * rule scripts can award") is written from this table. Ids in the calls are the ones the apps
 * hand out (the first project a user creates is 2: the Inbox is 1); the tests check each call
 * succeeds, so a changed id fails loudly.
 */
import { MCP_PREFIX } from '../../src/apps/index.ts';

export interface Call {
  tool: string;
  args: Record<string, unknown>;
}

export interface Trajectory {
  /** `<user>/<task_id>`. */
  task: string;
  /** The rule script, relative to the π-Bench checkout. */
  script: string;
  /** The task's `objectives.tools` names, exactly as written (bare names filter out the prefixed calls). */
  listed: string[];
  apps: Record<string, unknown>;
  files?: Record<string, string>;
  turns: Call[][];
  /** Keys π-Bench's own feeding (task filter, last call per tool per turn) cannot award here, with why. */
  notAwarded: Record<string, string>;
  /** Why π-Bench never runs this script at all (its keys are then no π-Bench keys). */
  notRun?: string;
}

export const p = (tool: string, args: Record<string, unknown> = {}): Call => ({
  tool: `${MCP_PREFIX}${tool}`,
  args,
});
export const mcp = (names: string[]) => names.map((n) => `${MCP_PREFIX}${n}`);

export const LARA = 'la-mcco@gmail.com';
export const SAM = 'stmcco@gmail.com';
export const acct = (email: string, password: string) => ({ account: { email, password } });
export const phoneAcct = (phone_number: string, password: string) => ({
  account: { phone_number, password },
});
export const tok = (app: string) => ({ access_token: `${app}-access-token-1` });

export const LAST_CALL =
  'needs several calls of one tool in one turn; π-Bench keeps only the last call of each tool per turn';
export const BARE_FILTER =
  'the task lists bare tool names (no mcp_appworld_ prefix) in objectives.tools, so π-Bench filters out every call before the script sees it';

const CAMPING_TITLE = 'Weekend Camping Departure Memo - Qingyuan Reservoir';
const CAMPING_FINAL = [
  CAMPING_TITLE,
  'Meet-up and Travel: Saturday 07:20 at the North Parking Lot; the one-way drive is about 90 minutes.',
  'Must-Bring Items: headlamp, light rain jacket, 2L of drinking water, ID card, power bank.',
  'Weather and Risk Notes: it gets windy and cooler by the lake after dark, temperature drops after 18:00, light rain possible.',
  'Food goes into the cooler first, before anything else.',
  'Pre-Departure Confirmations: carpool seats, ice for the cooler, stove fuel. Confirm by Friday 21:00.',
].join('\n');

const DEMO_BODY = [
  'Hi Lara, ahead of the Nanshan client product demo, three checks for the Wednesday setup:',
  '1. Is the projector and HDMI adapter test complete?',
  '2. Is the guest badge list final? If the badges are not final, send the current draft and the expected final confirmation time.',
  '3. Are the 18 copies of the agenda printed?',
  'Please reply by 2026-04-29 16:00. If anything on venue, equipment or printing is at risk, tell me immediately.',
].join('\n');

const CHESTNUT_SMS =
  "Hi! Chestnut's boarding handover is tomorrow: meet at the west gate of Riverside Vet Clinic at 07:40.\nPlease bring the cat carrier, the vaccination booklet and one dinner meal pouch.\nPlease reply by 21:30 tonight. If the pickup timing changes or the vaccination booklet cannot be found, tell me immediately; if in doubt, send a photo first.";

/** pharmacist and Financier; law_trainee, marketer and researcher are in trajectories-others.ts. */
export const PHARMACIST_FINANCIER: Trajectory[] = [
  {
    task: 'pharmacist/pharmacist_task_001',
    script: 'data/pharmacist/scripts/pharmacist_task_001_gmail.py',
    listed: mcp([
      'gmail__login',
      'gmail__send_email',
      'gmail__show_outbox_threads',
      'gmail__show_thread',
    ]),
    apps: { gmail: acct(LARA, 'qRFsgRQ') },
    turns: [
      [
        p('gmail__login', { username: LARA, password: 'qRFsgRQ' }),
        p('gmail__send_email', {
          ...tok('gmail'),
          email_addresses: [SAM],
          subject: 'Instrument booking follow-up',
          body: 'Could you share the available instrument time next week? Tuesday or Thursday afternoon works; I need one LC-MS 4-hour slot plus 30 minutes of sample prep.',
        }),
        p('gmail__show_outbox_threads', tok('gmail')),
        p('gmail__show_thread', { ...tok('gmail'), email_thread_id: 1 }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'pharmacist/pharmacist_task_003',
    script: 'data/pharmacist/scripts/pharmacist_task_003_amazon.py',
    listed: mcp([
      'amazon__login',
      'amazon__search_products',
      'amazon__add_product_to_wish_list',
      'amazon__show_wish_list',
    ]),
    apps: {
      amazon: {
        ...acct(LARA, 'v[=NdO3'),
        products: [
          {
            id: 1,
            name: 'Insulated Stainless Water Bottle 750 ml',
            price: 24,
            product_type: 'water bottle',
            rating: 4.6,
          },
        ],
      },
    },
    turns: [
      [
        p('amazon__login', { username: LARA, password: 'v[=NdO3' }),
        p('amazon__search_products', { query: 'water bottle' }),
        p('amazon__add_product_to_wish_list', { ...tok('amazon'), product_id: 1 }),
        p('amazon__show_wish_list', tok('amazon')),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'pharmacist/pharmacist_task_009',
    script: 'data/pharmacist/scripts/pharmacist_task_009_todoist.py',
    listed: mcp([
      'todoist__login',
      'todoist__create_project',
      'todoist__create_section',
      'todoist__create_task',
      'todoist__create_sub_task',
      'todoist__show_sections',
      'todoist__show_sub_tasks',
    ]),
    apps: { todoist: acct(LARA, 'Eu(M@!7') },
    turns: [
      [
        p('todoist__login', { username: LARA, password: 'Eu(M@!7' }),
        p('todoist__create_project', { ...tok('todoist'), name: 'Pharmacy Admin Follow-up' }),
        p('todoist__create_section', { ...tok('todoist'), project_id: 2, name: 'Follow-up' }),
        p('todoist__create_task', {
          ...tok('todoist'),
          project_id: 2,
          section_id: 1,
          title: 'Chase the supplier invoice',
        }),
        p('todoist__create_sub_task', {
          ...tok('todoist'),
          task_id: 1,
          title: 'Email the supplier',
        }),
        p('todoist__show_sections', { ...tok('todoist'), project_id: 2 }),
        p('todoist__show_sub_tasks', { ...tok('todoist'), task_id: 1 }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'pharmacist/pharmacist_task_017',
    script: 'data/pharmacist/scripts/pharmacist_task_017_splitwise.py',
    listed: mcp([
      'splitwise__login',
      'splitwise__create_group',
      'splitwise__show_groups',
      'splitwise__record_expense',
      'splitwise__show_group_expenses',
      'splitwise__update_expense',
      'splitwise__delete_expense',
    ]),
    apps: { splitwise: acct(LARA, 'T8H2[32') },
    turns: [
      [
        p('splitwise__login', { username: LARA, password: 'T8H2[32' }),
        p('splitwise__create_group', {
          ...tok('splitwise'),
          name: 'Lab Dinner Reconciliation',
          member_emails: [SAM, 'deniseburch@gmail.com'],
        }),
        // "Create or confirm the group first": the agent confirms the new group is listed with both classmates.
        p('splitwise__show_groups', tok('splitwise')),
        p('splitwise__record_expense', {
          ...tok('splitwise'),
          description: 'small dinner with classmates',
          paid_amount: 69.1,
          payer_email: LARA,
          debtor_emails: [LARA, SAM, 'deniseburch@gmail.com'],
          group_id: 1,
        }),
        p('splitwise__show_group_expenses', { ...tok('splitwise'), group_id: 1 }),
        p('splitwise__update_expense', { ...tok('splitwise'), expense_id: 1, paid_amount: 78.1 }),
        p('splitwise__delete_expense', { ...tok('splitwise'), expense_id: 1 }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'pharmacist/pharmacist_task_020',
    script: 'data/pharmacist/scripts/pharmacist_task_020_file_system.py',
    listed: mcp([
      'file_system__login',
      'file_system__create_directory',
      'file_system__create_file',
      'file_system__copy_file',
      'file_system__move_file',
      'file_system__copy_directory',
      'file_system__move_directory',
    ]),
    apps: { file_system: acct(LARA, 'LlU7G2h') },
    turns: [
      [
        p('file_system__login', { username: LARA, password: 'LlU7G2h' }),
        // The source directory is created last: π-Bench keeps only the last create_directory of a turn.
        p('file_system__create_directory', {
          ...tok('file_system'),
          directory_path: '~/pharmacy_materials/organized',
          recursive: true,
        }),
        p('file_system__create_directory', {
          ...tok('file_system'),
          directory_path: '~/pharmacy_materials/archive',
        }),
        p('file_system__create_directory', {
          ...tok('file_system'),
          directory_path: '~/pharmacy_materials/source',
        }),
        p('file_system__create_file', {
          ...tok('file_system'),
          file_path: '~/pharmacy_materials/source/reading_notes.txt',
          content: 'Reading notes.',
        }),
        p('file_system__copy_file', {
          ...tok('file_system'),
          source_file_path: '~/pharmacy_materials/source/reading_notes.txt',
          destination_file_path: '~/pharmacy_materials/organized/reading_notes_copy.txt',
        }),
        p('file_system__move_file', {
          ...tok('file_system'),
          source_file_path: '~/pharmacy_materials/source/reading_notes.txt',
          destination_file_path: '~/pharmacy_materials/organized/reading_notes_moved.txt',
        }),
        p('file_system__copy_directory', {
          ...tok('file_system'),
          source_directory_path: '~/pharmacy_materials/source',
          destination_directory_path: '~/pharmacy_materials/source_backup',
        }),
        p('file_system__move_directory', {
          ...tok('file_system'),
          source_directory_path: '~/pharmacy_materials/source',
          destination_directory_path: '~/pharmacy_materials/archive/source_moved',
        }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'Financier/Financier_task_002',
    script: 'data/Financier/scripts/Financier_task_002_simple_note.py',
    listed: mcp([
      'simple_note__search_notes',
      'simple_note__delete_note',
      'simple_note__create_note',
      'simple_note__add_content_to_note',
      'simple_note__update_note',
      'simple_note__show_note',
    ]),
    apps: {
      simple_note: {
        ...acct(SAM, 'i#vhWEQ'),
        notes: [
          { id: 1, title: CAMPING_TITLE, content: 'old draft' },
          { id: 2, title: 'Camping gear list', content: 'tent' },
        ],
      },
    },
    turns: [
      [
        p('simple_note__login', { username: SAM, password: 'i#vhWEQ' }),
        p('simple_note__search_notes', { ...tok('simple_note'), query: CAMPING_TITLE }),
        p('simple_note__delete_note', { ...tok('simple_note'), note_id: 1 }),
        p('simple_note__create_note', {
          ...tok('simple_note'),
          title: CAMPING_TITLE,
          content: 'Rough notes.',
        }),
        p('simple_note__add_content_to_note', {
          ...tok('simple_note'),
          note_id: 3,
          append_or_prepend: 'append',
          added_content: 'More rough notes.',
        }),
        p('simple_note__update_note', {
          ...tok('simple_note'),
          note_id: 3,
          content: CAMPING_FINAL,
        }),
        p('simple_note__show_note', { ...tok('simple_note'), note_id: 3 }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'Financier/Financier_task_005',
    script: 'data/Financier/scripts/Financier_task_005_gmail.py',
    listed: mcp([
      'gmail__create_draft',
      'gmail__update_draft',
      'gmail__send_email_from_draft',
      'gmail__show_outbox_threads',
      'gmail__show_thread',
    ]),
    apps: {
      gmail: {
        ...acct(SAM, 'n3v=I[w'),
        users: [{ email: LARA, first_name: 'Lara', last_name: 'McCo' }],
      },
    },
    turns: [
      [
        p('gmail__login', { username: SAM, password: 'n3v=I[w' }),
        p('gmail__create_draft', {
          ...tok('gmail'),
          recipient_email_addresses: [LARA],
          subject: 'Pre-event check',
          body: 'Draft.',
        }),
        p('gmail__update_draft', {
          ...tok('gmail'),
          draft_id: 1,
          email_addresses: [LARA],
          subject: 'Pre-Event Confirmation | Nanshan Client Product Demo | Wednesday Setup',
          body: DEMO_BODY,
        }),
        p('gmail__send_email_from_draft', { ...tok('gmail'), draft_id: 1 }),
        p('gmail__show_outbox_threads', tok('gmail')),
        p('gmail__show_thread', { ...tok('gmail'), email_thread_id: 1 }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'Financier/Financier_task_008',
    script: 'data/Financier/scripts/Financier_task_008_todoist.py',
    listed: mcp([
      'todoist__create_project',
      'todoist__create_section',
      'todoist__create_task',
      'todoist__assign_or_unassign_task',
      'todoist__update_task',
      'todoist__create_label',
      'todoist__add_label_to_task',
      'todoist__post_task_comment',
      'todoist__show_task_comments',
      'todoist__remove_label_from_task',
      'todoist__delete_task_comment',
      'todoist__delete_task',
      'todoist__delete_label',
      'todoist__delete_section',
      'todoist__delete_project',
    ]),
    apps: { todoist: acct(SAM, 'Ozz21Q4') },
    turns: [
      [
        p('todoist__login', { username: SAM, password: 'Ozz21Q4' }),
        p('todoist__create_project', {
          ...tok('todoist'),
          name: 'Temporary Launch Rehearsal Board - Beacon',
        }),
        p('todoist__create_section', {
          ...tok('todoist'),
          project_id: 2,
          name: 'Tonight Rehearsal',
        }),
        // The slides task is created last: the script only knows the last create_task of a turn.
        p('todoist__create_task', {
          ...tok('todoist'),
          project_id: 2,
          section_id: 1,
          title: 'Check demo device charging and screen recording',
          description: 'Check charging and that screen recording works.',
        }),
        p('todoist__create_task', {
          ...tok('todoist'),
          project_id: 2,
          section_id: 1,
          title: 'Confirm guest badge pickup and sign-in sheet',
          description: 'Guest badge pickup and the sign-in sheet.',
        }),
        p('todoist__create_task', {
          ...tok('todoist'),
          project_id: 2,
          section_id: 1,
          title: 'Walk through Beacon share slides',
          description: 'Walk through the share slides.',
        }),
        p('todoist__assign_or_unassign_task', {
          ...tok('todoist'),
          task_id: 3,
          assignee_email: SAM,
        }),
        p('todoist__update_task', {
          ...tok('todoist'),
          task_id: 3,
          description:
            'Walk through the share slides. Checkpoint 2026-04-29 17:45; escalate at 2026-04-29 18:30.',
        }),
        p('todoist__create_label', { ...tok('todoist'), name: 'launch-blocker' }),
        p('todoist__add_label_to_task', { ...tok('todoist'), task_id: 3, label_id: 1 }),
        p('todoist__post_task_comment', {
          ...tok('todoist'),
          task_id: 3,
          content: 'If not done by 2026-04-29 18:30, tell the organizer.',
        }),
        p('todoist__show_task_comments', { ...tok('todoist'), task_id: 3 }),
        p('todoist__remove_label_from_task', { ...tok('todoist'), task_id: 3, label_id: 1 }),
        p('todoist__delete_task_comment', { ...tok('todoist'), task_comment_id: 1 }),
        p('todoist__delete_task', { ...tok('todoist'), task_id: 1 }),
        p('todoist__delete_task', { ...tok('todoist'), task_id: 2 }),
        p('todoist__delete_task', { ...tok('todoist'), task_id: 3 }),
        p('todoist__delete_label', { ...tok('todoist'), label_id: 1 }),
        p('todoist__delete_section', { ...tok('todoist'), section_id: 1 }),
        p('todoist__delete_project', { ...tok('todoist'), project_id: 2 }),
      ],
    ],
    notAwarded: { three_tasks_created: `${LAST_CALL} (three create_task calls)` },
  },
  {
    task: 'Financier/Financier_task_011',
    script: 'data/Financier/scripts/Financier_task_011_phone.py',
    listed: mcp([
      'phone__search_contacts',
      'phone__search_text_messages',
      'phone__show_text_message_window',
      'phone__send_text_message',
    ]),
    apps: {
      phone: {
        ...phoneAcct('5707454150', 'A!HFDCn'),
        contacts: [{ first_name: 'Mei', last_name: 'Chen', phone_number: '2873148336' }],
        messages: [{ from: '2873148336', message: 'Can you drop Chestnut off tomorrow?' }],
      },
    },
    turns: [
      [
        p('phone__login', { username: '5707454150', password: 'A!HFDCn' }),
        p('phone__search_contacts', { ...tok('phone'), query: '2873148336' }),
        p('phone__search_text_messages', { ...tok('phone'), phone_number: '2873148336' }),
        p('phone__show_text_message_window', { ...tok('phone'), phone_number: '2873148336' }),
        p('phone__send_text_message', {
          ...tok('phone'),
          phone_number: '2873148336',
          message: CHESTNUT_SMS,
        }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'Financier/Financier_task_015',
    script: 'data/Financier/scripts/Financier_task_015_amazon.py',
    listed: mcp(['amazon__search_products', 'amazon__add_product_to_cart', 'amazon__show_cart']),
    apps: {
      amazon: {
        ...acct(LARA, 'v[=NdO3'),
        products: [
          {
            id: 3,
            name: 'Darn Tough Hiker Micro Crew Cushion Socks',
            price: 27,
            product_type: 'hiking socks',
            rating: 4.8,
          },
          {
            id: 4,
            name: 'Smartwool Hike Light Cushion Crew Socks',
            price: 24,
            product_type: 'hiking socks',
            rating: 4.6,
          },
        ],
      },
    },
    turns: [
      [
        p('amazon__login', { username: LARA, password: 'v[=NdO3' }),
        p('amazon__search_products', { query: 'hiking socks' }),
      ],
      [
        p('amazon__add_product_to_cart', { ...tok('amazon'), product_id: 3, quantity: 1 }),
        p('amazon__show_cart', tok('amazon')),
      ],
    ],
    notAwarded: {},
  },
];
