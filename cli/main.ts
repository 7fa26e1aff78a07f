// Entry point of `lowest` (npm run cli -- …, or the bin): runs the command line and sets the exit code.
import { runCli } from './run.ts';

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
