import { MantineProvider } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeferredTooltip } from './deferred-tooltip.tsx';

describe('DeferredTooltip', () => {
  it('comes after hydration, and a target focused before it keeps the focus', async () => {
    const page = (
      <MantineProvider>
        <DeferredTooltip label="Copy the phone number">
          <button type="button">Copy</button>
        </DeferredTooltip>
      </MantineProvider>
    );
    // The server's markup, focused by the keyboard before the app's code has run.
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const before = screen.getByRole('button', { name: 'Copy' });
    before.focus();

    await act(async () => {
      hydrateRoot(container, page);
    });

    const after = screen.getByRole('button', { name: 'Copy' });
    expect(after).not.toBe(before); // the tooltip's target is a new element …
    expect(document.activeElement).toBe(after); // … which took the focus over
    await userEvent.hover(after);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy the phone number');
    container.remove();
  });
});
