import { IconTool, IconTractor } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { NavLinks } from './nav-links.tsx';

describe('the navigation links', () => {
  it('show a count beside an item, named for screen readers, and nothing at zero', async () => {
    await renderWithProviders(
      <NavLinks
        items={[
          { to: '/home/machines', label: 'Machines', icon: IconTractor, badge: { count: 0, label: 'none' } },
          {
            to: '/home/services',
            label: 'Service requests',
            icon: IconTool,
            badge: { count: 3, label: '3 unread messages' },
          },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Service requests (3 unread messages)' })).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Machines' })).toHaveTextContent(/^Machines$/);
  });
});
