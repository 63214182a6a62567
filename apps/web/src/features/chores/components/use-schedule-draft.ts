import {
  SCHEDULE_WEEKS_MAX,
  type Chore,
  type GenerateScheduleBody,
  type Group as HouseholdGroup,
  type ScheduleResult,
} from '@household/contracts';
import { useState } from 'react';
import { useSession } from '../../../lib/session';
import { todayForUser } from './chore-format';

/** One "away" period of the schedule dialog, as its fields hold it. */
export interface AwayPeriod {
  key: number;
  userId: string;
  from: string;
  to: string;
}

/**
 * The choices of the generate-schedule dialog (spec §2), what they are worth and the request they
 * make; the preview the server planned for them, until any choice changes.
 */
export function useScheduleDraft({
  group,
  recurring,
}: {
  group: HouseholdGroup;
  recurring: Chore[];
}) {
  const { user } = useSession();
  const [start, setStart] = useState(() => todayForUser(user?.timezone));
  const [weeks, setWeeks] = useState<number | string>(4);
  const [memberIds, setMemberIds] = useState(() => group.members.map((m) => String(m.id)));
  const [choreIds, setChoreIds] = useState(() => recurring.map((c) => String(c.id)));
  const [away, setAway] = useState<AwayPeriod[]>([]);
  const [plan, setPlan] = useState<ScheduleResult | null>(null);

  const validWeeks =
    typeof weeks === 'number' &&
    Number.isInteger(weeks) &&
    weeks >= 1 &&
    weeks <= SCHEDULE_WEEKS_MAX;
  const validAway = away.every((period) => period.from && period.to && period.from <= period.to);
  const ready =
    validWeeks && memberIds.length > 0 && choreIds.length > 0 && validAway && start !== '';
  const body = (preview: boolean): GenerateScheduleBody => ({
    start_date: start,
    weeks: weeks as number,
    member_ids: memberIds.map(Number),
    chore_ids: choreIds.map(Number),
    away: away.map((period) => ({
      user_id: Number(period.userId),
      from: period.from,
      to: period.to,
    })),
    preview,
  });
  // Any change of the choices makes the shown preview stale.
  const changed =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPlan(null);
    };

  return {
    start,
    setStart: changed<string>(setStart),
    weeks,
    setWeeks: changed<number | string>(setWeeks),
    validWeeks,
    memberIds,
    setMemberIds: changed<string[]>(setMemberIds),
    choreIds,
    setChoreIds: changed<string[]>(setChoreIds),
    away,
    addAway: () =>
      changed(setAway)([
        ...away,
        { key: Date.now(), userId: String(group.members[0]?.id ?? ''), from: start, to: start },
      ]),
    updateAway: (key: number, patch: Partial<AwayPeriod>) =>
      changed(setAway)(away.map((p) => (p.key === key ? { ...p, ...patch } : p))),
    removeAway: (key: number) => changed(setAway)(away.filter((p) => p.key !== key)),
    plan,
    setPlan,
    ready,
    body,
  };
}

export type ScheduleDraft = ReturnType<typeof useScheduleDraft>;
