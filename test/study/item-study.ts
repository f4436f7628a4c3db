/** A study that asks every kind of question, with checks: for the item-type tests (screen, real binary, export). */
import { LIB } from './helpers.ts';

export function itemStudyYaml(checks = '{ fail_after: 2, on_fail: flag }'): string {
  return `title: Item types
library: ${LIB}
consent:
  version: v1
  text: You agree to take part in a test.
instructions: You will play the user of an assistant.
conditions:
  proactive: { agent: "script:proactive" }
  reactive: { agent: "script:reactive" }
scenarios: [tester/gear, tester/plan]
design: { type: within, seed: 1 }
checks: ${checks}
questionnaires:
  before:
    - { kind: choice, id: often, text: How often do you use an assistant?, options: [Every day, Weekly, Never] }
    - { kind: choice, id: tools, text: Which do you use?, options: [Email, Chat, Calendar], multiple: true }
    - { kind: numeric, id: age, text: Your age?, min: 18, max: 99, unit: years }
    - { kind: ranking, id: values, text: Rank what matters most to you., options: [Speed, Accuracy, Privacy] }
    - { kind: likert, id: attend, text: To show you are reading this choose 2., scale: 5, correct: 2 }
    - { kind: choice, id: role, text: In this study you play, options: [The assistant, The user], correct: 2, check: comprehension }
    - kind: scale
      id: trust
      text: About assistants in general
      points: 5
      items:
        - { id: rely, text: I could rely on one. }
        - { id: misled, text: One would mislead me., reverse: true }
  final:
    - { kind: preference, id: prefer }
`;
}
