// `--env-file FILE` (or `--env-file=FILE`, repeatable, anywhere on the line): settings read from a file with Node's
// own loader (process.loadEnvFile) before the command runs, so a cron line or a systemd unit needs no shell to source
// it. A variable already in the environment wins over the file's, as with `node --env-file`. (node itself checks that
// a `--env-file FILE` anywhere on its command line exists, exiting 9 with its own message when it does not, but loads
// nothing from it: the loading is done here.)

export type EnvFiles = { files: string[]; rest: string[] } | { problem: string };

export const takeEnvFiles = (argv: readonly string[]): EnvFiles => {
  const files: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const word = argv[i] ?? '';
    if (word === '--env-file') {
      const file = argv[i + 1];
      if (file === undefined || file.startsWith('-')) return { problem: 'Option --env-file needs a FILE.' };
      files.push(file);
      i += 1;
    } else if (word.startsWith('--env-file=')) {
      const file = word.slice('--env-file='.length);
      if (file === '') return { problem: 'Option --env-file needs a FILE.' };
      files.push(file);
    } else {
      rest.push(word);
    }
  }
  return { files, rest };
};

/** Loads each file into process.env; the problem with the first one that cannot be read, or null. */
export const loadEnvFiles = (files: readonly string[]): string | null => {
  for (const file of files) {
    try {
      process.loadEnvFile(file);
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
      return `Cannot read the environment file ${file} (${reason}).`;
    }
  }
  return null;
};
