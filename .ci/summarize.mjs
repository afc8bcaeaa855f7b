// Sums Vitest and Playwright JSON reports into the one closing line CI reads, after naming every
// failed test and every test that passed only on a retry (flaky: green, but not to be trusted).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const failedNames = [];
const flakyNames = [];

/** Vitest: each file's assertions, named by file and title path. */
function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName ?? test.title}`),
  );
}

/** Playwright: every test of every spec, with the suites' titles that lead to it. */
function* playwrightTests(suites, trail = []) {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        yield {
          name: [...here, spec.title].join(' › ') + (test.projectName ? ` [${test.projectName}]` : ''),
          test,
        };
      }
    }
    yield* playwrightTests(suite.suites, here);
  }
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: no report (the suite did not run)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest (no retries are configured, so a test there passes or fails)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    failedNames.push(...vitestFailures(report));
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (report.stats) {
    // Playwright
    const ok = report.stats.expected + report.stats.flaky;
    const bad = report.stats.unexpected;
    passed += ok;
    failed += bad;
    skipped += report.stats.skipped;
    for (const { name, test } of playwrightTests(report.suites)) {
      const retried = (test.results ?? []).some((result) => result.retry > 0);
      if (test.status === 'unexpected') failedNames.push(name);
      else if (test.status === 'flaky' || (retried && test.status === 'expected')) flakyNames.push(name);
    }
    console.log(`${file}: ${ok} passed (${report.stats.flaky} only on a retry), ${bad} failed`);
  }
}
for (const name of failedNames) console.log(`failed: ${name}`);
for (const name of flakyNames) console.log(`passed only on a retry: ${name}`);
const flaky = flakyNames.length ? `, ${flakyNames.length} passed only on a retry` : '';
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${flaky}`);
process.exit(failed > 0 ? 1 : 0);
