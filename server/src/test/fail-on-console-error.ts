import { afterEach, vi } from 'vitest';

// An unexpected console.error is a bug somewhere, even when the assertions pass.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length > 0) {
    const logged = errors.splice(0).map((args) => args.map(String).join(' '));
    throw new Error(`console.error was called:\n${logged.join('\n')}`);
  }
});
