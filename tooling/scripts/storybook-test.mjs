// Plays every story of the BUILT Storybook (apps/portal/storybook-static) in Debian's Chromium, the
// way a designer opens it: each story in a fresh browser context at iframe.html?id=…, its loaders,
// render and play function run by Storybook itself, the outcome read from Storybook's own
// `storyFinished` event. A story also fails when its page shows a hashed message id ("Sxm8rQ")
// instead of words, i.e. when a provider hides the real catalogs.
//
//   node tooling/scripts/storybook-test.mjs [--dir apps/portal/storybook-static] [--filter text]
//        [--locale en|fr|ar|uz] [--concurrency 2] [--timeout 30000] [--json out.json]
//        [--known tooling/scripts/storybook-known-failures.txt]
// Story ids in the known-failures file (one a line, # comments) are reported but do not fail the
// run; the list is debt to pay off, and a listed story that passes is reported so it is removed.
// A story that sets a viewport (`globals: { viewport: { value: 'mobile1' } }`, one of
// `parameters.viewport.options` or Storybook's default phones and tablet, or '375-667') is played
// in a page of that size, as Storybook's viewport toolbar would frame it; others at 1280×800.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values: options } = parseArgs({
  options: {
    dir: { type: 'string', default: join(root, 'apps/portal/storybook-static') },
    filter: { type: 'string' },
    locale: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    timeout: { type: 'string', default: '30000' },
    json: { type: 'string' },
    known: { type: 'string', default: join(root, 'tooling/scripts/storybook-known-failures.txt') },
  },
});
const dir = resolve(options.dir);
if (!existsSync(join(dir, 'index.json'))) {
  console.error(`No built Storybook in ${dir}: run \`pnpm --filter @portal/web build-storybook\` first.`);
  process.exit(2);
}

// Lingui's message ids (generateMessageId): the first 6 base64url characters of sha256(message ␟ context).
function messageId(message, context = '') {
  return createHash('sha256').update(`${message}\u001f${context}`).digest('base64url').slice(0, 6);
}
function catalogIds() {
  const po = readFileSync(join(root, 'packages/i18n/src/locales/en/messages.po'), 'utf8');
  const ids = new Set();
  const unquote = (block, key) => {
    const match = block.match(new RegExp(`^${key} ((?:".*"\\n?)+)`, 'm'));
    return match ? JSON.parse(`[${match[1].trim().split('\n').join(',')}]`).join('') : undefined;
  };
  for (const block of po.split(/\n\n+/)) {
    const message = unquote(`${block}\n`, 'msgid');
    if (message) ids.add(messageId(message, unquote(`${block}\n`, 'msgctxt')));
  }
  return ids;
}
const ids = catalogIds();

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.png': 'image/png', '.mdx': 'text/plain' };
const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(dir, path);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!file.startsWith(dir) || !existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${server.address().port}`;

const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && (!options.filter || `${entry.title} ${entry.name} ${entry.id}`.toLowerCase().includes(options.filter.toLowerCase())),
);

// Storybook's channel is created by the preview bundle; catch it as it is set and listen from the start.
const hook = () => {
  const errors = [];
  window.__storyErrors = errors;
  let channel;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(value) {
      channel = value;
      for (const event of ['storyErrored', 'storyThrewException', 'playFunctionThrewException', 'storyMissing']) {
        value.on(event, (payload) => errors.push(`${event}: ${payload?.message ?? payload?.title ?? JSON.stringify(payload)}${payload?.stack ? `\n${payload.stack.split('\n').slice(0, 4).join('\n')}` : ''}`));
      }
      value.on('storyFinished', (payload) => {
        window.__storyFinished = payload;
      });
    },
  });
};

// Storybook's default viewport options (MINIMAL_VIEWPORTS), for stories that do not list their own.
const defaultViewports = {
  mobile1: { styles: { width: '320px', height: '568px' } },
  mobile2: { styles: { width: '414px', height: '896px' } },
  tablet: { styles: { width: '834px', height: '1112px' } },
  desktop: { styles: { width: '1280px', height: '1024px' } },
};
const defaultViewport = { width: 1280, height: 800 };

/** The page size a story asks for through its `viewport` global, resolved as Storybook's viewport toolbar does. */
function viewportOf({ global, options }) {
  const { value, isRotated = false } = typeof global === 'string' ? { value: global } : (global ?? {});
  if (!value) return defaultViewport;
  const custom = /^(\d{1,4})(?:px)?-(\d{1,4})(?:px)?$/.exec(value);
  const styles = custom ? { width: custom[1], height: custom[2] } : (options ?? defaultViewports)[value]?.styles;
  const width = Number.parseInt(styles?.width ?? '', 10);
  const height = Number.parseInt(styles?.height ?? '', 10);
  if (!Number.isFinite(width) || !Number.isFinite(height)) throw new Error(`viewport "${value}" is not one of the story's viewport options in pixels`);
  return isRotated ? { width: height, height: width } : { width, height };
}

/** Reads the story's own viewport global and options from the loaded preview. */
const storyViewport = (page, id) =>
  page.evaluate(async (storyId) => {
    const story = await window.__STORYBOOK_PREVIEW__.storyStoreValue.loadStory({ storyId });
    return { global: story.storyGlobals?.viewport, options: story.parameters?.viewport?.options };
  }, id);

/** Sizes the page for the story; true when the size changed. */
async function fitViewport(page, id) {
  const wanted = viewportOf(await storyViewport(page, id));
  const current = page.viewportSize();
  if (current?.width === wanted.width && current?.height === wanted.height) return false;
  await page.setViewportSize(wanted);
  return true;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const timeout = Number(options.timeout);
const results = [];

async function newStoryPage() {
  const context = await browser.newContext({ viewport: defaultViewport });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
  await page.addInitScript(hook);
  return { context, page, pageErrors };
}

const globals = options.locale ? `&globals=locale:${options.locale}` : '';

// Plays one story in `frame`: the first story of a page by loading iframe.html at it, later ones
// by asking the loaded preview to switch (as Storybook's own test runner does), which saves
// loading the whole preview bundle for each story. The page takes the story's viewport first; a
// story loaded at the wrong size (the first of a page) is played again once the page fits it.
async function playIn(frame, story, fresh) {
  const { page, pageErrors } = frame;
  pageErrors.length = 0;
  let errors = [];
  let hashed = [];
  let status = 'fail';
  const finished = () => page.waitForFunction((id) => window.__storyFinished?.storyId === id || window.__storyErrors?.length > 0, story.id, { timeout });
  const restart = (event) =>
    page.evaluate(
      ({ id, event }) => {
        window.__storyFinished = undefined;
        window.__storyErrors.length = 0;
        window.__STORYBOOK_ADDONS_CHANNEL__.emit(event, { storyId: id, viewMode: 'story' });
      },
      { id: story.id, event },
    );
  try {
    if (fresh) {
      await page.goto(`${base}/iframe.html?id=${story.id}&viewMode=story${globals}`);
      await finished();
      if (await fitViewport(page, story.id)) {
        pageErrors.length = 0;
        await restart('forceRemount');
        await finished();
      }
    } else {
      await fitViewport(page, story.id);
      await restart('setCurrentStory');
      await finished();
    }
    const outcome = await page.evaluate(() => ({ finished: window.__storyFinished, errors: [...window.__storyErrors] }));
    errors = outcome.errors;
    const words = await page.evaluate(() => document.body.innerText.split(/[^A-Za-z0-9_-]+/));
    hashed = [...new Set(words.filter((word) => word.length === 6 && ids.has(word)))];
    status = outcome.finished?.status === 'success' && errors.length === 0 && hashed.length === 0 ? 'pass' : 'fail';
    if (hashed.length > 0) errors.push(`hashed message ids shown instead of words: ${hashed.join(', ')}`);
  } catch (error) {
    errors.push(error instanceof Error ? error.message.split('\n')[0] : String(error));
  }
  return { status, hashed: hashed.length > 0, errors: [...errors, ...pageErrors.slice(0, 2)] };
}

async function play(story, frame) {
  const started = Date.now();
  let outcome = await playIn(frame.current, story, frame.fresh);
  frame.fresh = false;
  if (outcome.status !== 'pass') {
    // Confirm a failure on a page of its own, so what an earlier story left behind cannot cause it.
    await frame.current.context.close();
    frame.current = await newStoryPage();
    outcome = await playIn(frame.current, story, true);
  }
  results.push({ id: story.id, title: `${story.title} › ${story.name}`, ...outcome, ms: Date.now() - started });
}

let next = 0;
const workers = Array.from({ length: Math.max(1, Number(options.concurrency)) }, async () => {
  const frame = { current: await newStoryPage(), fresh: true };
  while (next < stories.length) {
    const story = stories[next++];
    await play(story, frame);
    const result = results.at(-1);
    if (result.status !== 'pass') console.log(`✖ ${result.title} (${result.id})\n    ${result.errors.join('\n    ')}`);
  }
  await frame.current.context.close();
});
await Promise.all(workers);
await browser.close();
server.close();

const passed = results.filter((r) => r.status === 'pass').length;
const hashedCount = results.filter((r) => r.hashed).length;
console.log(`\n${passed}/${results.length} stories pass in Chromium (${results.length - passed} fail; ${hashedCount} show hashed message ids)`);
if (options.json) writeFileSync(options.json, JSON.stringify(results, null, 2));
const known = new Set(
  existsSync(options.known)
    ? readFileSync(options.known, 'utf8').split('\n').map((line) => line.replace(/#.*/, '').trim()).filter(Boolean)
    : [],
);
const unexpected = results.filter((r) => r.status !== 'pass' && !known.has(r.id));
const fixed = results.filter((r) => r.status === 'pass' && known.has(r.id));
if (fixed.length) console.log(`Now passing, remove from ${options.known}: ${fixed.map((r) => r.id).join(', ')}`);
if (known.size && !options.filter) console.log(`${results.length - passed - unexpected.length} failures are listed as known in ${options.known}`);
if (unexpected.length) console.log(`✖ ${unexpected.length} stories fail that are not listed as known: ${unexpected.map((r) => r.id).join(', ')}`);
process.exit(unexpected.length === 0 ? 0 : 1);
