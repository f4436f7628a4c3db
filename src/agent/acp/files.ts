/** The ACP client's file methods, kept inside the workspace: a path outside it is refused. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RequestError } from '@agentclientprotocol/sdk';
import { insideFolder } from './permissions.ts';

function checked(root: string, file: string): string {
  const abs = path.resolve(root, file);
  if (!insideFolder(root, abs)) throw RequestError.invalidParams(undefined, `outside the workspace: ${file}`);
  return abs;
}

/** `line` is 1-based; `limit` counts lines. */
export function readInside(root: string, file: string, line?: number, limit?: number): string {
  const abs = checked(root, file);
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch {
    throw RequestError.resourceNotFound(file);
  }
  if (line === undefined && limit === undefined) return text;
  const lines = text.split('\n');
  const from = Math.max(0, (line ?? 1) - 1);
  return lines.slice(from, limit === undefined ? undefined : from + limit).join('\n');
}

export function writeInside(root: string, file: string, content: string): void {
  const abs = checked(root, file);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
}
