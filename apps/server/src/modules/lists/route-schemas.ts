import { ZIdParam } from '@household/contracts';
import { z } from 'zod';

export type { RouteApi } from '../../http/route-api';

export const tags = ['lists'];
export { bearerSecurity as security } from '../../http/route-api';
export const ZListParams = z.object({ id: ZIdParam });
