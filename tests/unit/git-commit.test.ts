/** The checkout's commit read from `.git` without running git (server/git-commit.ts). */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitCommit } from '../../server/git-commit';

const A = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const B = 'b2c3d4e5f60718293a4b5c6d7e8f901234567890';
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'git-commit-'));
  dirs.push(d);
  return d;
};
const write = (path: string, text: string) => {
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, text);
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('gitCommit', () => {
  it('is the first 7 hex digits of what git itself resolves HEAD to in this repository', () => {
    let full: string;
    try {
      full = execSync('git rev-parse HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    } catch {
      return; // no git or no repository here: the fixtures below still run
    }
    expect(gitCommit()).toBe(full.slice(0, 7));
  });

  it('follows HEAD to a loose ref, else to packed-refs, and reads a detached HEAD as it is', () => {
    const repo = tmp();
    write(join(repo, '.git/HEAD'), 'ref: refs/heads/main\n');
    write(join(repo, '.git/packed-refs'), `# pack-refs with: peeled fully-peeled sorted\n${B} refs/heads/main\n${A} refs/heads/other\n`);
    expect(gitCommit(repo)).toBe(B.slice(0, 7));
    write(join(repo, '.git/refs/heads/main'), `${A}\n`);
    expect(gitCommit(repo)).toBe(A.slice(0, 7));
    write(join(repo, '.git/HEAD'), `${B}\n`);
    expect(gitCommit(repo)).toBe(B.slice(0, 7));
  });

  it('finds .git above the directory, and a worktree through its gitdir file and the shared refs', () => {
    const repo = tmp();
    write(join(repo, '.git/refs/heads/feature'), `${A}\n`);
    write(join(repo, '.git/worktrees/wt/HEAD'), 'ref: refs/heads/feature\n');
    write(join(repo, '.git/worktrees/wt/commondir'), '../..\n');
    const wt = join(tmp(), 'wt');
    write(join(wt, '.git'), `gitdir: ${join(repo, '.git/worktrees/wt')}\n`);
    mkdirSync(join(wt, 'server'));
    expect(gitCommit(join(wt, 'server'))).toBe(A.slice(0, 7));
  });

  it('is unknown without a repository or with a ref that names no commit', () => {
    const none = tmp();
    expect(gitCommit(join(none, 'nowhere'))).toBe('unknown');
    const repo = tmp();
    write(join(repo, '.git/HEAD'), 'ref: refs/heads/missing\n');
    expect(gitCommit(repo)).toBe('unknown');
  });
});
