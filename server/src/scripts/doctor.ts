import { formatCheck, runDoctor } from '../ops/doctor.js';

// The going-live checklist of docs/operations.md: every check with ✓, ! (allowed, but said) or ✗.
const results = await runDoctor(process.env);
for (const result of results) console.log(formatCheck(result));
const failed = results.filter((result) => !result.ok).length;
console.log(failed === 0 ? 'Ready to go live.' : `${failed} check${failed === 1 ? '' : 's'} failed.`);
process.exit(failed === 0 ? 0 : 1);
