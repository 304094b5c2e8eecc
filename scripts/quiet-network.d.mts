import type { Page } from '@playwright/test';

/** scripts/quiet-network.mjs: the page's requests, but for the change stream, have finished and stayed quiet. */
export function watchNetwork(page: Page, quietMs?: number): { quiet(): Promise<void> };
