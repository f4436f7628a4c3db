/**
 * Types the contracts name but do not define: the scenario as loaded (src/scenario), a tool
 * (src/tools), the turn protocol and what the engine lends it (src/session). The layers that
 * define them register them here by declaration merging:
 *
 *   declare module '../contracts/engine-types.ts' { interface EngineTypes { scenario: LoadedScenario } }
 *
 * so this leaf names them without importing anything of ours, and every file of the program sees
 * the real types (the same way a router library lets an app register its routes).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface EngineTypes {}
// Registered: scenario (`LoadedScenario`), scenarioFile (`ScenarioFile`, before dependencies are
// resolved), persona (`LoadedPersona`), intent (`IntentSpec`), checklistItem (`ChecklistItemSpec`),
// tool (`ToolDef`), sessionCore (what the engine lends a protocol), sessionProtocol, runRecord
// (`RunRecord`, a line of results.jsonl).
// Read one as `EngineTypes['scenario']`.
