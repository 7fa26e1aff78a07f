// Entry point of `lowest` (npm run cli -- …, or the bin): reads the --env-file files, runs the command line and sets
// the exit code.
import { loadEnvFiles, takeEnvFiles } from './env-file.ts';
import { EXIT_FAILURE, EXIT_USAGE, runCli } from './run.ts';

const taken = takeEnvFiles(process.argv.slice(2));
if ('problem' in taken) {
  process.stderr.write(`Error: ${taken.problem}\nUsage: lowest COMMAND [arguments] [options] [--env-file FILE]\n`);
  process.exitCode = EXIT_USAGE;
} else {
  const problem = loadEnvFiles(taken.files);
  if (problem !== null) {
    process.stderr.write(`Error: ${problem}\n`);
    process.exitCode = EXIT_FAILURE;
  } else {
    process.exitCode = await runCli(taken.rest, { stdout: process.stdout, stderr: process.stderr, env: process.env });
  }
}
