/** The import graph of src/ has no circle of more than two files (CONTRIBUTING.md, "Layers"). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from '../helpers/import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('the import graph', () => {
  it('has no circle of imports through more than two files', () => {
    const graph = importGraph(ROOT);
    expect(graph.edges.size).toBeGreaterThan(300);
    // Type-only imports count: a reader follows them like any other arrow.
    expect(cycles(graph).filter((circle) => circle.length > 2)).toEqual([]);
  });

  it('finds a circle through three files, type imports and import() included', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
    try {
      mkdirSync(path.join(dir, 'src', 'x'), { recursive: true });
      writeFileSync(
        path.join(dir, 'src', 'a.ts'),
        "import { b } from './x/b.ts';\nexport const a = b;\n",
      );
      writeFileSync(
        path.join(dir, 'src', 'x', 'b.ts'),
        "import type { C } from '../c.ts';\nexport const b: C = 1;\n",
      );
      writeFileSync(
        path.join(dir, 'src', 'c.ts'),
        "export type C = number;\nexport const load = () => import('./a.ts');\n",
      );
      writeFileSync(
        path.join(dir, 'src', 'd.ts'),
        "import { a } from './a.ts';\nexport const d = a;\n",
      );
      expect(cycles(importGraph(dir))).toEqual([['src/a.ts', 'src/c.ts', 'src/x/b.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
