export const BUILD_MARKER: string;
export function webBuildProblem(outDir: string, sourcesNewest: number): string | null;
