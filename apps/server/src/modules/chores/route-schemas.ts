import { ZIdParam } from '@household/contracts';
import { z } from 'zod';

export type { RouteApi } from '../../http/route-api';

export const tags = ['chores'];
export { bearerSecurity as security } from '../../http/route-api';
export const ZIdParams = z.object({ id: ZIdParam });
