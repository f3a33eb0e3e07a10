import { createHash } from 'node:crypto';
import { BOOT_SPLASH_ID, BOOT_SPLASH_SHOWN_AT, letterDelayMs, SPLASH_CLASSES, SPLASH_SEEN_KEY, splashLetters } from '../../common/splash';
import { escapeHtml } from './html';

const TEMPLATE_ID = `${BOOT_SPLASH_ID}-template`;

/**
 * Puts the splash in the page unless this tab has shown it already, and notes when it showed: the app counts the
 * splash's progress and its 1.8 s from that moment. It runs while the page is parsed, before the first paint, so a
 * returning load never flashes the splash. A template keeps the splash out of the document until this decides.
 */
const SCRIPT = `(function(){try{if(sessionStorage.getItem(${JSON.stringify(SPLASH_SEEN_KEY)})==='1')return}catch(e){}var t=document.getElementById(${JSON.stringify(TEMPLATE_ID)});var s=t.content.firstElementChild.cloneNode(true);s.setAttribute(${JSON.stringify(BOOT_SPLASH_SHOWN_AT)},String(performance.now()));t.replaceWith(s)})()`;

/** For the Content-Security-Policy: the one inline script the site runs. */
export const BOOT_SPLASH_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/** Every page carries the same splash until staff rename the site. */
let last = { word: '', html: '' };

/**
 * The first-visit splash (spec 2 §2) as plain HTML and CSS, so a phone paints it as soon as the page and its
 * stylesheet arrive instead of after the app's code has downloaded and run. The letters, the bar and the percentage
 * move by CSS alone (styles.css, `.boot-splash-*`); the app keeps `aria-valuenow` in step and removes the
 * splash when the page shows.
 */
export function bootSplashHtml(word: string): string {
  if (word === last.word) return last.html;
  const letters = splashLetters(word);
  const spans = letters
    .map((letter, index) => `<span class="${SPLASH_CLASSES.letter}" style="animation-delay:${letterDelayMs(index, letters.length)}ms">${escapeHtml(letter)}</span>`)
    .join('');
  last = {
    word,
    html:
      `<template id="${TEMPLATE_ID}"><div id="${BOOT_SPLASH_ID}" data-testid="splash" role="progressbar" aria-label="Loading" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0" class="${SPLASH_CLASSES.root}">` +
      `<div class="${SPLASH_CLASSES.glow}"></div>` +
      `<p class="${SPLASH_CLASSES.word}" aria-hidden="true">${spans}</p>` +
      `<div class="${SPLASH_CLASSES.track}"><div class="${SPLASH_CLASSES.bar} boot-splash-bar"></div></div>` +
      `<p class="${SPLASH_CLASSES.count} boot-splash-count"></p>` +
      `</div></template><script>${SCRIPT}</script>`,
  };
  return last.html;
}
