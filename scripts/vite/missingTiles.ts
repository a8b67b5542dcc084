import fs from 'node:fs';
import path from 'node:path';
import type { Connect, Plugin } from 'vite';

/** A tile's address under the app: `tiles/{z}/{x}/{y}.pbf`, after any base path. */
const TILE_PATH = /\/tiles\/\d+\/\d+\/\d+\.pbf$/;

/**
 * Answers a request for a tile that is not there with a 404, in `vite` (the dev server) and
 * `vite preview`. Both would otherwise answer it with index.html (their single-page fallback),
 * which MapLibre cannot parse. Below zoom 7 every tile is a file; beyond, scripts/build-tiles.mjs
 * writes only the tiles with coastlines or borders, and its TileJSON says `sparse: true`, so
 * MapLibre answers a 404 with the nearest ancestor tile, sliced. Any static host does the same.
 */
export function missingTiles(): Plugin {
  const middleware =
    (dir: () => string): Connect.NextHandleFunction =>
    (req, res, next) => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const match = TILE_PATH.exec(pathname);
      if (!match || fs.existsSync(path.join(dir(), match[0]))) {
        next();
        return;
      }
      res.statusCode = 404;
      res.setHeader('content-type', 'text/plain');
      res.end('no such tile');
    };
  let root = process.cwd();
  let publicDir = path.join(root, 'public');
  let outDir = path.join(root, 'dist');
  return {
    name: 'chartroom-missing-tiles',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(middleware(() => publicDir));
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware(() => outDir));
    },
  };
}
