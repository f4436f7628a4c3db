/** The home screen's first line: its name, a hint, and which model plays each role (or offline). */
import { LineView } from '../../components/LineView.tsx';
import type { HomeData } from '../../home-data.ts';
import { useTheme } from '../../theme.ts';
import { lineWidth, type Line, type Seg } from '../../../text/text.ts';

export function anyModelConfigured(models: HomeData['models']): boolean {
  return Object.values(models).some((m) => m.configured);
}

export function HomeHeader({ models, columns }: { models: HomeData['models']; columns: number }) {
  const theme = useTheme();
  const anyModel = anyModelConfigured(models);
  const modelText = anyModel
    ? `model: ${(['agent', 'user', 'judge'] as const).map((r) => `${r} ${models[r].configured ? (models[r].model ?? 'configured') : 'offline'}`).join(' · ')}`
    : 'no model configured: offline (script agent, rules user, rules judge)';
  const hint: Seg = {
    text: '  pick a scenario or episode, a mode, and start   ',
    color: theme.text.secondary,
  };
  const model: Seg = {
    text: modelText,
    color: anyModel ? theme.check.pass.color : theme.level.warning,
  };
  // The hint makes way for the models' line when both do not fit: that one says what will run.
  const title: Seg = { text: 'intentplay', bold: true, color: theme.text.accent };
  const header: Line =
    lineWidth([title, hint, model]) <= columns
      ? [title, hint, model]
      : [title, { text: '  ' }, model];
  return <LineView lines={[header]} top={0} height={1} cols={columns} />;
}
