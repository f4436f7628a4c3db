/**
 * What the person playing the agent is helped with, read from the running session without
 * spending a turn: the workspace's files (as a list_dir call would show them), and a picked
 * tool's template, filled from the workspace, the apps and the reminders still active.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { TimedEvent } from '../../contracts/events.ts';
import type { GroupEnv } from '../../session/group-env.ts';
import type { ControlState, ToolHint } from './controller.ts';
import { toolTemplate } from './agent-command.ts';
import { templateValues, type TemplateWorld } from './template-values.ts';

export class AgentSeatAids {
  /** The reminders the agent set that are still active (a template cancels the last). */
  private reminders: string[] = [];

  constructor(
    private readonly control: StoreApi<ControlState>,
    /** The running session's workspace and apps, once a session runs. */
    private readonly env: () => GroupEnv | undefined,
  ) {}

  /** Follows the reminders through the session's events. */
  observe(event: TimedEvent): void {
    if (event.type === 'session_start') this.reminders = [];
    if (event.type === 'reminder') this.trackReminder(event);
  }

  /** The person playing the agent sees which files exist, as a list_dir call would, without spending a turn on it. */
  listFiles(): void {
    const files = this.env()?.workspace.listFiles();
    if (files && files.join('\n') !== this.control.getState().workspaceFiles?.join('\n'))
      this.control.setState({ workspaceFiles: files });
  }

  /** The input a picked tool starts with, filled from the workspace, the apps and the reminders now. */
  template(tool: ToolHint): { text: string; cursor: number } {
    return toolTemplate(tool, templateValues(tool, this.templateWorld()));
  }

  private trackReminder(e: Extract<TimedEvent, { type: 'reminder' }>): void {
    const over = e.action === 'cancelled' || (e.action === 'fired' && !e.condition);
    this.reminders = this.reminders.filter((id) => id !== e.id);
    if (!over) this.reminders.push(e.id);
  }

  private templateWorld(): TemplateWorld {
    const env = this.env();
    return {
      files: env?.workspace.listFiles() ?? [],
      readText: (file) => {
        try {
          const text = env?.workspace.readText(file);
          return text?.includes('\0') ? undefined : text;
        } catch {
          return undefined; // unreadable: the template names another file
        }
      },
      appState: (app) => env?.apps.state(app),
      reminders: this.reminders,
    };
  }
}
