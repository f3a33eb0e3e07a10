import sharp from 'sharp';
import type { Services } from '../../services';

/** 113 slots streamers play, by provider. */
const CATALOGUE: Record<string, string[]> = {
  'Pragmatic Play': [
    'Gates of Olympus', 'Gates of Olympus 1000', 'Sweet Bonanza', 'Sweet Bonanza 1000', 'Sugar Rush', 'Sugar Rush 1000', 'Starlight Princess',
    'Starlight Princess 1000', 'The Dog House', 'The Dog House Megaways', 'Big Bass Bonanza', 'Big Bass Splash', 'Fruit Party', 'Wild West Gold',
    'Madame Destiny Megaways', 'Zeus vs Hades', 'Buffalo King Megaways', 'Gems Bonanza', 'Floating Dragon', 'Wisdom of Athena', 'Power of Thor Megaways',
  ],
  'Hacksaw Gaming': [
    'Wanted Dead or a Wild', 'Chaos Crew', 'Chaos Crew 2', "Stick'em", 'Hand of Anubis', 'Dork Unit', 'Itero', 'RIP City', 'Frutz', "Stack'em",
    'Le Bandit', 'Duel at Dawn', 'Rotten', 'Cubes 2', 'Aztec Twist', "Keep'em",
  ],
  'Nolimit City': [
    'Mental', 'Mental 2', 'San Quentin xWays', 'Tombstone RIP', 'Fire in the Hole xBomb', 'Deadwood', 'xWays Hoarder xSplit', 'Das xBoot', 'Punk Rocker',
    'Misery Mining', 'Folsom Prison', 'East Coast vs West Coast', 'Tombstone', 'Book of Shadows', 'Remember Gulag',
  ],
  'Push Gaming': ["Jammin' Jars", "Jammin' Jars 2", 'Razor Shark', 'Razor Returns', 'Fat Rabbit', 'Retro Tapes', 'Mount Magmas', 'Wild Swarm', 'Big Bamboo', 'Fat Banker', 'Dinopolis'],
  "Play'n GO": ['Book of Dead', 'Reactoonz', 'Reactoonz 2', 'Rise of Olympus', 'Legacy of Dead', 'Moon Princess', 'Fire Joker', 'Tome of Madness', 'Sweet Alchemy', 'Gemix'],
  'Relax Gaming': ['Money Train 2', 'Money Train 3', 'Money Train 4', "Dead Man's Trail", 'Temple Tumble Megaways', 'Iron Bank', 'Snake Arena', 'Beast Mode', 'Top Dawgs'],
  BGaming: ['Elvis Frog in Vegas', 'Johnny Cash', 'Aloha King Elvis', 'Lucky Lady Moon', 'Bonanza Billion', 'Gold Magnate', 'Alien Fruits'],
  'ELK Studios': ['Cygnus', 'Cygnus 2', 'Ecuador Gold', 'Wild Toro', 'Wild Toro 2', 'Pirots', 'Pirots 2', 'Katmandu Gold'],
  'Big Time Gaming': ['Bonanza Megaways', 'Extra Chilli Megaways', 'White Rabbit Megaways', 'Danger High Voltage', 'Lil Devil'],
  Thunderkick: ['Esqueleto Explosivo', 'Esqueleto Explosivo 2', 'Pink Elephants 2'],
  'Avatar UX': ['PopRocks', 'Cherry Pop', 'Tundra Fortune'],
  'Red Tiger': ['Piggy Riches Megaways', "Gonzo's Quest Megaways", "Dragon's Fire"],
  NetEnt: ['Dead or Alive 2', 'Starburst'],
};

export const DEMO_SLOTS = Object.entries(CATALOGUE).flatMap(([provider, names]) => names.map((name) => ({ name, provider })));

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A colour on the HSL wheel as #rrggbb (librsvg reads hex everywhere). */
function hex(hue: number, saturation: number, lightness: number) {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Words into lines of about 11 characters, for a 240 px wide card. */
function lines(name: string) {
  const result: string[] = [];
  for (const word of name.split(' ')) {
    const last = result.length - 1;
    if (last >= 0 && result[last].length + word.length < 11) result[last] += ` ${word}`;
    else result.push(word);
  }
  return result;
}

/** A 240×320 slot card: a gradient of the slot's own hue, rings, its name and provider. PNG, uploaded as staff uploads are. */
async function slotCard(name: string, provider: string, index: number) {
  const hue = (index * 137.508) % 360;
  const rows = lines(name);
  const size = Math.min(34, Math.floor(380 / Math.max(...rows.map((row) => row.length), 6)));
  const top = 160 - ((rows.length - 1) * size * 1.15) / 2;
  const text = rows
    .map((row, i) => `<text x="120" y="${Math.round(top + i * size * 1.15)}" font-family="sans-serif" font-size="${size}" font-weight="800" fill="#ffffff" text-anchor="middle">${escapeXml(row)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="320"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(hue, 0.75, 0.52)}"/><stop offset="1" stop-color="${hex((hue + 50) % 360, 0.6, 0.16)}"/></linearGradient></defs><rect width="240" height="320" fill="url(#g)"/><circle cx="${40 + (index * 53) % 160}" cy="70" r="90" fill="#ffffff" fill-opacity="0.08"/><circle cx="200" cy="${250 - (index * 31) % 80}" r="60" fill="none" stroke="#ffffff" stroke-opacity="0.15" stroke-width="10"/>${text}<text x="120" y="296" font-family="sans-serif" font-size="13" font-weight="700" fill="#ffffff" fill-opacity="0.75" text-anchor="middle" letter-spacing="2">${escapeXml(provider.toUpperCase())}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The demo catalogue with an image per slot, a few at a time (sharp works on the thread pool). Answers ids by name. */
export async function seedSlotCatalogue(services: Services): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const batch = 4;
  for (let start = 0; start < DEMO_SLOTS.length; start += batch) {
    await Promise.all(
      DEMO_SLOTS.slice(start, start + batch).map(async ({ name, provider }, offset) => {
        const data = await slotCard(name, provider, start + offset);
        const image = await services.uploads.saveImage({ filename: `${name}.png`, data }, 'slots');
        ids.set(name, (await services.slotsAdmin.create({ name, provider, image })).id);
      }),
    );
  }
  return ids;
}
