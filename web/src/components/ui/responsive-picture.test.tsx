import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { ProductImage } from '@shop/common';
import { RenderTimeContext } from '../../lib/render-time';
import { previewOf } from './picture-preview';
import { ResponsivePicture } from './responsive-picture';

vi.mock('./picture-preview', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./picture-preview')>();
  return { ...actual, previewOf: vi.fn(actual.previewOf) };
});

const picture = (placeholder: string): ProductImage => ({
  src: '/uploads/chair.jpg',
  avif: '/uploads/chair-480.avif 480w, /uploads/chair-960.avif 960w',
  webp: '/uploads/chair-480.webp 480w, /uploads/chair-960.webp 960w',
  width: 960,
  height: 960,
  placeholder,
});
const CHAIR = 'sxgKDYLIt4ePhnZ+dSanhyeEcDII';
const DESK = '1QcSHQRnh493V4dIh4eXh1h4kJUI';

const Page = ({ placeholder, renderedAt }: { placeholder: string; renderedAt: number | null }) => (
  <RenderTimeContext.Provider value={renderedAt}>
    <ResponsivePicture
      picture={picture(placeholder)}
      fallbackSrc={null}
      alt="Chair"
      sizes="50vw"
      width={960}
      height={960}
    />
  </RenderTimeContext.Provider>
);

const previewIn = (container: HTMLElement) => container.querySelector('img')?.style.backgroundImage;

afterEach(() => vi.mocked(previewOf).mockClear());

describe('a product picture', () => {
  it('draws its blurred preview when the browser renders it', () => {
    const { container } = render(<Page placeholder={CHAIR} renderedAt={null} />);
    expect(previewIn(container)).toContain(previewOf(CHAIR)!);
  });

  it('keeps the preview the server drew while hydrating, without decoding it again, and draws a new picture’s', async () => {
    // As on the server, where there is no document.
    vi.stubGlobal('document', undefined);
    const html = renderToString(<Page placeholder={CHAIR} renderedAt={1_700_000_000_000} />);
    vi.unstubAllGlobals();
    expect(html).toContain(previewOf(CHAIR)!);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    vi.mocked(previewOf).mockClear();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Page placeholder={CHAIR} renderedAt={1_700_000_000_000} />);
    });
    expect(previewOf).not.toHaveBeenCalled();
    expect(previewIn(container)).toContain(previewOf(CHAIR)!);

    await act(async () => root!.render(<Page placeholder={DESK} renderedAt={null} />));
    expect(previewIn(container)).toContain(previewOf(DESK)!);
    act(() => root!.unmount());
    container.remove();
  });
});
