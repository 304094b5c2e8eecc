import { useEffect } from 'react';

/** SPEC §1 / DESIGN §7: "{Page} - FamilyOS". */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} - FamilyOS`;
  }, [page]);
}
