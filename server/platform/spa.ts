import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FRAMEABLE_PAGES, SITE_PAGES } from '../../common/routes';
import { isStaff } from '../../common/roles';
import { bootSplashHtml } from './boot-splash';
import { noSuchEndpoint } from './errors';
import { escapeHtml } from './html';
import { sendText } from './compressed-text';
import { loadPagePreloads } from './page-preload';

/** `settings` is the site settings object the settings cache hands out: the same object until they change. */
export type Bootstrap = Record<string, unknown> & { site_name: string; settings: object };
type Template = 'site' | 'admin';
/** The built HTML files: the site and admin apps (rendered with bootstrap data) and the OBS overlay (sent as built). */
const PAGE_FILES = { site: 'index.html', admin: 'admin-new/index.html', overlay: 'overlays/bonus-hunt.html' } as const;
type PageFile = keyof typeof PAGE_FILES;

/**
 * Pages that are a small document of their own rather than the app: the overlay only reads a public endpoint,
 * so it needs no member and no CSRF token, and OBS downloads none of the site's bundle.
 */
const STANDALONE_PAGES: Partial<Record<(typeof SITE_PAGES)[number], PageFile>> = { '/overlays/bonus-hunt': 'overlay' };

const SCRIPT_SAFE: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };
/** JSON that is safe inside <script>: nothing in it can close the element or open a comment. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/[<>&]/g, (c) => SCRIPT_SAFE[c]);

/**
 * The bootstrap as script-safe JSON, its settings written out once per settings object: they are most of it, and a
 * signed-in page wrote them out per request (bench:shell: the signed-in page at 47 % of hello world).
 */
const settingsJson = new WeakMap<object, string>();
function bootstrapJson({ settings, ...rest }: Bootstrap): string {
  let settingsText = settingsJson.get(settings);
  if (settingsText === undefined) settingsJson.set(settings, (settingsText = scriptSafeJson(settings)));
  // `rest` holds site_name at least, so its text is never `{}`.
  return `${scriptSafeJson(rest).slice(0, -1)},"settings":${settingsText}}`;
}

const BOOTSTRAP_PLACEHOLDER = '<!--app-bootstrap-->';

/**
 * A template with the site's name and splash written in, cut where each request's bootstrap goes. Made once per
 * template and site name: a page then costs one join instead of three passes over the whole template.
 */
function framer(templates: Record<PageFile, string>) {
  const frames = new Map<string, [before: string, after: string]>();
  return (template: Template, siteName: string) => {
    const key = `${template}\n${siteName}`;
    let frame = frames.get(key);
    if (!frame) {
      const html = templates[template]
        .replace('__SITE_NAME__', () => escapeHtml(siteName))
        .replace('<!--app-splash-->', () => bootSplashHtml(siteName));
      const at = html.indexOf(BOOTSTRAP_PLACEHOLDER);
      if (at < 0) throw new Error(`The ${template} page has no ${BOOTSTRAP_PLACEHOLDER}: rebuild the web app.`);
      frame = [html.slice(0, at), html.slice(at + BOOTSTRAP_PLACEHOLDER.length)];
      // Only a renamed site makes a new frame; the old names' frames are not kept around.
      if (frames.size >= 8) frames.clear();
      frames.set(key, frame);
    }
    return frame;
  };
}

/**
 * What a visitor's page carries: no member and no CSRF token (the web app asks GET /api/r/session for one before its
 * first write, which sets the visitor's seed cookie then). The same object for the same site settings, so that every
 * visitor's page is rendered once per route and then sent as it is: no per-visit work, and no cookie on a first visit.
 */
export type VisitorBootstrap = Bootstrap & { user: null; csrf_token: '' };

export interface PageRenderer {
  render(request: FastifyRequest, reply: FastifyReply, options?: { status?: number; template?: Template }): Promise<FastifyReply>;
}

export function loadTemplates(distDir: string): Record<PageFile, string> {
  const read = (file: string) => {
    const path = join(distDir, file);
    if (!existsSync(path)) throw new Error(`The web app is not built (${path} is missing). Run: npm run build`);
    return readFileSync(path, 'utf8');
  };
  return { site: read(PAGE_FILES.site), admin: read(PAGE_FILES.admin), overlay: read(PAGE_FILES.overlay) };
}

const sendHtml = (reply: FastifyReply, html: string, status = 200) => sendText(reply.status(status).header('Cache-Control', 'no-store'), html, 'text/html; charset=utf-8');

/**
 * Calls `reload` when a page of the built app changes. A build deletes the folders being watched (Node's recursive
 * watch then stops, or emits an error that would end the process): the watch starts again once the folder is back,
 * and reloads then, since the build may have finished while nothing watched. Returns how to stop watching.
 */
function watchBuilds(distDir: string, reload: () => void): () => void {
  let watcher: FSWatcher | undefined;
  let retry: NodeJS.Timeout | undefined;
  const restart = () => {
    watcher?.close();
    watcher = undefined;
    clearTimeout(retry);
    retry = setTimeout(() => start(true), 300).unref();
  };
  const start = (again: boolean) => {
    try {
      watcher = watch(distDir, { recursive: true }, (_event, file) => {
        if (!existsSync(distDir)) restart();
        else if (file?.endsWith('.html')) reload();
      });
    } catch {
      return restart(); // the folder is gone for now
    }
    watcher.on('error', restart);
    if (again) reload();
  };
  start(false);
  return () => {
    clearTimeout(retry);
    watcher?.close();
  };
}

/**
 * Serves the built web app: hashed assets with long caching, and every page as the app's HTML with the
 * signed-in member and CSRF token written into it ("supplied by the page at load").
 */
export async function registerSpa(
  app: FastifyInstance,
  options: {
    distDir: string;
    /** A signed-in member's page data, with their CSRF token. */
    bootstrap: (request: FastifyRequest, reply: FastifyReply) => Promise<Bootstrap>;
    visitorBootstrap: () => Promise<VisitorBootstrap>;
    /** Reload the pages when the web app is rebuilt (`npm run dev` rebuilds it while the server runs). */
    watch?: boolean;
  },
): Promise<PageRenderer> {
  let templates = loadTemplates(options.distDir);
  let frameOf = framer(templates);
  let preloads = loadPagePreloads(options.distDir, templates.site);
  // Visitors' pages by route, kept while their bootstrap (the site settings it was made for) is the current one and
  // the built app is the same.
  let visitorPages = new WeakMap<VisitorBootstrap, Map<string, string>>();
  if (options.watch) {
    const stop = watchBuilds(options.distDir, () => {
      try {
        templates = loadTemplates(options.distDir);
        frameOf = framer(templates);
        preloads = loadPagePreloads(options.distDir, templates.site);
        visitorPages = new WeakMap();
      } catch {
        // Mid-rebuild: the next change event brings the finished files.
      }
    });
    app.addHook('onClose', async () => stop());
  }

  const html = (data: Bootstrap, template: Template, page: string | undefined) => {
    const preload = template === 'site' && page ? preloads.get(page) : undefined;
    const token = data.csrf_token ? `<meta name="csrf-token" content="${escapeHtml(String(data.csrf_token))}">\n` : '';
    const head = `${token}<script type="application/json" id="app-bootstrap">${bootstrapJson(data)}</script>${preload ? `\n${preload}` : ''}`;
    const [before, after] = frameOf(template, data.site_name);
    return before + head + after;
  };

  const renderer: PageRenderer = {
    async render(request, reply, { status = 200, template = 'site' } = {}) {
      // The chunk of the page asked for (the route's pattern; the Not Found page for a 404), fetched with the entry.
      const page = status === 404 ? '*' : request.routeOptions.url;
      if (request.user) return sendHtml(reply, html(await options.bootstrap(request, reply), template, page), status);
      const data = await options.visitorBootstrap();
      let pages = visitorPages.get(data);
      if (!pages) visitorPages.set(data, (pages = new Map()));
      const key = `${template} ${page ?? ''}`;
      let cached = pages.get(key);
      if (cached === undefined) pages.set(key, (cached = html(data, template, page)));
      return sendHtml(reply, cached, status);
    },
  };

  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    // Pages are rendered with their bootstrap data, never served raw; the build manifest (.vite/) is the server's.
    allowedPath: (path) => !path.endsWith('.html') && !path.includes('.vite/'),
    setHeaders: (reply, path) => {
      const immutable = path.includes('/assets/');
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  for (const path of SITE_PAGES) {
    const standalone = STANDALONE_PAGES[path];
    app.get(path, { config: { frameable: FRAMEABLE_PAGES.has(path) } }, (request, reply) =>
      standalone ? sendHtml(reply, templates[standalone]) : renderer.render(request, reply),
    );
  }

  const adminPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) return reply.redirect('/login', 302);
    // Members who are not staff get the site's own refusal page, and never download the admin app.
    if (!isStaff(request.user.role)) return renderer.render(request, reply, { status: 403 });
    return renderer.render(request, reply, { template: 'admin' });
  };
  app.get('/admin-new', adminPage);
  app.get('/admin-new/*', adminPage);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path.startsWith('/api/') || path.startsWith('/auth/');
    if (isApi || request.method !== 'GET') return reply.status(404).send(noSuchEndpoint(request.method, request.url));
    return renderer.render(request, reply, { status: 404 });
  });

  return renderer;
}
