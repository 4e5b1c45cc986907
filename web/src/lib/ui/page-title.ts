import { useEffect } from 'react';

/** Sets the document title while a page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Strand`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
