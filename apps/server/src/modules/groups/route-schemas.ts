import { ZIdParam } from '@household/contracts';
import { z } from 'zod';

export type { RouteApi } from '../../http/route-api';

export const tags = ['groups'];
export { bearerSecurity as security } from '../../http/route-api';
export const ZGroupParams = z.object({ id: ZIdParam });
export const noContent = { 204: z.null() };
