// The checkpoint thread reports what fails: a file that is not a database fails every checkpoint, and each is heard.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { type CheckpointError, startCheckpointer } from './checkpointer.ts';

it('reports a checkpoint that failed, with SQLite code and message', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-checkpointer-'));
  const file = join(dir, 'not-a-database.db');
  writeFileSync(file, Buffer.alloc(8192, 7));
  try {
    let stop: () => Promise<void> = async () => undefined;
    const failure = await new Promise<CheckpointError>((resolve) => {
      stop = startCheckpointer(file, resolve).stop;
    });
    await stop();
    expect({ name: failure.name, code: failure.code, message: failure.message }).toEqual({
      name: 'CheckpointError',
      code: 'SQLITE_NOTADB',
      message: 'file is not a database',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
