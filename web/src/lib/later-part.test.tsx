import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { laterPart } from './later-part';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('a part that hydrates later', () => {
  it('asks for its code when defined, once, and renders it when it has arrived', async () => {
    const load = vi.fn(async () => Greeting);
    const Part = laterPart(load);
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
    const Part = laterPart<{ name: string }>(load);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part name="Bekzod" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Bekzod')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
