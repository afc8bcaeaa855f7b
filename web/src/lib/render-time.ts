import { createContext, useContext, useState } from 'react';

/**
 * The time the server rendered the page, while the browser hydrates it (null afterwards): a clock
 * on the page (the sale countdown) first renders that time on both sides, then ticks.
 */
export const RenderTimeContext = createContext<number | null>(null);

export function useFirstRenderNow(): number {
  const renderedAt = useContext(RenderTimeContext);
  const [now] = useState(() => renderedAt ?? Date.now());
  return now;
}
