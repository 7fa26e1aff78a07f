// The bare baseline of bench:morning's public reads: node:http answering each path with bytes held in memory, the
// same bytes the project answers there (BODIES names a JSON file of path → body). What serving a closed day's answer
// as a file costs on this machine. Run as its own process: PORT=… BODIES=… node --import tsx bench/morning-baseline.ts
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const port = Number(process.env['PORT']);
const file = process.env['BODIES'];
if (!Number.isInteger(port) || port <= 0 || !file) throw new Error('PORT and BODIES are required');
const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).map(([path, body]) => [
    path,
    Buffer.from(body),
  ]),
);
const notFound = Buffer.from('{"error":"Not found."}');

createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  res.writeHead(body ? 200 : 404, {
    'content-type': 'application/json',
    'content-length': String((body ?? notFound).byteLength),
  });
  res.end(body ?? notFound);
}).listen(port, '127.0.0.1');
