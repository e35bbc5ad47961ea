// Prints one closing line for the whole `npm test` run, counted from the runners' JSON reports.
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

const unit = read('test-results/unit.json');
const e2e = read('test-results/e2e.json');
if (!unit || !e2e) {
  console.error('Missing test reports in test-results/: the unit or browser run did not finish.');
  process.exit(1);
}

const passed = unit.numPassedTests + e2e.stats.expected;
const failed = unit.numFailedTests + e2e.stats.unexpected + e2e.stats.flaky;
const skipped = unit.numPendingTests + unit.numTodoTests + e2e.stats.skipped;
console.log(
  `Unit, integration and component: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed. ` +
    `Browser: ${e2e.stats.expected} passed, ${e2e.stats.unexpected + e2e.stats.flaky} failed.`,
);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
