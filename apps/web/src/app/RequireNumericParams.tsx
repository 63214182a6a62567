import { Outlet, useParams } from 'react-router';
import { NotFoundPage } from './NotFoundPage';

/** spec §2: ids in routes are numbers; anything else is a path that does not exist. */
export function RequireNumericParams() {
  const params = useParams();
  const valid = Object.values(params).every((value) => value && /^[1-9]\d{0,15}$/.test(value));
  return valid ? <Outlet /> : <NotFoundPage />;
}
