// `npm run bench`: every benchmark in turn (the close, then the play screen on a phone).
import { runCloseBench } from './close.ts';
import { printWebBench, runWebBench } from './web.ts';

const close = await runCloseBench();
const web = await runWebBench();
printWebBench(web);
if (close.some((r) => !r.matches) || web.some((r) => !r.passes)) process.exitCode = 1;
