import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { options } from 'preact';

// The components run on Preact (decision 027), which runs effects after the next frame. jsdom
// draws no frames: Preact would wait its 35 ms fallback, where a browser waits one frame. A task
// later, as after a frame. (And a text field's onChange listens to `input`, which typing fires: a test
// fires `input` on it, not `change`.)
(options as { requestAnimationFrame?: (callback: () => void) => void }).requestAnimationFrame = (callback) =>
  setTimeout(callback, 0);

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
