/** `npm run replay -- FILE`: see src/trace/cli.ts. */
import { readFileSync } from 'node:fs';
import { runReplay } from '../src/trace/cli';

process.exitCode = runReplay(process.argv.slice(2), {
  readFile: (path) => readFileSync(path, 'utf8'),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
