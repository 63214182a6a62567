import { Outlet } from 'react-router';
import { MantineRoot } from './MantineRoot';

/** The pages below it are drawn with Mantine (app/router.tsx). */
export function MantineLayout() {
  return (
    <MantineRoot>
      <Outlet />
    </MantineRoot>
  );
}
