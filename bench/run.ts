// `npm run bench`: every benchmark in turn: the close at scale, then the request path under load.
import { runCloseBench } from './close.ts';
import { runHttpBench } from './http.ts';

const results = await runCloseBench();
if (results.some((r) => !r.matches)) process.exitCode = 1;
console.log('');
const http = await runHttpBench();
if (!http.ok) process.exitCode = 1;
