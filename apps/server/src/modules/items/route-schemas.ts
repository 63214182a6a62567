export type { RouteApi } from '../../http/route-api';

export const tags = ['items'];
export { bearerSecurity as security } from '../../http/route-api';
