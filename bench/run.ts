// `npm run bench`: every benchmark in turn: the close at scale, the request path under load, then the play screen
// on a phone. Exit code 1 when a result is wrong (close, HTTP) or the phone goals are missed.
import { runCloseBench } from './close.ts';
import { runHttpBench } from './http.ts';
import { printWebBench, runWebBench } from './web.ts';

const close = await runCloseBench();
if (close.some((r) => !r.matches)) process.exitCode = 1;
console.log('');
const http = await runHttpBench();
if (!http.ok) process.exitCode = 1;
console.log('');
const web = await runWebBench();
printWebBench(web);
if (web.some((r) => !r.passes)) process.exitCode = 1;
