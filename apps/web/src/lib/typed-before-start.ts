/**
 * What a visitor typed into a page the server rendered before the app's code had run (ADR 059): hydration puts
 * every controlled field back to its component's state, which would silently empty the sign-in form. main.tsx
 * takes the fields' values just before hydrating, a form starts from them, and a submit the page held meanwhile
 * (the rendered pages' loader in apps/server/src/plugins/web-app.ts) is carried out once the form is ready.
 */
const typed = new Map<string, string | boolean>();
let heldSubmit: EventTarget | null = null;

declare global {
  interface Window {
    /** The form whose submit the rendered page held before the app had started (web-app.ts). */
    __careHeldSubmit?: EventTarget;
  }
}

/** Takes the values of the fields under `root` the visitor changed from the server's. */
export function captureTypedValues(root: HTMLElement): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('form input[name]')) {
    if (input.type === 'checkbox' || input.type === 'radio') {
      if (input.checked !== input.defaultChecked) typed.set(input.name, input.checked);
    } else if (input.value !== input.defaultValue) typed.set(input.name, input.value);
  }
  heldSubmit = window.__careHeldSubmit ?? null;
  delete window.__careHeldSubmit;
}

/** A text field's value typed before the start, if any. */
export function typedText(name: string): string | undefined {
  const value = typed.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** A checkbox's state changed before the start, if it was. */
export function typedCheck(name: string): boolean | undefined {
  const value = typed.get(name);
  return typeof value === 'boolean' ? value : undefined;
}

/**
 * Forgets the values (a password may be among them) once the form has taken them; true when `form` was
 * submitted before the start, so the form sends itself now.
 */
export function finishTypedBeforeStart(form: HTMLFormElement | null): boolean {
  typed.clear();
  const held = form !== null && heldSubmit === form;
  if (held) heldSubmit = null;
  return held;
}
