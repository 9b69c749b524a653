import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { NewRequestForm } from './new-request-form.tsx';

const machines = [
  { value: '7', label: 'Prasa zwijająca Z-562 (AGM562-0001)' },
  { value: '8', label: 'Siewnik S-300 (AGM300-0042)' },
];
const transportTypes = [
  {
    code: 'own',
    label: { default: 'pl' as const, values: { pl: 'Własny', en: 'Own transport', de: 'Eigener Transport' } },
  },
];

async function renderForm(
  props: Partial<Parameters<typeof NewRequestForm>[0]> = {},
  language: 'en' | 'de' = 'en',
) {
  const onSubmit = vi.fn();
  const result = await renderWithProviders(
    <NewRequestForm
      machines={machines}
      transportTypes={transportTypes}
      deliveryPlaces={[]}
      attachments={<p>files</p>}
      onSubmit={onSubmit}
      onCancel={() => {}}
      pending={false}
      {...props}
    />,
    { language },
  );
  return { onSubmit, result };
}

describe('new service request form', () => {
  it('requires the failure description (SPEC §5) and sends nothing without it', async () => {
    const { onSubmit } = await renderForm({ initialMachineId: '8' });
    await userEvent.click(await screen.findByText('Send request'));
    expect(await screen.findByText('The failure description must be filled in.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByLabelText(/Machine problem description/));
    await userEvent.paste('Seeds jam.');
    await userEvent.click(screen.getByText('Send request'));
    expect(onSubmit).toHaveBeenCalledWith({ machineId: '8', problemDescription: 'Seeds jam.' });
  });

  it('shows the choices in the current language', async () => {
    await renderForm({}, 'de');
    await userEvent.click((await screen.findAllByLabelText('Transportart'))[0]!);
    expect(await screen.findByText('Eigener Transport')).toBeInTheDocument();
  });

  it('says why the last send failed', async () => {
    await renderForm({ failure: 'Could not connect to the server.' });
    expect(
      await screen.findByText(
        /^The request was not sent: Could not connect to the server\. Everything you entered/,
      ),
    ).toBeInTheDocument();
  });
});
