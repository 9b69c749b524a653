import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop for keyboard users: jumps past the header navigation to the page's main content. */
export function SkipLink({ targetId = MAIN_CONTENT_ID }: { targetId?: string }) {
  const { t } = useTranslation('common');
  // Focus the target instead of changing the URL hash: the router owns the URL.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  };
  return (
    <a className={classes.link} href={`#${targetId}`} onClick={skip}>
      {t('skip-to-content')}
    </a>
  );
}
