/** The law_trainee, marketer and researcher rows of the trajectory table (see appworld-trajectories.ts). */
import {
  acct,
  BARE_FILTER,
  LARA,
  LAST_CALL,
  mcp,
  p,
  phoneAcct,
  SAM,
  tok,
  type Trajectory,
} from './appworld-trajectories.ts';

const YUEHAI_SMS =
  "Yuehai guarantee packet handover: 11:30 tomorrow at the east gate of Jiangzhou Intermediate People's Court.\n1. original notarized power of attorney\n2. two stamped copies of the evidence list\n3. one copy of the hearing notice\nPlease reply before 8:00 p.m. today, and flag it if any materials are not ready or the pickup time or place has to change.";

const FRIDAY = [
  ['Morning stretching', 'Friday 07:30-08:00'],
  ['Make breakfast', 'Friday 08:30-09:00'],
  ['Receive a package', 'Friday 09:00-09:30'],
  ["Organize this week's weekly report", 'Friday 09:30-10:15'],
  ['Project sync meeting', 'Friday 10:30-11:30'],
  ['Client requirements call', 'Friday 11:30-12:15'],
  ['Lunch', 'Friday 12:15-13:00'],
  ['Submit reimbursement materials', 'Friday 13:00-13:30'],
  ['Read a related paper', 'Friday 13:45-14:30'],
  ['Reply to important emails', 'Friday 14:30-14:50'],
  ['Code review', 'Friday 15:00-16:00'],
  ['Team meeting rehearsal', 'Friday 16:00-16:40'],
  ['Record expenses', 'Friday 16:40-17:00'],
  ['Buy daily necessities', 'Friday 17:00-17:40'],
  ['Organize the desk and files', 'Friday 17:45-18:15'],
] as const;

const TEAM = [
  'chris.mcco@gmail.com',
  'jo.ball@gmail.com',
  'les_ball@gmail.com',
  'bradley_ball@gmail.com',
  'ka_ball@gmail.com',
  'thomas.solomon@gmail.com',
  'jamie-solomon@gmail.com',
  'ja-solomon@gmail.com',
  'tr_solo@gmail.com',
  'ron.harrison@gmail.com',
  'chrharrison@gmail.com',
  'joseharr@gmail.com',
  'jo-harr@gmail.com',
  'an-harrison@gmail.com',
  'morgan-harrison@gmail.com',
  'ric.riddle@gmail.com',
  'angriddle@gmail.com',
  'alexander-ridd@gmail.com',
  'ismill@gmail.com',
  'jes.mill@gmail.com',
  'clmiller@gmail.com',
  'susanmiller@gmail.com',
  'paul_mill@gmail.com',
  'spencer.powell@gmail.com',
  'vicpowe@gmail.com',
  'kri-powe@gmail.com',
  'jepowell@gmail.com',
];
const PAYER_PHONES = [
  '5584932120',
  '2306532706',
  '7873383923',
  '7863159797',
  '8903665635',
  '7273731063',
  '3296062648',
  '8267279358',
  '4288705164',
];

const COAUTHORS = [
  'ad.blackburn@gmail.com',
  'mar_blac@gmail.com',
  'jar_calhoun@gmail.com',
  'allison-calhoun@gmail.com',
  'brandon-webe@gmail.com',
  'tra_weber@gmail.com',
  'brenda.webe@gmail.com',
  'joseph.webe@gmail.com',
  'as_moore@gmail.com',
  'gl.moore@gmail.com',
  'joyce-weav@gmail.com',
  'je.simpson@gmail.com',
  'jasonsimp@gmail.com',
  'lindseysimpson@gmail.com',
  'ca-smit@gmail.com',
  'ma_smith@gmail.com',
  'cod.smith@gmail.com',
];

const LES = 'les_ball@gmail.com';
/** The three tasks whose times clash; the hidden intents give their new times, one per intent. */
const STALE: Record<string, string> = {
  'Receive a package': 'Friday 08:45-09:15',
  'Client requirements call': 'Friday 11:00-12:00',
  'Team meeting rehearsal': 'Friday 15:30-16:30',
};
const ORDER_NOTE =
  'only the last create_task of a turn reaches the script, and the task has 3 hidden intents, so at most 4 agent turns: at most 4 tasks (one per turn) can have their time checked';

/** What researcher 014's script cannot award with π-Bench's feeding, when the clashing tasks are each created in their own turn. */
function fridayKeys(): Record<string, string> {
  const keys: Record<string, string> = {
    'all 15 tasks were created': `${LAST_CALL} (15 create_task calls; show_tasks, which would list them, is not in the task's tools)`,
    'task titles do not contain timestamps': 'needs all 15 tasks, see above',
  };
  const firstTurn = FRIDAY.filter(([title]) => !(title in STALE));
  for (const [title, time] of firstTurn.slice(0, -1))
    keys[`final time correct for "${title}" -> ${time}`] = ORDER_NOTE;
  return keys;
}

const friday = (title: string, time: string) =>
  p('todoist__create_task', {
    ...tok('todoist'),
    project_id: 0,
    title,
    description: `Time: ${time}`,
    due_date: '2026-04-03',
  });

export const OTHERS: Trajectory[] = [
  {
    task: 'law_trainee/law_trainee_task_008',
    script: 'data/law_trainee/scripts/law_trainee_task_008_5.py',
    listed: mcp([
      'simple_note__create_note',
      'simple_note__update_note',
      'gmail__send_email',
      'gmail__create_draft',
      'gmail__send_email_from_draft',
    ]),
    apps: { simple_note: acct(SAM, 'i#vhWEQ'), gmail: acct(SAM, 'n3v=I[w') },
    turns: [
      [
        p('simple_note__login', { username: SAM, password: 'i#vhWEQ' }),
        p('simple_note__create_note', {
          ...tok('simple_note'),
          title: 'Internal DD Deficiency Log — Related-Party Loan Review',
          content:
            'Outstanding items:\n1. Board resolution approving the loan (authorization).\n2. Shareholder register / cap table (ownership and related-party status).\n3. Funds-flow explanation (funds tracing).',
        }),
        p('gmail__login', { username: SAM, password: 'n3v=I[w' }),
        p('gmail__send_email', {
          ...tok('gmail'),
          email_addresses: [LARA],
          subject: 'Related-Party Loan Review — Supplement Request for Outstanding DD Items',
          body: 'Hi Lara,\nPlease send:\n1. The board resolution.\n2. The shareholder register or cap table.\n3. The funds-flow explanation.\nPlease send them by 5 pm tomorrow and flag any delay. If the signed version is not ready, send the latest draft as an interim copy.',
        }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'law_trainee/law_trainee_task_012',
    script: 'data/law_trainee/scripts/law_trainee_task_012_5.py',
    listed: mcp([
      'gmail__send_email',
      'gmail__create_draft',
      'gmail__send_email_from_draft',
      'gmail__label_thread',
      'gmail__mark_thread_unread',
      'gmail__mark_thread_read',
      'todoist__create_task',
      'todoist__delete_task',
    ]),
    apps: { gmail: acct(SAM, 'n3v=I[w'), todoist: acct(SAM, 'Ozz21Q4') },
    turns: [
      [
        p('gmail__login', { username: SAM, password: 'n3v=I[w' }),
        p('gmail__send_email', {
          ...tok('gmail'),
          email_addresses: [LARA],
          subject: 'Internal Follow-up | Xinhe Supply Chain Arbitration | Supervisor Review Queue',
          body: 'Hi Lara,\nThe Xinhe Supply Chain Arbitration supervisor review queue has two live items:\n1. The arbitration-clause scan.\n2. The courier receipt.\nPlease close both by 4 pm tomorrow and flag any blocker.\nIf the courier receipt is still missing, send the waybill or tracking screenshot and the expected arrival.',
        }),
        p('gmail__label_thread', {
          ...tok('gmail'),
          email_thread_id: 1,
          label: 'needs-supervisor-review',
        }),
        p('gmail__mark_thread_unread', { ...tok('gmail'), email_thread_id: 1 }),
        p('gmail__mark_thread_read', { ...tok('gmail'), email_thread_id: 1 }),
        p('todoist__login', { username: SAM, password: 'Ozz21Q4' }),
        p('todoist__create_task', {
          ...tok('todoist'),
          project_id: 0,
          title: 'Xinhe follow-up checkpoint',
          description: '3:30 pm tomorrow: check the Xinhe review queue.',
        }),
        p('todoist__delete_task', { ...tok('todoist'), task_id: 1 }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'law_trainee/law_trainee_task_014',
    script: 'data/law_trainee/scripts/law_trainee_task_014_5.py',
    listed: mcp([
      'simple_note__create_note',
      'simple_note__update_note',
      'todoist__create_project',
      'todoist__create_task',
      'todoist__delete_project',
    ]),
    apps: { simple_note: acct(SAM, 'i#vhWEQ'), todoist: acct(SAM, 'Ozz21Q4') },
    turns: [
      [
        p('simple_note__login', { username: SAM, password: 'i#vhWEQ' }),
        p('simple_note__create_note', {
          ...tok('simple_note'),
          title: 'Partner Handover — Yuehai Guarantee Dispute Hearing Prep',
          content:
            'Ready for partner review before the 18 April 2026 hearing.\nGuaranty exposure cannot be finalized until the two guaranty versions are reconciled.\nBank-flow exhibit references still need checking.\nConfirm the preservation application and the speaking order.',
        }),
        p('todoist__login', { username: SAM, password: 'Ozz21Q4' }),
        p('todoist__create_project', {
          ...tok('todoist'),
          name: 'Temporary Hearing Prep Board - Yuehai',
        }),
        p('todoist__create_task', {
          ...tok('todoist'),
          project_id: 2,
          title: 'Reconcile the guaranty versions',
        }),
        p('todoist__delete_project', { ...tok('todoist'), project_id: 2 }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'law_trainee/law_trainee_task_018',
    script: 'data/law_trainee/scripts/law_trainee_task_018_5.py',
    listed: mcp([
      'todoist__create_project',
      'todoist__create_task',
      'todoist__delete_project',
      'gmail__send_email',
      'gmail__create_draft',
      'gmail__send_email_from_draft',
    ]),
    apps: { todoist: acct(SAM, 'Ozz21Q4'), gmail: acct(SAM, 'n3v=I[w') },
    turns: [
      [
        p('todoist__login', { username: SAM, password: 'Ozz21Q4' }),
        p('todoist__create_project', {
          ...tok('todoist'),
          name: 'Temporary Filing Follow-up Board - Yuehai',
        }),
        p('todoist__create_task', {
          ...tok('todoist'),
          project_id: 2,
          title: 'Chase the Yuehai filing items',
          description:
            "Unsigned shareholder list (main blocker: escalate to the partner at tomorrow's internal check-in), signed guaranty annex comparison, courier receipt, supplemental filing package.",
        }),
        p('todoist__delete_project', { ...tok('todoist'), project_id: 2 }),
        p('gmail__login', { username: SAM, password: 'n3v=I[w' }),
        p('gmail__send_email', {
          ...tok('gmail'),
          email_addresses: [LARA],
          subject: 'Yuehai Guarantee Dispute - Filing Rehearsal Cleanup Complete',
          body: 'Hi Lara,\nThe temporary board has been removed.\nThe unsigned shareholder list remains the main risk.\nNext checkpoint: tomorrow morning.\nPlease flag any delay.',
        }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'law_trainee/law_trainee_task_020',
    script: 'data/law_trainee/scripts/law_trainee_task_020_5.py',
    listed: mcp([
      'phone__send_text_message',
      'todoist__create_project',
      'todoist__create_task',
      'todoist__delete_project',
    ]),
    apps: { phone: phoneAcct('5707454150', 'A!HFDCn'), todoist: acct(SAM, 'Ozz21Q4') },
    turns: [
      [
        p('phone__login', { username: '5707454150', password: 'A!HFDCn' }),
        p('phone__send_text_message', {
          ...tok('phone'),
          phone_number: '2873148336',
          message: YUEHAI_SMS,
        }),
        p('todoist__login', { username: SAM, password: 'Ozz21Q4' }),
        p('todoist__create_project', {
          ...tok('todoist'),
          name: 'Temporary Court Handover Reminder Board',
        }),
        p('todoist__create_task', {
          ...tok('todoist'),
          project_id: 2,
          title: 'Check the packet and the pickup point',
        }),
        p('todoist__delete_project', { ...tok('todoist'), project_id: 2 }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'marketer/marketer_task_004',
    script: 'data/marketer/scripts/marketer_task_004.py',
    listed: mcp(['spotify__show_playlist']),
    apps: {
      spotify: {
        ...acct(LES, '(dgokRb'),
        songs: [
          { id: 77, title: 'Whispers of the Soul', genre: 'classical' },
          { id: 78, title: 'A Love That Never Was', genre: 'classical' },
          { id: 140, title: 'Twisted Paths', genre: 'classical' },
        ],
        playlists: [{ id: 31, title: 'Starry Night Serenades' }],
        liked_song_ids: [77, 78, 140],
      },
    },
    turns: [
      [
        p('spotify__login', { username: LES, password: '(dgokRb' }),
        p('spotify__show_liked_songs', tok('spotify')),
        p('spotify__show_playlist', { ...tok('spotify'), playlist_id: 31 }),
        p('spotify__add_song_to_playlist', { ...tok('spotify'), playlist_id: 31, song_id: 77 }),
        p('spotify__add_song_to_playlist', { ...tok('spotify'), playlist_id: 31, song_id: 78 }),
        p('spotify__add_song_to_playlist', { ...tok('spotify'), playlist_id: 31, song_id: 140 }),
      ],
    ],
    notAwarded: Object.fromEntries(
      [
        'selected_playlist_correct',
        'added_whispers_of_the_soul',
        'added_a_love_that_never_was',
        'added_twisted_paths',
      ].map((k) => [
        k,
        'the task lists only mcp_appworld_spotify__show_playlist in objectives.tools, so the add_song_to_playlist calls the script looks for are filtered out (without the filter the three songs could be added one per turn)',
      ]),
    ),
  },
  {
    task: 'marketer/marketer_task_009',
    script: 'data/marketer/scripts/marketer_task_009.py',
    listed: [],
    apps: {},
    files: {
      'Enterprise_AI_Bootcamp_Strategy.md': 'Pillars: target audience, core needs.',
      'Community_Launch_Rulebook.md': 'Norms: one instructor session a day.',
    },
    turns: [
      [
        { tool: 'read_file', args: { path: 'Enterprise_AI_Bootcamp_Strategy.md' } },
        { tool: 'read_file', args: { path: 'Community_Launch_Rulebook.md' } },
        { tool: 'write_file', args: { path: '5_Day_Launch_SOP.md', content: 'Day 1 ...' } },
      ],
      // After the user's follow-up the agent re-reads the strategy: only then does its read count.
      [
        { tool: 'read_file', args: { path: 'Enterprise_AI_Bootcamp_Strategy.md' } },
        {
          tool: 'write_file',
          args: { path: '5_Day_Launch_SOP.md', content: 'Day 1, for the target audience ...' },
        },
      ],
    ],
    notRun:
      "marketer_task_009's task.yaml names no tools_evaluation_path, so π-Bench's evaluator never loads this script",
    notAwarded: {
      write_5_day_launch_sop:
        "the script sends every tool whose name contains 'file' to its read branch, so write_file never reaches the write check; no file tool of the agent is named with 'write' but without 'file'",
    },
  },
  {
    task: 'marketer/marketer_task_010',
    script: 'data/marketer/scripts/marketer_task_010.py',
    listed: ['gmail__send_email', 'gmail__send_email_from_draft', 'gmail__search_users'],
    apps: {
      gmail: {
        ...acct(LES, '%@g}L&b'),
        users: [
          { email: 'denise.maldonado@gmail.com', first_name: 'Denise', last_name: 'Maldonado' },
        ],
      },
    },
    turns: [
      [
        p('gmail__login', { username: LES, password: '%@g}L&b' }),
        p('gmail__search_users', { query: 'Denise Maldonado' }),
        p('gmail__send_email', {
          ...tok('gmail'),
          email_addresses: ['denise.maldonado@gmail.com'],
          subject: 'Album recommendation',
          body: 'I recommend Echoes of Eternity.',
        }),
      ],
    ],
    notAwarded: { sent_email: BARE_FILTER, searched_denise_maldonado: BARE_FILTER },
  },
  {
    task: 'marketer/marketer_task_014',
    script: 'data/marketer/scripts/marketer_task_014.py',
    listed: ['amazon__show_product_reviews', 'amazon__show_product'],
    apps: {
      amazon: {
        ...acct(LES, 'VxoU[nz'),
        products: [{ id: 636, name: 'Steelcase Amia Ergonomic Office Chair', price: 640 }],
        reviews: [
          { product_id: 636, rating: 2, title: 'Worn', text: 'The seat wore out within a year.' },
        ],
      },
    },
    turns: [
      [
        p('amazon__login', { username: LES, password: 'VxoU[nz' }),
        p('amazon__show_product_reviews', { product_id: 636 }),
      ],
    ],
    notAwarded: { checked_chair_reviews: BARE_FILTER },
  },
  {
    task: 'marketer/marketer_task_020',
    script: 'data/marketer/scripts/marketer_task_020.py',
    listed: ['todoist__create_task', 'todoist__create_sub_task'],
    apps: { todoist: acct(LES, 'VK^N(lj') },
    turns: [
      [
        p('todoist__login', { username: LES, password: 'VK^N(lj' }),
        p('todoist__create_task', {
          ...tok('todoist'),
          project_id: 0,
          title: 'Sunday evening wind-down routine',
        }),
        ...[
          'Reading session',
          'Physical recovery session',
          'Journaling session',
          'Hair prep',
          'Music for sleep',
        ].map((title) => p('todoist__create_sub_task', { ...tok('todoist'), task_id: 1, title })),
      ],
    ],
    notAwarded: {
      all_subtasks_created: `${BARE_FILTER}; with prefixed names it would still need four create_sub_task calls in one turn (${LAST_CALL})`,
    },
  },
  {
    task: 'researcher/researcher_task_012',
    script: 'data/researcher/scripts/researcher_task_012_amazon.py',
    listed: mcp(['amazon__add_product_to_cart', 'amazon__show_cart']),
    apps: {
      amazon: {
        ...acct(LARA, 'v[=NdO3'),
        products: [
          {
            id: 1578,
            name: 'Columbia Anytime Outdoor Boot Cut Pants',
            price: 60,
            product_type: 'hiking pants',
            rating: 4.7,
            inventory_quantity: 25,
          },
          {
            id: 1579,
            name: 'Slim Trek Pants',
            price: 80,
            product_type: 'hiking pants',
            rating: 4.2,
            inventory_quantity: 1,
          },
        ],
      },
    },
    turns: [
      [
        p('amazon__login', { username: LARA, password: 'v[=NdO3' }),
        p('amazon__search_products', { query: 'hiking pants' }),
      ],
      [
        p('amazon__add_product_to_cart', { ...tok('amazon'), product_id: 1578, quantity: 1 }),
        p('amazon__show_cart', tok('amazon')),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'researcher/researcher_task_014',
    script: 'data/researcher/scripts/researcher_task_014_todoist.py',
    listed: mcp(['todoist__create_task', 'todoist__update_task']),
    apps: { todoist: acct(LARA, 'Eu(M@!7') },
    turns: [
      [
        p('todoist__login', { username: LARA, password: 'Eu(M@!7' }),
        // The twelve that do not clash; the clashing three wait for the user's answer.
        ...FRIDAY.filter(([title]) => !(title in STALE)).map(([title, time]) =>
          friday(title!, time!),
        ),
      ],
      // One turn per revealed intent: the clashing task, created with its new time.
      ...Object.keys(STALE).map((title) => [friday(title, FRIDAY.find(([t]) => t === title)![1]!)]),
    ],
    notAwarded: fridayKeys(),
  },
  {
    task: 'researcher/researcher_task_015',
    script: 'data/researcher/scripts/researcher_task_015_gmail.py',
    listed: mcp(['gmail__send_email']),
    apps: { gmail: acct(LARA, 'qRFsgRQ') },
    turns: [
      [
        p('gmail__login', { username: LARA, password: 'qRFsgRQ' }),
        p('gmail__send_email', {
          ...tok('gmail'),
          email_addresses: COAUTHORS,
          subject: 'A gentle reminder on this week’s tasks',
          body: 'Thank you for your work so far. Please finish your remaining tasks.',
        }),
      ],
    ],
    notAwarded: {},
  },
  {
    task: 'researcher/researcher_task_016',
    script: 'data/researcher/scripts/researcher_task_016_splitwise_phone.py',
    listed: mcp([
      'splitwise__create_group',
      'splitwise__add_member_to_group',
      'splitwise__record_expense',
      'phone__send_text_message',
    ]),
    apps: { splitwise: acct(LARA, 'T8H2[32'), phone: phoneAcct('2873148336', 'AEQ@e[a') },
    turns: [
      [
        p('splitwise__login', { username: LARA, password: 'T8H2[32' }),
        p('splitwise__create_group', {
          ...tok('splitwise'),
          name: 'Team-building trip',
          member_emails: TEAM,
        }),
        p('splitwise__record_expense', {
          ...tok('splitwise'),
          description: 'Cabin deposit',
          paid_amount: 560,
          payer_email: LARA,
          debtor_emails: [LARA, ...TEAM],
          group_id: 1,
        }),
        p('splitwise__record_expense', {
          ...tok('splitwise'),
          description: 'Parking and toll fees',
          paid_amount: 30,
          payer_email: LARA,
          debtor_emails: [
            LARA,
            'chris.mcco@gmail.com',
            'jo.ball@gmail.com',
            'les_ball@gmail.com',
            'spencer.powell@gmail.com',
            'jepowell@gmail.com',
          ],
          group_id: 1,
        }),
      ],
      [
        p('phone__login', { username: '2873148336', password: 'AEQ@e[a' }),
        ...PAYER_PHONES.map((phone_number) =>
          p('phone__send_text_message', {
            ...tok('phone'),
            phone_number,
            message: 'Thank you for paying in advance! Please record it in Splitwise.',
          }),
        ),
      ],
    ],
    notAwarded: {
      "Laura Mccoy's two paid expenses were correctly recorded in Splitwise with the right debtors and split amounts.": `${LAST_CALL} (two record_expense calls)`,
      'Reminder text messages were sent to all other payers who advanced money for the trip.': `${LAST_CALL} (nine send_text_message calls)`,
    },
  },
  {
    task: 'researcher/researcher_task_017',
    script: 'data/researcher/scripts/researcher_task_017_spotify.py',
    listed: mcp(['spotify__review_song', 'spotify__follow_artist', 'spotify__like_song']),
    apps: {
      spotify: {
        ...acct(LARA, 'wjhPa4l'),
        artists: [{ id: 5, name: 'Ava Morgan', genre: 'classical' }],
        songs: [{ id: 54, title: 'Heartstrings Symphony', artist_ids: [5], genre: 'classical' }],
      },
    },
    turns: [
      [
        p('spotify__login', { username: LARA, password: 'wjhPa4l' }),
        p('spotify__search_songs', { query: 'Heartstrings Symphony' }),
        p('spotify__like_song', { ...tok('spotify'), song_id: 54 }),
        p('spotify__review_song', {
          ...tok('spotify'),
          song_id: 54,
          rating: 5,
          title: 'Beautiful melody',
          text: 'Lovely to work to.',
        }),
        p('spotify__follow_artist', { ...tok('spotify'), artist_id: 5 }),
      ],
    ],
    notAwarded: {},
  },
];
