// A lock file, so that builds started at once (two test files, say) take turns.
import fs from 'node:fs';
import path from 'node:path';

function readIfExists(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Takes the lock file `lockPath`, waiting (up to two minutes) while another build holds it, and
 * returns the function that gives it back. A lock left by a build that died is taken over.
 */
export async function acquireLock(lockPath, what) {
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = readIfExists(lockPath);
    if (holder === null) continue; // released meanwhile
    const pid = Number.parseInt(holder, 10);
    let alive = true; // also while the holder has yet to write its pid
    if (Number.isInteger(pid)) {
      try {
        process.kill(pid, 0);
      } catch (error) {
        alive = error.code === 'EPERM';
      }
    }
    if (!alive) {
      // left by a build that died (unless another waiter replaced it meanwhile)
      if (readIfExists(lockPath) === holder) fs.rmSync(lockPath, { force: true });
    } else if (Date.now() > deadline) {
      throw new Error(`another ${what} (pid ${holder}) holds ${lockPath}`);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return () => fs.rmSync(lockPath, { force: true });
}

/** Runs `work` holding the lock file `lockPath` (see acquireLock). */
export async function withLock(lockPath, what, work) {
  const release = await acquireLock(lockPath, what);
  try {
    await work();
  } finally {
    release();
  }
}
