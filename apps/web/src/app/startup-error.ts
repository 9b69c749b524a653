/**
 * SPEC §5: start-up failures are shown on the page in Polish. Plain DOM on purpose: neither React
 * nor i18n can be trusted to start without a valid configuration.
 */
export function showStartupError(root: HTMLElement, message: string, errors: string[]): void {
  const box = document.createElement('main');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'max-width:36rem;margin:15vh auto;padding:1.5rem;font-family:system-ui,sans-serif;border:1px solid #c92a2a;border-radius:8px;color:#3b0d0c;background:#fff5f5';
  const heading = document.createElement('h1');
  heading.style.cssText = 'font-size:1.25rem;margin:0 0 .75rem';
  heading.textContent = message;
  box.append(heading);
  if (errors.length) {
    const list = document.createElement('ul');
    for (const error of errors) {
      const item = document.createElement('li');
      item.textContent = error;
      list.append(item);
    }
    box.append(list);
  }
  root.replaceChildren(box);
}
