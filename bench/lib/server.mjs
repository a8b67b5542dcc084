// A tiny static file server for built pages, on 127.0.0.1 and an ephemeral port. It keeps a log
// of what it served, so that a suite can see every file a page loaded (worker scripts included,
// which page-level network events can miss).
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.geojson': 'application/geo+json',
  '.map': 'application/json; charset=utf-8',
  '.pbf': 'application/x-protobuf',
  '.mvt': 'application/vnd.mapbox-vector-tile',
  '.pmtiles': 'application/octet-stream',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export function mimeType(file) {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Serves `root` until `close()`. Each answered request is logged as
 * `{ path, file, status, bytes, type, at }` (`at`: the server's `performance.now()` when the request
 * arrived); `takeLog()` returns the log so far and empties it.
 */
export async function startStaticServer(root) {
  const base = path.resolve(root);
  let log = [];
  const server = http.createServer(async (req, res) => {
    let pathname = '/';
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = path.join(base, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    const entry = {
      path: pathname,
      file,
      status: 404,
      bytes: 0,
      type: mimeType(file),
      at: performance.now(),
    };
    log.push(entry);
    if (file !== base && !file.startsWith(base + path.sep)) {
      entry.status = 403;
      res.writeHead(403).end();
      return;
    }
    let body;
    try {
      body = await fs.readFile(file);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    entry.status = 200;
    entry.bytes = body.length;
    res.writeHead(200, { 'content-type': entry.type, 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    root: base,
    url: `http://127.0.0.1:${port}/`,
    takeLog() {
      const taken = log;
      log = [];
      return taken;
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      });
    },
  };
}
