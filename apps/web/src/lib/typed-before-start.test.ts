import { describe, expect, it } from 'vitest';
import { captureTypedValues, finishTypedBeforeStart, typedCheck, typedText } from './typed-before-start.ts';

/** The server's sign-in form (empty fields), as the visitor left it before the app's code had run. */
function serverForm(): { root: HTMLElement; form: HTMLFormElement } {
  const root = document.createElement('div');
  root.innerHTML =
    '<form><input name="username" value=""><input type="password" name="password" value="">' +
    '<input type="checkbox" name="remember"><input name="untouched" value="server"></form>';
  return { root, form: root.querySelector('form')! };
}

describe('what was typed before the app started', () => {
  it('takes the fields the visitor changed, and the submit the page held for that form, once', () => {
    const { root, form } = serverForm();
    form.querySelector<HTMLInputElement>('[name=username]')!.value = 'anna@example.com';
    form.querySelector<HTMLInputElement>('[name=password]')!.value = 'Kombajn-77';
    form.querySelector<HTMLInputElement>('[name=remember]')!.checked = true;
    window.__careHeldSubmit = form;

    captureTypedValues(root);
    expect(typedText('username')).toBe('anna@example.com');
    expect(typedText('password')).toBe('Kombajn-77');
    expect(typedCheck('remember')).toBe(true);
    expect(typedText('untouched')).toBeUndefined();
    expect(window.__careHeldSubmit).toBeUndefined();

    expect(finishTypedBeforeStart(form)).toBe(true);
    // The password is not kept once the form has it, and the submit is carried out once only.
    expect(typedText('password')).toBeUndefined();
    expect(finishTypedBeforeStart(form)).toBe(false);
  });

  it('holds no submit for a form that was not sent, and nothing when nothing was typed', () => {
    const { root, form } = serverForm();
    captureTypedValues(root);
    expect(typedText('username')).toBeUndefined();
    expect(typedCheck('remember')).toBeUndefined();
    expect(finishTypedBeforeStart(form)).toBe(false);
  });
});
