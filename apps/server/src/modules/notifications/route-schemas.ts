import { ZIdParam } from '@household/contracts';
import { z } from 'zod';

export type { RouteApi } from '../../http/route-api';

export const tags = ['notifications'];
export { bearerSecurity as security } from '../../http/route-api';
export const idParams = z.object({ id: ZIdParam });
