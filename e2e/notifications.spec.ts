import { expect, test } from './support/fixtures.ts';
import { t } from './support/translations.ts';

test.describe('login form feedback', () => {
  test('submitting it empty shows what is missing on each field and sends nothing', async ({
    page,
    visit,
    axe,
  }) => {
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/auth/login')) loginCalls.push(request.url());
    });
    await visit('/');

    await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();

    const username = page.getByRole('textbox', { name: t('auth:login.username'), exact: true });
    const password = page.getByRole('textbox', { name: t('auth:login.password'), exact: true });
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription(t('validation:form.wrong-username'));
    await expect(password).toHaveAccessibleDescription(t('validation:form.wrong-password'));
    await expect(username).toBeFocused();
    await axe.check();
    expect(loginCalls).toEqual([]);
  });

  test('a notification raised by the login button appears in the bottom-right corner (SPEC §9)', async ({
    page,
    visit,
    axe,
  }) => {
    await visit('/');
    await page
      .getByRole('textbox', { name: t('auth:login.username'), exact: true })
      .fill('nobody@example.com');
    await page.getByRole('textbox', { name: t('auth:login.password'), exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();

    const notifications = page.getByRole('alert');
    await expect(notifications.first()).toBeVisible();
    await axe.check();
    // Mantine stacks several notifications upwards from the corner: each sits at the right, the stack at the bottom.
    const viewport = page.viewportSize()!;
    const boxes = await Promise.all((await notifications.all()).map(async (n) => (await n.boundingBox())!));
    for (const box of boxes) {
      expect(box.x + box.width / 2, 'centre right of the middle').toBeGreaterThan(viewport.width / 2);
      expect(box.y + box.height / 2, 'centre below the middle').toBeGreaterThan(viewport.height / 2);
      expect(viewport.width - (box.x + box.width), 'gap to the right edge').toBeLessThan(48);
    }
    const bottom = Math.max(...boxes.map((box) => box.y + box.height));
    expect(viewport.height - bottom, 'gap to the bottom edge').toBeLessThan(48);
  });
});
