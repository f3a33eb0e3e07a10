import type { Profile } from '@common/contracts/profiles';
import { displayName } from '@common/display-name';
import { formatDate, formatPoints, timeAgo } from '@common/format';
import { levelOf } from '@common/levels';
import { Camera, MessageCircle, Music, Settings, Video, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LevelBar } from '@web/components/member/LevelBar';
import { Avatar } from '@web/components/ui/avatar';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { RoleBadge } from '@web/components/ui/role-badge';
import { FriendActionButtons } from '../../components/FriendActionButtons';

const SOCIALS: { key: 'twitter_user' | 'instagram_user' | 'youtube_user' | 'tiktok_user'; label: string; icon: LucideIcon; url: (h: string) => string }[] = [
  { key: 'twitter_user', label: 'Twitter/X', icon: MessageCircle, url: (h) => `https://x.com/${h}` },
  { key: 'instagram_user', label: 'Instagram', icon: Camera, url: (h) => `https://instagram.com/${h}` },
  { key: 'youtube_user', label: 'YouTube', icon: Video, url: (h) => `https://youtube.com/@${h}` },
  { key: 'tiktok_user', label: 'TikTok', icon: Music, url: (h) => `https://tiktok.com/@${h}` },
];

export function ProfileHeader({ profile, own, signedIn }: { profile: Profile; own: boolean; signedIn: boolean }) {
  const name = displayName(profile);
  const { level } = levelOf(profile.xp);
  const socials = SOCIALS.filter((social) => profile[social.key]);
  return (
    <Card className="overflow-hidden">
      <div className="h-28 bg-[radial-gradient(circle_at_20%_0%,rgb(217_70_239/0.45),transparent_55%),linear-gradient(120deg,#3b0764,#1e1b4b_60%,#4c1d95)] sm:h-36" aria-hidden />
      <div className="px-5 pb-6 sm:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex items-end gap-4">
            <span className="relative -mt-12 shrink-0 sm:-mt-14">
              <Avatar src={profile.avatar_url} name={name} size="xl" className="ring-4 ring-surface" />
              <span className="absolute right-1 bottom-1 rounded-full bg-accent-gradient px-2 py-0.5 text-xs font-bold text-white shadow">Lv {level}</span>
            </span>
            <div className="min-w-0 pt-3 pb-1">
              {/* The badge beside the heading, not in it: the page's title is the member's name alone. */}
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="min-w-0 truncate text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{name}</h1>
                <RoleBadge role={profile.role} />
              </div>
              <p className="text-sm text-muted">
                @{profile.username}
                {profile.kick_username && <span> · Kick: {profile.kick_username}</span>}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {own ? (
              <Link to="/settings" className={buttonClasses('secondary')}>
                <Settings className="size-4" aria-hidden /> Settings
              </Link>
            ) : (
              signedIn && profile.friendship && <FriendActionButtons userId={profile.id} friendship={profile.friendship} />
            )}
          </div>
        </div>
        <p className="mt-3 flex items-center gap-2 text-xs text-muted">
          <span className={profile.is_online ? 'size-2 rounded-full bg-success' : 'size-2 rounded-full bg-slate-500'} aria-hidden />
          {profile.is_online ? 'Online now' : profile.last_active ? `Last active ${timeAgo(profile.last_active)}` : 'Not seen yet'} · Joined {formatDate(profile.created_at)}
        </p>
        {profile.bio ? (
          <p className="mt-4 max-w-2xl text-sm leading-relaxed break-words whitespace-pre-line text-ink-2">{profile.bio}</p>
        ) : (
          own && (
            <p className="mt-4 text-sm text-muted">
              No bio yet.{' '}
              <Link to="/settings" className="font-semibold text-accent hover:underline">
                Tell people about yourself
              </Link>
            </p>
          )
        )}
        <div className="mt-5 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <LevelBar xp={profile.xp} className="max-w-md" />
          <p className="text-sm text-ink-2">
            <span className="text-lg font-bold text-gold tabular-nums">{formatPoints(profile.points)}</span> points · Rank{' '}
            <span className="font-semibold text-ink tabular-nums">#{formatPoints(profile.stats.rank)}</span>
          </p>
        </div>
        {socials.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Social media">
            {socials.map(({ key, label, icon: Icon, url }) => {
              const handle = profile[key] as string;
              return (
                <li key={key}>
                  <a
                    href={url(handle)}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface-2 px-3 py-1 text-xs font-medium text-ink-2 hover:border-line-strong hover:text-ink"
                    aria-label={`${label}: ${handle}`}
                  >
                    <Icon className="size-3.5 text-accent" aria-hidden />
                    <span className="text-muted">{label}</span>
                    {handle}
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
