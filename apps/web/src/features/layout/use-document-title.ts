import { useEffect } from 'react';

export const APP_NAME = 'Healthfolio';

/** Sets the tab title to "<page> · Healthfolio". */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${APP_NAME}` : APP_NAME;
  }, [page]);
}
