/** Every app's user screens, by app. */
import { amazonScreens } from '../amazon/screens.ts';
import { calendarScreens } from '../calendar/screens.ts';
import { fileSystemScreens } from '../file-system/screens.ts';
import { gmailScreens } from '../gmail/screens.ts';
import { phoneScreens } from '../phone/screens.ts';
import { simpleNoteScreens } from '../simple-note/screens.ts';
import { splitwiseScreens } from '../splitwise/screens.ts';
import { spotifyScreens } from '../spotify/screens.ts';
import { todoistScreens } from '../todoist/screens.ts';
import type { AppScreens } from './spec.ts';

export const APP_SCREENS: readonly AppScreens[] = [
  gmailScreens,
  phoneScreens,
  todoistScreens,
  simpleNoteScreens,
  amazonScreens,
  splitwiseScreens,
  spotifyScreens,
  fileSystemScreens,
  calendarScreens,
];

export const SCREENS_BY_APP: ReadonlyMap<string, AppScreens> = new Map(
  APP_SCREENS.map((a) => [a.app, a]),
);

export {
  appsOnPhone,
  launcherView,
  PhoneDevice,
  type PhoneAct,
  type PhoneOutcome,
} from './device.ts';
export { screenText, type ScreenView, type ActionView } from './spec.ts';
