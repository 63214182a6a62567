export type { RouteApi } from '../../http/route-api';

export const tags = ['users'];
export { bearerSecurity as security } from '../../http/route-api';
