import { element, setData, setText } from './dom';
import type { Highlight, HuntView, SummaryCell } from './model';
import { createGamesTable } from './table';

/* The overlay's panels: a loading or empty message, or the hunt panel, which is built once and then updated in place. */

function createSummary(cells: SummaryCell[]) {
  const list = element('dl', 'summary');
  const values = new Map<string, HTMLElement>();
  for (const { key, label } of cells) {
    const box = element('div', `summary-cell ${key}`);
    const value = element('dd', 'value');
    box.append(element('dt', 'label', label), value);
    list.append(box);
    values.set(key, value);
  }
  return {
    node: list,
    update(next: SummaryCell[]) {
      for (const { key, value, tone } of next) {
        const node = values.get(key)!;
        setText(node, value);
        setData(node, 'tone', tone);
      }
    },
  };
}

function createProgress() {
  const box = element('div', 'progress');
  const caption = element('div', 'progress-caption');
  const label = element('span', 'value');
  caption.append(element('span', 'label', 'Progress'), label);
  const track = element('div', 'track');
  track.setAttribute('role', 'progressbar');
  track.setAttribute('aria-label', 'Slots opened');
  track.setAttribute('aria-valuemin', '0');
  const fill = element('div', 'fill');
  track.append(fill);
  box.append(caption, track);
  return {
    node: box,
    update({ completed, total, percent, label: text }: HuntView['progress']) {
      setText(label, text);
      track.setAttribute('aria-valuemax', String(total));
      track.setAttribute('aria-valuenow', String(completed));
      fill.style.width = `${percent}%`;
    },
  };
}

function createHighlight(key: string, title: string, none: string) {
  const card = element('section', `highlight ${key}`);
  card.setAttribute('aria-label', title);
  const figure = element('p', 'figure');
  const game = element('p', 'game');
  const detail = element('p', 'detail');
  const empty = element('p', 'none', none);
  card.append(element('h2', 'label', title), figure, game, detail, empty);
  return {
    node: card,
    update(highlight: Highlight | null) {
      setData(card, 'empty', highlight ? undefined : 'true');
      if (!highlight) return;
      setText(figure, highlight.figure);
      setData(figure, 'tone', highlight.figureTone);
      setText(game, highlight.game);
      setText(detail, highlight.detail);
    },
  };
}

function createHuntPanel(cells: SummaryCell[]) {
  const panel = element('section', 'panel hunt');
  panel.setAttribute('aria-label', 'Bonus hunt');
  const header = element('header', 'head');
  const brand = element('span', 'brand', 'Bonus Hunt');
  const title = element('span', 'hunt-title');
  header.append(brand, title);
  const summary = createSummary(cells);
  const progress = createProgress();
  const highlights = element('div', 'highlights');
  const highestMulti = createHighlight('highest-multi', 'Highest Multi', 'No multipliers yet');
  const biggestWin = createHighlight('biggest-win', 'Biggest Win', 'No wins yet');
  highlights.append(highestMulti.node, biggestWin.node);
  const table = createGamesTable();
  panel.append(header, summary.node, progress.node, highlights, table.node);
  return {
    node: panel,
    update(view: HuntView, windowStart: number) {
      setText(title, view.title);
      summary.update(view.summary);
      progress.update(view.progress);
      highestMulti.update(view.highestMulti);
      biggestWin.update(view.biggestWin);
      table.update(view.rows, windowStart);
    },
  };
}

function createMessage(state: string, title: string, detail: string) {
  const panel = element('section', 'panel message');
  setData(panel, 'state', state);
  panel.append(element('p', 'message-title', title), element('p', 'message-detail', detail));
  return panel;
}

export function createOverlayView(root: HTMLElement) {
  let huntPanel: ReturnType<typeof createHuntPanel> | null = null;
  const show = (node: HTMLElement) => {
    if (root.firstElementChild !== node) root.replaceChildren(node);
  };
  const empty = createMessage('empty', 'No Active Bonus Hunt', 'Waiting for the next hunt to begin...');
  // The loading message is the page's own markup (bonus-hunt.html), shown until the first answer.
  return {
    empty: () => show(empty),
    hunt(view: HuntView, windowStart: number) {
      huntPanel ??= createHuntPanel(view.summary);
      huntPanel.update(view, windowStart);
      show(huntPanel.node);
    },
  };
}
