// `npm run bench`: every benchmark in turn: the close at scale, the request path under load, the morning after a close,
// the rate limiter, the play screen on a phone, the verify page of a 1M-entry game (phone and FULL AUDIT), the
// integrity signals' simulated month, then a ten-year player's data export. Exit code 1 when a result is wrong (close,
// HTTP) or a goal is missed.
import { runCloseBench } from './close.ts';
import { runExportBench } from './export.ts';
import { runHttpBench } from './http.ts';
import { runMorningBench } from './morning.ts';
import { DEFAULT_OPTIONS, report, runIntegrityBench } from './integrity.ts';
import { printRateLimitBench, runRateLimitBench } from './rate-limit.ts';
import { printWebBench, runWebBench } from './web.ts';
import { printWebVerifyBench, runWebVerifyBench } from './web-verify.ts';

const close = await runCloseBench();
if (close.some((r) => !r.matches)) process.exitCode = 1;
console.log('');
const http = await runHttpBench();
if (!http.ok) process.exitCode = 1;
console.log('');
if (!(await runMorningBench())) process.exitCode = 1;
console.log('');
const rateLimit = await runRateLimitBench();
printRateLimitBench(rateLimit);
if (!rateLimit.ok) process.exitCode = 1;
console.log('');
const web = await runWebBench();
printWebBench(web);
if (web.some((r) => !r.passes)) process.exitCode = 1;
console.log('');
// The web app is built already, by the play screen's bench.
const verify = await runWebVerifyBench({ build: false });
printWebVerifyBench(verify);
if (!verify.mobile.passes || !verify.audit.passes) process.exitCode = 1;
console.log('');
const integrity = report(await runIntegrityBench(DEFAULT_OPTIONS, (line) => console.log(line)));
for (const line of integrity.lines) console.log(line);
if (!integrity.passes) process.exitCode = 1;
console.log('');
const exported = await runExportBench();
if (exported.some((r) => r.daysInFile !== r.days)) process.exitCode = 1;
