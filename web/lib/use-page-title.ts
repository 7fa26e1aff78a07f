// Each screen names itself in the browser tab and history: "Statistics · LOWEST UNIQUE".
import { useEffect } from 'react';

export const siteName = 'LOWEST UNIQUE';

export function pageTitle(screen: string): string {
  return `${screen} · ${siteName}`;
}

export function usePageTitle(screen: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
