/**
 * The checkout's commit for the health answer and the ops summary (docs/performance.md "Start time"):
 * read from `.git` (HEAD, then the loose or packed ref it names) instead of running `git rev-parse`,
 * a child process that held up every start by 20–200 ms. Finds `.git` in the directory or above it,
 * as git does, and follows a worktree's `gitdir:` file. `unknown` when there is no repository.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Abbreviated as `git rev-parse --short` abbreviates in a repository of this size. */
const SHORT = 7;

function gitDirOf(start: string): string | null {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (existsSync(dotGit)) {
      if (statSync(dotGit).isDirectory()) return dotGit;
      const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'));
      return pointer ? resolve(dir, pointer[1].trim()) : null;
    }
    if (dirname(dir) === dir) return null;
  }
}

function refValue(gitDir: string, ref: string): string | null {
  // a worktree keeps its HEAD and shares the refs of the main repository (`commondir`)
  const common = existsSync(join(gitDir, 'commondir')) ? resolve(gitDir, readFileSync(join(gitDir, 'commondir'), 'utf8').trim()) : gitDir;
  for (const dir of [gitDir, common]) {
    const loose = join(dir, ref);
    if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
  }
  const packed = join(common, 'packed-refs');
  if (!existsSync(packed)) return null;
  const line = readFileSync(packed, 'utf8').split('\n').find((l) => l.endsWith(` ${ref}`) && !l.startsWith('#'));
  return line ? line.slice(0, line.indexOf(' ')) : null;
}

export function gitCommit(cwd = process.cwd()): string {
  try {
    const gitDir = gitDirOf(cwd);
    if (!gitDir) return 'unknown';
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    const sha = head.startsWith('ref:') ? refValue(gitDir, head.slice(4).trim()) : head;
    return sha && /^[0-9a-f]{40,64}$/.test(sha) ? sha.slice(0, SHORT) : 'unknown';
  } catch {
    return 'unknown';
  }
}
