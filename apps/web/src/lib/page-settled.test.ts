import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: "settled" happens once per visit, so once per import. */
async function freshModule() {
  vi.resetModules();
  return import('./page-settled');
}

function activity(busy: boolean) {
  const listeners = new Set<() => void>();
  return {
    busy,
    isBusy() {
      return this.busy;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value: boolean) {
      this.busy = value;
      for (const listener of listeners) listener();
    },
  };
}

const tick = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the first page settling (deferred work waits for it)', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('settles once the document is loaded and the browser idle, when nothing is watched', async () => {
    const { whenPageSettled } = await freshModule();
    await expect(whenPageSettled()).resolves.toBeUndefined();
  });

  it('waits while a watched activity is busy, and settles after it is quiet', async () => {
    const { settleAfter, whenPageSettled } = await freshModule();
    const reads = activity(true);
    settleAfter([reads]);
    let settled = false;
    void whenPageSettled().then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);

    reads.set(false);
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it('waits again when a read starts between quiet and idle', async () => {
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    const { settleAfter, whenPageSettled } = await freshModule();
    const reads = activity(false);
    settleAfter([reads]);
    let settled = false;
    void whenPageSettled().then(() => (settled = true));
    await vi.waitFor(() => expect(idleCallbacks).toHaveLength(1));

    // The page's code rendered and its first read began before the browser was idle.
    reads.set(true);
    idleCallbacks.shift()!();
    await tick(20);
    expect(settled).toBe(false);

    reads.set(false);
    await vi.waitFor(() => expect(idleCallbacks).toHaveLength(1));
    idleCallbacks.shift()!();
    await vi.waitFor(() => expect(settled).toBe(true));
  });
});
