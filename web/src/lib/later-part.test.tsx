import { Suspense, useId } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { laterPart } from './later-part';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('a part that hydrates later', () => {
  it('asks for its code when defined, once, and renders it when it has arrived', async () => {
    const load = vi.fn(async () => Greeting);
    const Part = laterPart('greeting', load);
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part name="Dilnoza" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Dilnoza')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks once more when the first request for its code failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(Greeting);
    const Part = laterPart<{ name: string }>('greeting', load);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part name="Bekzod" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Bekzod')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is left out, and the rest of the page stays, when its code cannot be had', async () => {
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const Part = laterPart<{ name: string }>('greeting', load);
    render(
      <main>
        <h1>Products</h1>
        <Suspense fallback={<p>waiting</p>}>
          <Part name="Bekzod" />
        </Suspense>
      </main>,
    );
    await waitFor(() => expect(screen.queryByText('waiting')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('numbers its ids on its own, the same whether its code came before the page rendered or after', async () => {
    const Labelled = ({ name }: { name: string }) => <p>{`${name} ${useId()}`}</p>;
    const ids = async (arrived: boolean) => {
      let arrive: (part: typeof Labelled) => void = () => undefined;
      const code = new Promise<typeof Labelled>((resolve) => (arrive = resolve));
      if (arrived) arrive(Labelled);
      const Part = laterPart('reviews', () => code);
      if (arrived) await code;
      const view = render(
        <>
          <Labelled name="before" />
          <Suspense fallback={null}>
            <Part name="part" />
          </Suspense>
          <Labelled name="after" />
        </>,
      );
      arrive(Labelled);
      await screen.findByText(/^part /);
      const texts = screen.getAllByText(/^(before|part|after) /).map((element) => element.textContent);
      view.unmount();
      return texts;
    };
    const early = await ids(true);
    expect(early).toEqual(['before P0-0', 'part P_reviews-0', 'after P0-1']);
    expect(await ids(false)).toEqual(early);
  });
});
