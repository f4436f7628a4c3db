/** What a user backend sees of an app screen on the phone (the apps build these views). */

/** A field as the Phone shows it. */
export interface FieldView {
  name: string;
  required: boolean;
}

/** An action as the Phone shows it (and as the openai user is offered it). */
export interface ActionView {
  name: string;
  label: string;
  fields: FieldView[];
}

/** What the user sees: the screen's title, its content, and what it offers. */
export interface ScreenView {
  /** Empty on the launcher (the phone's home screen). */
  app: string;
  screen: string;
  title: string;
  lines: string[];
  actions: ActionView[];
}
