// `npm run bench`: every benchmark in turn (today the close).
import { runCloseBench } from './close.ts';

const results = await runCloseBench();
if (results.some((r) => !r.matches)) process.exitCode = 1;
