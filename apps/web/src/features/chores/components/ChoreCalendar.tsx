import type { DatesSetArg, EventClickArg, EventInput, LocaleInput } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import nlLocale from '@fullcalendar/core/locales/nl';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import type { Chore } from '@household/contracts';
import { addCalendarDays, type CalendarDate } from '@household/domain';
import { ActionIcon, Button, Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { choreEvents } from './calendar-events';
import './chore-calendar.css';

/** FullCalendar's own texts (weekdays, the month's title) in the language shown; en is built in. */
const LOCALES: Record<string, LocaleInput> = {
  de: deLocale,
  es: esLocale,
  fr: frLocale,
  nl: nlLocale,
};

type CalendarView = 'dayGridMonth' | 'dayGridWeek';

/** The visible days, as calendar dates: FullCalendar runs in UTC, so its dates are ours. */
interface Shown {
  from: CalendarDate;
  to: CalendarDate;
  /** The first day of the month or week shown (the visible days start earlier in a month). */
  start: CalendarDate;
  title: string;
  view: CalendarView;
}

const calendarDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * spec §2 calendar view: a month or a week of chores, each pending chore on every day it comes
 * round and each completion on the day it was done. Choosing one opens it for editing. The
 * toolbar is the app's own, so its buttons are named, translated and fit a 375 px phone.
 */
export function ChoreCalendar({
  chores,
  today,
  onOpen,
}: {
  chores: readonly Chore[];
  today: CalendarDate;
  onOpen: (chore: Chore) => void;
}) {
  const { t, i18n } = useTranslation();
  const calendar = useRef<FullCalendar>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const view = shown?.view ?? 'dayGridMonth';

  const events = useMemo<EventInput[]>(() => {
    if (!shown) return [];
    return choreEvents(chores, shown.from, shown.to, today).map((event) => ({
      id: event.id,
      title: event.kind === 'done' ? t('chores.calendar.done', { name: event.name }) : event.name,
      start: event.date,
      allDay: true,
      classNames: ['chore-event', `chore-event--${event.kind}`],
      extendedProps: { choreId: event.choreId },
    }));
  }, [chores, shown, today, t]);

  const api = () => calendar.current?.getApi();
  const onDatesSet = (arg: DatesSetArg) =>
    setShown({
      from: calendarDate(arg.start),
      // FullCalendar's end is the first day after the range.
      to: addCalendarDays(calendarDate(arg.end), -1),
      start: calendarDate(arg.view.currentStart),
      title: arg.view.title,
      view: arg.view.type as CalendarView,
    });
  const onEventClick = ({ event }: EventClickArg) => {
    const chore = chores.find(({ id }) => id === event.extendedProps.choreId);
    if (chore) onOpen(chore);
  };
  const month = view === 'dayGridMonth';

  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-label={t('chores.calendar.label')}
      className="chore-calendar"
    >
      <Group justify="space-between" gap="xs" mb="sm">
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t(month ? 'chores.calendar.previousMonth' : 'chores.calendar.previousWeek')}
            onClick={() => api()?.prev()}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Button variant="default" onClick={() => api()?.today()}>
            {t('chores.calendar.today')}
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t(month ? 'chores.calendar.nextMonth' : 'chores.calendar.nextWeek')}
            onClick={() => api()?.next()}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <SegmentedControl
          aria-label={t('chores.calendar.views')}
          value={view}
          onChange={(value) => api()?.changeView(value)}
          data={[
            { value: 'dayGridMonth', label: t('chores.calendar.month') },
            { value: 'dayGridWeek', label: t('chores.calendar.week') },
          ]}
        />
      </Group>
      {/* Announced when it changes, so moving a month on says which month is shown. */}
      <Title order={3} size="h4" mb="xs" aria-live="polite">
        {shown?.title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('chores.calendar.hint')}
      </Text>
      <FullCalendar
        // A new language draws the calendar anew (its title and weekdays), on the days shown.
        key={i18n.language}
        ref={calendar}
        plugins={[dayGridPlugin]}
        initialView={view}
        initialDate={shown?.start ?? today}
        timeZone="UTC"
        now={today}
        locale={LOCALES[i18n.language] ?? 'en'}
        headerToolbar={false}
        height="auto"
        fixedWeekCount={false}
        dayMaxEvents={3}
        events={events}
        eventClick={onEventClick}
        eventDidMount={({ el }) => el.setAttribute('role', 'button')}
        datesSet={onDatesSet}
      />
    </Paper>
  );
}
