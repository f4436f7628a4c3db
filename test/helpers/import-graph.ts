/**
 * The import graph of src/ as TypeScript resolves it (static imports, re-exports and `import()`,
 * type-only ones included: a type import is still an arrow a reader follows), and its strongly
 * connected components: a component of more than one file is a circle of imports.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { globSync } from 'tinyglobby';

export interface ImportGraph {
  /** Files relative to the root (`src/session/engine.ts`), each with the files it imports. */
  edges: Map<string, string[]>;
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
};

export function importGraph(root: string, pattern = 'src/**/*.{ts,tsx}'): ImportGraph {
  const files = globSync(pattern, {
    cwd: root,
    ignore: ['**/*.test.ts', '**/*.test.tsx', '**/*.d.ts'],
  }).sort();
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const absolute = path.join(root, file);
    const info = ts.preProcessFile(readFileSync(absolute, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const resolved = ts.resolveModuleName(
        ref.fileName,
        absolute,
        COMPILER_OPTIONS,
        ts.sys,
      ).resolvedModule;
      if (!resolved) continue;
      const target = path.relative(root, resolved.resolvedFileName).split(path.sep).join('/');
      if (known.has(target)) targets.add(target);
    }
    edges.set(file, [...targets].sort());
  }
  return { edges };
}

/** Tarjan's strongly connected components, largest first; singletons left out. */
export function cycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.edges.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; child: number }> = [{ node: start, child: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const children = graph.edges.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!index.has(child)) {
          index.set(child, next);
          low.set(child, next++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child))
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1) found.push(component.sort());
    }
  }
  return found.sort((a, b) => b.length - a.length);
}
