// Records how many assertions each journey made, so the run's summary can report the total.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';

const resultsDir = join(import.meta.dirname, '..', '..', '..', 'test-results');

afterEach((context) => {
  mkdirSync(resultsDir, { recursive: true });
  const line = { test: context.task.name, file: context.task.file.name, assertions: expect.getState().assertionCalls };
  appendFileSync(join(resultsDir, 'e2e-assertions.jsonl'), `${JSON.stringify(line)}\n`);
});
