// `npm test`: the type check, the lint and the production build side by side (each mostly uses one
// core), then the unit, integration and component tests, then the browser journeys on that build,
// then one closing line counted from the runners' reports. Stops at the first stage that fails.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`; output goes to the terminal, or is kept and answered when `quiet`. */
function run(script, { quiet = false, env = {} } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
      shell: process.platform === 'win32',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) =>
      resolve({ script, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

function stage(name, seconds, ok) {
  console.log(`\n== ${name}: ${ok ? 'done' : 'FAILED'} in ${seconds.toFixed(0)} s`);
}

// 1. Checks and build together; each one's output is printed whole when it ends.
const together = await Promise.all(
  ['typecheck', 'lint', 'build'].map((script) =>
    run(script, { quiet: true }).then((result) => {
      console.log(`\n== npm run ${result.script} (${result.seconds.toFixed(0)} s)`);
      if (result.output.trim()) console.log(result.output.trimEnd());
      stage(`npm run ${result.script}`, result.seconds, result.code === 0);
      return result;
    }),
  ),
);
if (together.some((result) => result.code !== 0)) process.exit(1);

// 2. Unit, integration and component tests; 3. the browser journeys on the build made above.
for (const [script, env] of [
  ['test:unit', {}],
  ['test:e2e', { E2E_BUILT: '1' }],
]) {
  console.log(`\n== npm run ${script}`);
  const result = await run(script, { env });
  stage(`npm run ${script}`, result.seconds, result.code === 0);
  if (result.code !== 0) process.exit(result.code);
}

// 4. One line for the whole run.
const summary = spawn(process.execPath, ['scripts/test-summary.mjs'], { stdio: 'inherit' });
summary.on('close', (code) => process.exit(code ?? 1));
