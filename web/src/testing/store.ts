/**
 * The app's store for tests in any folder: entities and lib/ are tested inside the store the app
 * composes, while their own code never imports app/ (web/scripts/eslint-boundaries.mjs).
 */
export { makeStore, restoreFromStorage, type RootState } from '../app/store';
