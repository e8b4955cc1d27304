#!/usr/bin/env node
/**
 * `npm test`: the checks first, then every test layer. Lint and the type checks run side by side (each
 * keeps one core busy, and they share nothing); their output is printed whole when each ends, so the
 * two do not interleave. Then the build (the end-to-end tests drive it) and `vitest run` with any
 * arguments given (`npm test -- --project client`). The first failure stops the run with its code.
 */
import { spawn } from 'node:child_process';

/** Runs an npm script; resolves with its exit code and everything it printed. */
function run(script, extra = [], { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, ...(extra.length ? ['--', ...extra] : [])], {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), output }));
  });
}

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

const checks = await Promise.all(
  ['lint', 'typecheck'].map((script) =>
    run(script, [], { quiet: true }).then((result) => {
      console.log(`\n> ${script}: ${result.code === 0 ? 'passed' : `failed (${result.code})`} at ${seconds()}`);
      if (result.output.trim()) console.log(result.output.trimEnd());
      return result;
    }),
  ),
);
const failed = checks.find((result) => result.code !== 0);
if (failed) process.exit(failed.code);

for (const [script, extra] of [
  ['build', []],
  ['test:all', process.argv.slice(2)],
]) {
  console.log(`\n> ${script} (at ${seconds()})`);
  const { code } = await run(script, extra);
  if (code !== 0) process.exit(code);
}
