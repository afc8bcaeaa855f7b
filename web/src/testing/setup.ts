import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// A test fails on any console.error (React act() warnings, failed prop types, uncaught renders).
const originalError = console.error;
beforeEach(() => {
  console.error = (...args: unknown[]) => {
    originalError(...args);
    throw new Error(`console.error was called: ${String(args[0]).slice(0, 200)}`);
  };
});
afterEach(() => {
  console.error = originalError;
});
