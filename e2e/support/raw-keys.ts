import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';

const LOCALES = resolve(import.meta.dirname, '../../apps/web/public/locales/lang');

function flatten(node: unknown, prefix: string, into: Set<string>): void {
  if (typeof node === 'string') into.add(prefix);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  }
}

/**
 * Every translation key a screen could show in place of its text while its namespace is missing: "load-error.title"
 * and "catalog:load-error.title". Only keys with a dot or a hyphen: "error" or "title" are words as well.
 */
function translationKeys(): string[] {
  const keys = new Set<string>();
  for (const ns of readdirSync(LOCALES)) {
    const paths = new Set<string>();
    flatten(JSON.parse(readFileSync(resolve(LOCALES, ns, 'pl.json'), 'utf8')), '', paths);
    for (const path of paths) {
      if (!/[.-]/.test(path)) continue;
      keys.add(path);
      keys.add(`${ns}:${path}`);
    }
  }
  return [...keys];
}

/**
 * Records, from the first byte of every page the tab loads, each text node (and the document's title) that reads
 * as a bare translation key, at whatever moment it shows: a key seen for a frame is a key a person saw.
 * `shown()` answers what was recorded.
 */
export async function watchForRawKeys(page: Page): Promise<{ shown: () => Promise<string[]> }> {
  await page.addInitScript((keys: string[]) => {
    const known = new Set(keys);
    const seen = new Set<string>();
    (window as unknown as { __rawKeys: Set<string> }).__rawKeys = seen;
    const scan = () => {
      if (known.has(document.title.trim())) seen.add(`title: ${document.title.trim()}`);
      const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (known.has(text)) seen.add(text);
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  }, translationKeys());
  return {
    shown: () =>
      page.evaluate(() => [...((window as unknown as { __rawKeys?: Set<string> }).__rawKeys ?? [])]),
  };
}

/** Delays every locale file by `ms`: the first visit of a slow mobile link, when no namespace is cached. */
export async function throttleLocales(page: Page, ms: number): Promise<void> {
  await page.route('**/locales/**', async (route) => {
    await new Promise((done) => setTimeout(done, ms));
    await route.continue();
  });
}
