// `npm run playground`: serves the built playground (web/dist) on localhost and prints its address.
// A small static file server of our own (node:http): GET and HEAD of files under the directory,
// nothing else. `--port N` (default 8080; 0 picks a free port), `--dir DIR` (default web/dist).
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** A server for the files under `dir`; `/` is index.html. Resolves once it listens. */
export function serve(dir, port = 8080, host = '127.0.0.1') {
  const base = resolve(dir);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = resolve(base, '.' + path);
    if ((file !== base && !file.startsWith(base + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : dflt;
  };
  const dir = resolve(opt('--dir', join(ROOT, 'web', 'dist')));
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`gpuasm playground: ${dir} has no index.html (run: npm run build:web)`);
    process.exit(2);
  }
  const server = await serve(dir, Number(opt('--port', process.env.PORT ?? '8080')));
  const { port } = server.address();
  console.log(`gpuasm playground: http://127.0.0.1:${port}/  (serving ${dir}; Ctrl-C stops)`);
}
