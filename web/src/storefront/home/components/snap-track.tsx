import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CAROUSEL_AUTOPLAY_MS } from '@shop/common';

interface Slide {
  key: string;
  content: ReactNode;
}

interface Props {
  /** Names the list of slides for screen readers (the carousel's heading). */
  label: string;
  previousLabel: string;
  nextLabel: string;
  slides: Slide[];
}

/** Has the track reached its end (a pixel of rounding allowed)? */
const atEnd = (track: HTMLElement) => track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;

/** One slide on (back to the first after the last) or one slide back. */
function step(track: HTMLElement | null, direction: 1 | -1) {
  const slide = track?.firstElementChild;
  if (!track || !slide) return;
  if (direction === 1 && atEnd(track)) track.scrollTo({ left: 0, behavior: 'smooth' });
  else track.scrollBy({ left: direction * slide.getBoundingClientRect().width, behavior: 'smooth' });
}

/**
 * The home carousels as a CSS scroll-snap track (decision 010): 1 slide, then 2, 3 and 4 at 640,
 * 768 and 1024 px from the stylesheet alone, so the server's HTML already has the final layout and
 * no library (Swiper was 29 KB gzip of the home page's first load) has to start before it settles.
 * Swiping and the touchpad are the browser's own; the buttons move one slide; autoplay moves one
 * slide every CAROUSEL_AUTOPLAY_MS and goes back to the first after the last, pausing while the
 * pointer or focus is inside and not running at all when the shopper asks for reduced motion.
 */
export function SnapTrack({ label, previousLabel, nextLabel, slides }: Props) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => step(trackRef.current, 1), CAROUSEL_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  const button =
    'absolute top-1/2 z-10 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-brand-800 shadow ring-1 ring-stone-200 hover:bg-white';
  return (
    <div
      className="relative"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul
        ref={trackRef}
        aria-label={label}
        className="flex snap-x snap-mandatory gap-5 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:none]"
      >
        {slides.map((slide) => (
          <li
            key={slide.key}
            className="shrink-0 basis-full snap-start sm:basis-[calc((100%-1.25rem)/2)] md:basis-[calc((100%-2.5rem)/3)] lg:basis-[calc((100%-3.75rem)/4)]"
          >
            {slide.content}
          </li>
        ))}
      </ul>
      <button
        type="button"
        aria-label={previousLabel}
        onClick={() => step(trackRef.current, -1)}
        className={`${button} left-1`}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        aria-label={nextLabel}
        onClick={() => step(trackRef.current, 1)}
        className={`${button} right-1`}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
