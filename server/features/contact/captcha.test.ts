import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_TTL_MS } from '../../../common/contact';
import { captchaSchema } from '../../../common/contracts/contact';
import { useTestApp } from '../../test/app';
import { manualClock } from '../../test/clock';
import { TestClient } from '../../test/client';
import { CAPTCHA_CHARACTERS, createCaptchaService } from './captcha.service';
import { CAPTCHAS_PER_MINUTE } from './contact.routes';
import { freshAddress } from './contact.testkit';

/** GET /api/r/captcha (spec 1 §7, decision 022): a PNG made on the server, a hashed single-use row, 10 minutes. */
describe('captcha', () => {
  const clock = manualClock('2026-03-02T12:00:00.000Z');
  const t = useTestApp({ now: clock.now });
  const db = () => t.database.db;
  const fetchCaptcha = (remoteAddress = freshAddress()) => new TestClient(t.app).get('/api/r/captcha', { remoteAddress });

  it('answers a token and a PNG image made on the server, not cached, stored as a hash that expires in 10 minutes', async () => {
    const response = await fetchCaptcha();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, image } = captchaSchema.parse(response.json());
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [prefix, base64] = image.split(',');
    expect(prefix).toBe('data:image/png;base64');
    const metadata = await sharp(Buffer.from(base64, 'base64')).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 300, height: 100 });
    const row = await db().selectFrom('captchas').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(new Date(clock.now().getTime() + CAPTCHA_TTL_MS).toISOString());
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes a new token and picture every time', async () => {
    const [first, second] = [(await fetchCaptcha()).json(), (await fetchCaptcha()).json()];
    expect(first.token).not.toBe(second.token);
    expect(first.image).not.toBe(second.image);
  });

  it('sweeps expired captchas when issuing new ones', async () => {
    const old = (await fetchCaptcha()).json().token;
    clock.advance(CAPTCHA_TTL_MS);
    const fresh = (await fetchCaptcha()).json().token;
    const tokens = (await db().selectFrom('captchas').select('token').execute()).map((row) => row.token);
    expect(tokens).not.toContain(old);
    expect(tokens).toContain(fresh);
  });

  it(`gives one address ${CAPTCHAS_PER_MINUTE} captchas a minute, then 429`, async () => {
    const address = freshAddress();
    for (let made = 0; made < CAPTCHAS_PER_MINUTE; made++) expect((await fetchCaptcha(address)).statusCode).toBe(200);
    const limited = await fetchCaptcha(address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait/);
    expect((await fetchCaptcha()).statusCode).toBe(200);
  });

  it('draws 5 characters from the unambiguous set, compared case-insensitively, each captcha answerable once', async () => {
    expect(CAPTCHA_CHARACTERS).not.toMatch(/[0O1IlS5Z2B8]/);
    const service = createCaptchaService({ db: db(), now: clock.now });
    const { token } = await service.issue('Ab3Cd');
    expect(await service.check(token, ' aB3cD ')).toBe('right');
    expect(await service.check(token, 'Ab3Cd')).toBe('expired');
    const wrong = await service.issue('Ab3Cd');
    expect(await service.check(wrong.token, 'Ab3Ce')).toBe('wrong');
    expect(await service.check(wrong.token, 'Ab3Cd')).toBe('expired');
  });
});
