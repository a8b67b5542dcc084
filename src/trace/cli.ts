import { APP_VERSION } from './appVersion';
import { replayTrace, type PathStep } from './replay';
import { stateLabel } from './states';
import { TraceError, parseTrace } from './validate';

/** What the command needs from the outside world, so tests can run it in-process. */
export interface ReplayIo {
  /** Throws when the file cannot be read. */
  readFile(path: string): string;
  out(line: string): void;
  err(line: string): void;
}

export const USAGE =
  'usage: npm run replay -- FILE   (FILE: a trace downloaded from the Flows panel)';

/** Exit statuses: 0 replayed and every checkpoint matched; 1 bad trace or divergence; 2 usage. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export function formatStep(step: PathStep): string {
  const time = `${step.t.toFixed(1).padStart(10)} ms`;
  const what = step.kind === 'state' ? stateLabel(step.state) : `→ ${step.command}`;
  return `${time}  ${step.machine.padEnd(9)}  ${what}`;
}

/** `npm run replay -- FILE`: replays a trace headlessly and prints the state path. */
export function runReplay(args: readonly string[], io: ReplayIo): number {
  const files = args.filter((arg) => arg !== '--');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    io.err(USAGE);
    return EXIT.usage;
  }
  const file = files[0]!;
  let text: string;
  try {
    text = io.readFile(file);
  } catch (error) {
    io.err(
      `replay: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return EXIT.usage;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    io.err(
      `replay: ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
    return EXIT.failed;
  }
  let trace;
  try {
    trace = parseTrace(json);
  } catch (error) {
    if (!(error instanceof TraceError)) throw error;
    io.err(`replay: malformed trace ${file}: ${error.message}`);
    return EXIT.failed;
  }

  io.out(
    `Trace recorded by Chartroom ${trace.appVersion}${trace.startedAt ? ` at ${trace.startedAt}` : ''}` +
      ` on ${trace.initial.url}: ${trace.events.length} events, ${trace.checkpoints.length} checkpoints`,
  );
  if (trace.appVersion !== APP_VERSION) {
    io.out(`(replaying with Chartroom ${APP_VERSION}; the machines may have changed since)`);
  }
  const { path, matched, divergence } = replayTrace(trace);
  for (const step of path) io.out(formatStep(step));
  if (divergence) {
    const { index, checkpoint } = divergence;
    const where = `checkpoint ${index} (after event ${checkpoint.afterEvent}, at ${checkpoint.t.toFixed(1)} ms)`;
    io.err(
      divergence.timer
        ? `replay: diverges before ${where}, which was not compared:`
        : `replay: ${where} diverges:`,
    );
    for (const difference of divergence.differences) io.err(`  ${difference}`);
    return EXIT.failed;
  }
  io.out(`All ${matched} checkpoints reached.`);
  return EXIT.ok;
}
