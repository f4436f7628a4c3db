/**
 * The ACP client's file methods (`fs/read_text_file`, `fs/write_text_file`), kept inside the
 * workspace by the same confinement as the built-in file tools: symlinks (dangling ones too)
 * that lead outside, files with other hard links, and anything but a regular file are refused.
 */
import path from 'node:path';
import { RequestError } from '@agentclientprotocol/sdk';
import { ToolError } from '../../contracts/errors.ts';
import { Workspace } from '../../workspace/workspace.ts';

export class AcpFiles {
  private readonly workspace: Workspace;

  constructor(private readonly cwd: string) {
    this.workspace = Workspace.create(cwd);
  }

  /** `line` is 1-based; `limit` counts lines. */
  read(file: string, line?: number, limit?: number): string {
    const text = this.confined(file, (rel) => this.workspace.readText(rel));
    if (line === undefined && limit === undefined) return text;
    const lines = text.split('\n');
    const from = Math.max(0, (line ?? 1) - 1);
    return lines.slice(from, limit === undefined ? undefined : from + limit).join('\n');
  }

  write(file: string, content: string): void {
    this.confined(file, (rel) => this.workspace.writeText(rel, content));
  }

  /** ACP paths are absolute: the workspace-relative form, or a refusal; a tool error becomes the request's error. */
  private confined<T>(file: string, use: (rel: string) => T): T {
    const abs = path.resolve(this.cwd, String(file));
    const rel = path.relative(this.cwd, abs);
    if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
      throw RequestError.invalidParams(undefined, `outside the workspace: ${file}`);
    try {
      return use(rel || '.');
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      if (err.message.startsWith('no such file')) throw RequestError.resourceNotFound(file);
      throw RequestError.invalidParams(undefined, err.message);
    }
  }
}
