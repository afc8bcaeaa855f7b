import { useDebugValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

/**
 * react-redux's `useSelector` is built on `use-sync-external-store/with-selector`, a CommonJS file
 * that `require`s React: the shop's build bundles it onto Preact, but a test run would load it as
 * it is, with React. This is that file as an ES module (React's own code, MIT, Meta Platforms),
 * used by the component tests only (web/vitest.config.ts).
 */
export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const instance = useRef<{ hasValue: boolean; value: Selection | null }>({
    hasValue: false,
    value: null,
  }).current;
  const [getSelection, getServerSelection] = useMemo(() => {
    let hasMemo = false;
    let memoizedSnapshot: Snapshot;
    let memoizedSelection: Selection;
    const memoizedSelector = (nextSnapshot: Snapshot): Selection => {
      if (!hasMemo) {
        hasMemo = true;
        memoizedSnapshot = nextSnapshot;
        const nextSelection = selector(nextSnapshot);
        if (isEqual !== undefined && instance.hasValue && isEqual(instance.value as Selection, nextSelection))
          return (memoizedSelection = instance.value as Selection);
        return (memoizedSelection = nextSelection);
      }
      if (Object.is(memoizedSnapshot, nextSnapshot)) return memoizedSelection;
      const nextSelection = selector(nextSnapshot);
      if (isEqual !== undefined && isEqual(memoizedSelection, nextSelection)) {
        memoizedSnapshot = nextSnapshot;
        return memoizedSelection;
      }
      memoizedSnapshot = nextSnapshot;
      return (memoizedSelection = nextSelection);
    };
    return [
      () => memoizedSelector(getSnapshot()),
      getServerSnapshot ? () => memoizedSelector(getServerSnapshot()) : undefined,
    ];
    // The instance is read when a selection is made, as React's own file does, not when memoized.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [getSnapshot, getServerSnapshot, selector, isEqual]);
  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection);
  useEffect(() => {
    instance.hasValue = true;
    instance.value = value;
  }, [instance, value]);
  useDebugValue(value);
  return value;
}
