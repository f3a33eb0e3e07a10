import { Ban, CalendarCheck, Gift, Globe, Heart, MessageSquare, Star, TrendingUp } from 'lucide-react';
import { TextField } from '@web/components/ui/field';
import { NumberField, Section, Switch } from './controls';
import type { RulesDraft } from './draft';
import { IgnoredAccounts } from './IgnoredAccounts';

export interface SectionProps {
  draft: RulesDraft;
  update(change: (draft: RulesDraft) => void): void;
  error(path: string): string | undefined;
  editable: boolean;
}

/** Time zones the browser knows, offered as suggestions (any IANA name the server accepts will do). */
const TIME_ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')] : ['UTC'];

type EventSource = 'follow' | 'subscription' | 'gifted_subscription';

/** A stream event's switch, points and XP; `per` names what one award is for. */
function EventAward({ source, label, per, draft, update, error, editable }: SectionProps & { source: EventSource; label: string; per?: string }) {
  const award = draft[source];
  const suffix = per ? ` ${per}` : '';
  return (
    <>
      <Switch label={label} checked={award.enabled} disabled={!editable} onChange={(on) => update((d) => void (d[source].enabled = on))} />
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-4">
        <NumberField label={`Points${suffix}`} value={award.points} max={100_000} onChange={(value) => update((d) => void (d[source].points = value))} error={error(`${source}.points`)} />
        <NumberField label={`XP${suffix}`} value={award.xp} max={100_000} onChange={(value) => update((d) => void (d[source].xp = value))} error={error(`${source}.xp`)} />
      </div>
    </>
  );
}

export function RulesSections(props: SectionProps) {
  const { draft, update, error, editable } = props;
  return (
    <div className="space-y-6">
      <Section title="General" icon={Globe} description="When a day starts, and how much a member can earn in one.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Site time zone"
            value={draft.time_zone}
            list="earning-time-zones"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => update((d) => void (d.time_zone = event.target.value))}
            error={error('time_zone')}
            hint="Days start at midnight here (IANA name, e.g. Europe/London)"
          />
          <datalist id="earning-time-zones">
            {TIME_ZONES.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <NumberField
            label="Daily cap per member (points)"
            value={draft.daily_cap}
            max={10_000_000}
            onChange={(value) => update((d) => void (d.daily_cap = value))}
            error={error('daily_cap')}
            hint="0 = no cap; the daily bonus is outside it"
          />
        </div>
      </Section>

      <Section title="Multipliers" icon={TrendingUp} description="Bonus factors on earned points; results are rounded down. 1 means no bonus.">
        <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-4">
          <NumberField label="VIP multiplier" step={0.1} min={1} max={10} value={draft.multipliers.vip} onChange={(value) => update((d) => void (d.multipliers.vip = value))} error={error('multipliers.vip')} hint="Chat and stream events, for the VIP role." />
          <NumberField
            label="Subscriber multiplier"
            step={0.1}
            min={1}
            max={10}
            value={draft.multipliers.subscriber}
            onChange={(value) => update((d) => void (d.multipliers.subscriber = value))}
            error={error('multipliers.subscriber')}
            hint="Chat, when the message carries the subscriber badge."
          />
        </div>
      </Section>

      <Section title="Chat activity" icon={MessageSquare} description="Watch-time the way Kick allows it: members who chat during a live stream earn once per interval.">
        <Switch label="Pay for chat activity" checked={draft.chat.enabled} disabled={!editable} onChange={(on) => update((d) => void (d.chat.enabled = on))} />
        <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-4">
          <NumberField label="Points per interval" value={draft.chat.points} max={100_000} onChange={(value) => update((d) => void (d.chat.points = value))} error={error('chat.points')} />
          <NumberField label="XP per interval" value={draft.chat.xp} max={100_000} onChange={(value) => update((d) => void (d.chat.xp = value))} error={error('chat.xp')} />
          <NumberField label="Interval (minutes)" min={1} max={60} value={draft.chat.interval_minutes} onChange={(value) => update((d) => void (d.chat.interval_minutes = value))} error={error('chat.interval_minutes')} hint="At most one credit per member per interval." />
          <NumberField
            label="Active minutes"
            min={1}
            max={120}
            value={draft.chat.active_minutes}
            onChange={(value) => update((d) => void (d.chat.active_minutes = value))}
            error={error('chat.active_minutes')}
            hint="A message keeps a member earning this long; at least the interval."
          />
        </div>
      </Section>

      <Section title="Follow" icon={Heart} description="Once ever per Kick account, when it follows the channel.">
        <EventAward {...props} source="follow" label="Pay for follows" />
      </Section>

      <Section title="Subscription" icon={Star} description="For each new or renewed Kick subscription.">
        <EventAward {...props} source="subscription" label="Pay for subscriptions" />
      </Section>

      <Section title="Gifted subscription" icon={Gift} description="To the gifter, for each subscription gifted. Anonymous gifts credit nobody.">
        <EventAward {...props} source="gifted_subscription" label="Pay for gifted subscriptions" per="per gift" />
      </Section>

      <Section title="Daily bonus" icon={CalendarCheck} description="Claimed once a day from the top bar. Each further day in a row adds the streak step, up to the maximum; no multipliers, no cap.">
        <Switch label="Offer the daily bonus" checked={draft.daily_bonus.enabled} disabled={!editable} onChange={(on) => update((d) => void (d.daily_bonus.enabled = on))} />
        <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-4">
          <NumberField label="Points on day 1" value={draft.daily_bonus.points} max={100_000} onChange={(value) => update((d) => void (d.daily_bonus.points = value))} error={error('daily_bonus.points')} />
          <NumberField label="XP" value={draft.daily_bonus.xp} max={100_000} onChange={(value) => update((d) => void (d.daily_bonus.xp = value))} error={error('daily_bonus.xp')} />
          <NumberField label="Streak step (points)" value={draft.daily_bonus.streak_step} max={100_000} onChange={(value) => update((d) => void (d.daily_bonus.streak_step = value))} error={error('daily_bonus.streak_step')} hint="Added for each further day in a row." />
          <NumberField label="Maximum (points)" value={draft.daily_bonus.max_points} max={1_000_000} onChange={(value) => update((d) => void (d.daily_bonus.max_points = value))} error={error('daily_bonus.max_points')} hint="The most a streak can raise the bonus to." />
        </div>
      </Section>

      <Section title="Ignored Kick accounts" icon={Ban} description="Bots and alt accounts that never earn. The broadcaster never earns either.">
        <IgnoredAccounts names={draft.ignored_kick_accounts} editable={editable} error={error} onChange={(names) => update((d) => void (d.ignored_kick_accounts = names))} />
      </Section>
    </div>
  );
}
