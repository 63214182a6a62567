import { useParams } from 'react-router';

/** A route id, already checked to be a positive integer by the router (RequireNumericParams). */
export function useNumericParam(name: string): number {
  return Number(useParams()[name]);
}

/** The same, for pages that also serve a route without that id (a group's lists, chores...). */
export function useOptionalNumericParam(name: string): number | null {
  const value = useParams()[name];
  return value === undefined ? null : Number(value);
}
