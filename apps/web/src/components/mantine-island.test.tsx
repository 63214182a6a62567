import { render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { InsideMantine, MantineIsland, MantineIslands } from './MantineIsland';

/** Stands for MantineRoot: marks what it draws. */
function FakeRoot({ children }: { children: ReactNode }) {
  return <div data-testid="root">{children}</div>;
}

describe('a Mantine island (components/MantineIsland.tsx)', () => {
  it('draws its part inside the provider the app loads, once loaded', async () => {
    const load = vi.fn(() => Promise.resolve(FakeRoot));
    render(
      <MantineIslands load={load}>
        <Suspense fallback={<p>loading</p>}>
          <MantineIsland>
            <p>dialog</p>
          </MantineIsland>
        </Suspense>
      </MantineIslands>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    const part = await screen.findByText('dialog');
    expect(screen.getByTestId('root')).toContainElement(part);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('adds no second provider within a page that has one, nor loads it', () => {
    const load = vi.fn(() => Promise.resolve(FakeRoot));
    render(
      <MantineIslands load={load}>
        <InsideMantine>
          <MantineIsland>
            <p>menu</p>
          </MantineIsland>
        </InsideMantine>
      </MantineIslands>,
    );
    expect(screen.getByText('menu')).toBeInTheDocument();
    expect(screen.queryByTestId('root')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('is only its children where the app says nothing (a component test within a provider)', () => {
    render(
      <MantineIsland>
        <p>section</p>
      </MantineIsland>,
    );
    expect(screen.getByText('section')).toBeInTheDocument();
  });
});
