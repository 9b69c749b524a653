import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
const base = 'http://localhost:3555';
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
await page.goto(base + '/');
await page.locator('input[type=email], input[name=username]').first().fill('admin@agromech.example');
await page.locator('input[type=password]').first().fill('Zniwa-2026-demo');
await page.locator('form button[type=submit]').first().click();
await page.waitForURL(/staff/);
for (const w of [1024, 1199, 1200, 1280]) {
  await page.setViewportSize({ width: w, height: 800 });
  for (const lng of ['pl', 'en', 'de']) {
    await page.goto(`${base}/staff/admin/staff?lng=${lng}`);
    await page.waitForLoadState('networkidle');
    const r = await page.locator('.mantine-AppShell-header').evaluate((el) => {
      const row = el.querySelector(':scope .mantine-Group-root')!;
      const nav = el.querySelector('nav');
      const strip = document.querySelector('main nav');
      const items = [...row.querySelectorAll('a, button')].filter((i) => i.checkVisibility()).map((i) => { const b = i.getBoundingClientRect(); return { n: i.textContent, l: b.left, r: b.right, t: b.top }; }).filter((i) => i.t < 60).sort((a, b) => a.l - b.l);
      const bad = items.filter((it, k) => (items[k + 1] && it.r > items[k + 1].l) || it.r > innerWidth).map((it) => it.n);
      return { nav: nav?.getBoundingClientRect().width, strip: strip ? strip.scrollWidth - strip.clientWidth : null, bad };
    });
    console.log(w, lng, JSON.stringify(r));
  }
}
await browser.close();
