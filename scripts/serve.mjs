// A static file server for dist/ on 127.0.0.1 only: the page needs nothing else.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const [root = 'dist', port = '8000'] = process.argv.slice(2);
const base = resolve(root);
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
};

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

server.listen(Number(port), '127.0.0.1', () => {
  console.log(`ridgepoint: serving http://127.0.0.1:${port}/`);
  console.log(`ridgepoint: offline bundle ${join(base, 'ridgepoint.html')}`);
});
