import {
  createContext,
  lazy,
  useContext,
  useMemo,
  type ComponentType,
  type ReactNode,
} from 'react';

type Root = ComponentType<{ children: ReactNode }>;

interface Islands {
  /** Mantine's provider with the app's theme, once its code is in. */
  Root: Root | null;
}

const IslandsContext = createContext<Islands>({ Root: null });

/**
 * Where the app says how Mantine is loaded (app/providers.tsx): the main layout and the list page,
 * drawn without Mantine, bring it only for a part that needs it, such as a dialog or a menu once
 * opened. Components cannot import the app's theme themselves (they sit below it).
 */
export function MantineIslands({
  load,
  children,
}: {
  load: () => Promise<Root>;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ Root: lazy(() => load().then((root) => ({ default: root }))) }),
    [load],
  );
  return <IslandsContext value={value}>{children}</IslandsContext>;
}

/** Within Mantine's provider already (a page drawn with Mantine): an island adds none. */
export function InsideMantine({ children }: { children: ReactNode }) {
  return <IslandsContext value={{ Root: null }}>{children}</IslandsContext>;
}

/**
 * A part drawn with Mantine on a page drawn without it: Mantine's provider loads with it. It
 * suspends until then, so it sits within a Suspense boundary that also waits for the part's own
 * code (a dialog's LoadWhenOpened mounts it only once both are in). Inside a page that has the
 * provider, or in a test that renders a component within one, it is only its children.
 */
export function MantineIsland({ children }: { children: ReactNode }) {
  const { Root } = useContext(IslandsContext);
  if (Root === null) return children;
  return (
    <Root>
      <InsideMantine>{children}</InsideMantine>
    </Root>
  );
}
