import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setActiveWebApp, useMainButton, type TelegramWebApp } from './web-app';

function standIn() {
  const button = { setParams: vi.fn(), show: vi.fn(), hide: vi.fn(), onClick: vi.fn(), offClick: vi.fn() };
  return {
    initData: 'signed',
    colorScheme: 'light',
    themeParams: {},
    ready: vi.fn(),
    expand: vi.fn(),
    onEvent: vi.fn(),
    offEvent: vi.fn(),
    BackButton: { show: vi.fn(), hide: vi.fn(), onClick: vi.fn(), offClick: vi.fn() },
    MainButton: button,
  } satisfies TelegramWebApp;
}

function Page({ onAdd, disabled }: { onAdd: () => void; disabled: boolean }) {
  useMainButton({ text: 'Add to cart', onClick: onAdd, disabled });
  return null;
}

/** A page whose MainButton action depends on a choice made on the page (a colour). */
function ColourPage({ onAdd }: { onAdd: (colour: string) => void }) {
  const [colour, setColour] = useState('none');
  useMainButton({ text: 'Add to cart', onClick: () => onAdd(colour) });
  return (
    <button type="button" onClick={() => setColour('Black')}>
      {colour}
    </button>
  );
}

afterEach(() => act(() => setActiveWebApp(null)));

describe('useMainButton', () => {
  it('does nothing outside Telegram', () => {
    const webApp = standIn();
    render(<Page onAdd={vi.fn()} disabled={false} />);
    expect(webApp.MainButton.setParams).not.toHaveBeenCalled();
  });

  it("shows Telegram's MainButton for the page's action, runs the latest handler, and hides it on leaving", () => {
    const webApp = standIn();
    act(() => setActiveWebApp(webApp));
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender, unmount } = render(<Page onAdd={first} disabled={false} />);
    expect(webApp.MainButton.setParams).toHaveBeenLastCalledWith({
      text: 'Add to cart',
      is_active: true,
      is_visible: true,
    });
    rerender(<Page onAdd={latest} disabled />);
    expect(webApp.MainButton.setParams).toHaveBeenLastCalledWith({
      text: 'Add to cart',
      is_active: false,
      is_visible: true,
    });
    const click = webApp.MainButton.onClick.mock.calls.at(-1)![0] as () => void;
    click();
    expect(latest).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
    unmount();
    expect(webApp.MainButton.hide).toHaveBeenCalled();
    expect(webApp.MainButton.offClick).toHaveBeenCalledWith(click);
  });

  it('runs the action of the page as last rendered, before the browser paints it', async () => {
    const webApp = standIn();
    act(() => setActiveWebApp(webApp));
    const onAdd = vi.fn();
    render(<ColourPage onAdd={onAdd} />);
    const click = webApp.MainButton.onClick.mock.calls.at(-1)![0] as () => void;
    // A tap on the page, then on Telegram's button at once: no frame in between for effects to run.
    screen.getByRole('button').click();
    await Promise.resolve();
    await Promise.resolve();
    expect(screen.getByRole('button').textContent).toBe('Black');
    click();
    expect(onAdd).toHaveBeenCalledWith('Black');
  });
});
