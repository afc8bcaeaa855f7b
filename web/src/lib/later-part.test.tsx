import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { laterPart } from './later-part';

describe('a part that hydrates later', () => {
  it('asks for its code when defined, once, and renders it when it has arrived', async () => {
    const load = vi.fn(async () => ({ name }: { name: string }) => <p>Hello {name}</p>);
    const Greeting = laterPart(load);
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Greeting name="Dilnoza" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Dilnoza')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
