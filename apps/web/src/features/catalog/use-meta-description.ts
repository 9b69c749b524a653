import { useEffect } from 'react';

/**
 * Sets the page's `<meta name="description">` (index.html has one for the whole portal) while the screen is
 * shown, and puts the portal's own back when it goes. Updating the one tag avoids a second description that
 * search engines would have to choose from.
 */
export function useMetaDescription(description: string): void {
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      if (created) tag.remove();
      else tag.content = previous;
    };
  }, [description]);
}
