// A static file server for dist/ on 127.0.0.1 only: the page needs nothing else.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Serves the folder `root` on 127.0.0.1:`port` (0: any free port); resolves once listening. */
export function startServer(root, port) {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(base)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });

  return new Promise((listening, failed) => {
    server.once('error', failed);
    server.listen(Number(port), '127.0.0.1', () => listening(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [root = 'dist', port = '8000'] = process.argv.slice(2);
  try {
    await startServer(root, port);
  } catch (error) {
    if (error.code !== 'EADDRINUSE') throw error;
    console.error(`ridgepoint: port ${port} on 127.0.0.1 is busy (another server is using it).`);
    console.error(`ridgepoint: pick another with PORT, e.g.  PORT=${Number(port) + 1} scripts/serve`);
    process.exit(1);
  }
  console.log(`ridgepoint: serving http://127.0.0.1:${port}/`);
  console.log(`ridgepoint: offline bundle ${join(resolve(root), 'ridgepoint.html')}`);
}
