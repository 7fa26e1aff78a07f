export const root: string;
export const serverOut: string;
export const serverEntry: string;
export const cliEntry: string;
export function newest(path: string): number;
export function serverIsStale(): boolean;
export function buildServer(outdir?: string): Promise<void>;
