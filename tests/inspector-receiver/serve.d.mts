import type { BrowserContext } from '@playwright/test';

export const INSPECTOR_ORIGIN: string;
export function buildReceiver(outDir: string): Promise<string>;
export function routeInspector(context: BrowserContext, dir: string): Promise<void>;
