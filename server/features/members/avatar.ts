import { createHash } from 'node:crypto';

/**
 * A member's picture: their Discord avatar when they have one (animated hashes as animated WebP, as
 * Discord recommends), otherwise an avatar drawn by this server, so no page needs the network for it.
 * See docs/decisions/004-avatars.md.
 */
export function avatarUrl(member: { id: number; discord_id: string; avatar: string | null }, cdnBase: string) {
  if (member.avatar && /^\d+$/.test(member.discord_id) && /^(a_)?[0-9a-f]{32}$/.test(member.avatar)) {
    const animated = member.avatar.startsWith('a_');
    return `${cdnBase}/avatars/${member.discord_id}/${member.avatar}.${animated ? 'webp' : 'png'}?size=128${animated ? '&animated=true' : ''}`;
  }
  return `/avatars/${member.id}.svg`;
}

const PALETTE = [
  ['#7c3aed', '#d946ef'],
  ['#6d28d9', '#a855f7'],
  ['#9333ea', '#ec4899'],
  ['#4f46e5', '#a855f7'],
  ['#a21caf', '#f472b6'],
  ['#5b21b6', '#0ea5e9'],
];

/** Initials on a gradient picked from the name, 128x128, as SVG. */
export function generatedAvatarSvg(name: string): string {
  const letters = name.replace(/[^A-Za-z0-9]/g, '');
  const initials = (letters.slice(0, 2) || '?').toUpperCase();
  const digest = createHash('sha256').update(name.toLowerCase()).digest();
  const [from, to] = PALETTE[digest[0] % PALETTE.length];
  const angle = digest[1] % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="128" height="128" fill="url(#g)"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="Inter,Arial,sans-serif" font-size="52" font-weight="700" fill="#f5f3ff">${initials}</text>
</svg>`;
}
