import { describe, expect, it } from 'vitest';
import { avatarUrl, generatedAvatarSvg } from './avatar';

const CDN = 'https://cdn.discordapp.com';

describe('avatars', () => {
  it('uses the Discord CDN for a custom avatar, animated ones as animated WebP, size 128', () => {
    expect(avatarUrl({ id: 1, discord_id: '80351110224678912', avatar: '8342729096ea3675442027381ff50dfe' }, CDN)).toBe(
      'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png?size=128',
    );
    expect(avatarUrl({ id: 1, discord_id: '80351110224678912', avatar: 'a_1269e74af4df7417b13759eae50c83dc' }, CDN)).toBe(
      'https://cdn.discordapp.com/avatars/80351110224678912/a_1269e74af4df7417b13759eae50c83dc.webp?size=128&animated=true',
    );
  });

  it('draws one locally without a Discord avatar, for local and demo members, or a hash that is not one', () => {
    expect(avatarUrl({ id: 7, discord_id: '80351110224678912', avatar: null }, CDN)).toBe('/avatars/7.svg');
    expect(avatarUrl({ id: 8, discord_id: 'local:luna', avatar: null }, CDN)).toBe('/avatars/8.svg');
    expect(avatarUrl({ id: 9, discord_id: '1', avatar: '../../evil' }, CDN)).toBe('/avatars/9.svg');
  });

  it('draws initials from letters and digits only, the same picture for the same name', () => {
    const svg = generatedAvatarSvg('<script>luna');
    expect(svg).toContain('>SC</text>');
    expect(svg).not.toContain('<script');
    expect(generatedAvatarSvg('Luna')).toBe(generatedAvatarSvg('luna'.replace('l', 'L')));
    expect(generatedAvatarSvg('___')).toContain('>?</text>');
  });
});
