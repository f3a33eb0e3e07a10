import { OVERLAY_WINDOW } from '@common/bonus-hunts';
import './games-table.css';
import { element, setData, setText } from './dom';
import type { GameRow } from './model';

/*
 * The games table: every game is a row of one tall list inside a viewport three rows high; the list slides
 * (CSS transform, 0.4 s) to the window's first row. Rows outside the window are hidden from assistive
 * technology, so the accessible table is exactly the three games on screen.
 */

interface RowNodes {
  row: HTMLElement;
  number: HTMLElement;
  image: HTMLImageElement;
  initial: HTMLElement;
  slot: HTMLElement;
  provider: HTMLElement;
  bet: HTMLElement;
  win: HTMLElement;
  multi: HTMLElement;
}

const COLUMNS = ['#', 'Slot', 'Bet', 'Win', 'Multi'];

function cell(className: string): HTMLElement {
  const node = element('div', `cell ${className}`);
  node.setAttribute('role', 'cell');
  return node;
}

function createRow(): RowNodes {
  const row = element('div', 'row');
  row.setAttribute('role', 'row');
  const number = cell('number');
  const slotCell = cell('slot');
  const thumb = element('span', 'thumb');
  thumb.setAttribute('aria-hidden', 'true');
  const image = element('img');
  image.alt = '';
  image.decoding = 'async';
  image.hidden = true;
  // A missing picture leaves the slot's initial on its tile.
  image.addEventListener('error', () => (image.hidden = true));
  const initial = element('span', 'initial');
  thumb.append(initial, image);
  const names = element('span', 'names');
  const slot = element('span', 'slot-name');
  const provider = element('span', 'provider');
  names.append(slot, provider);
  slotCell.append(thumb, names);
  const bet = cell('money bet');
  const win = cell('money win');
  const multi = cell('multi');
  row.append(number, slotCell, bet, win, multi);
  return { row, number, image, initial, slot, provider, bet, win, multi };
}

function updateRow(nodes: RowNodes, game: GameRow, inWindow: boolean): void {
  setData(nodes.row, 'state', game.state);
  setData(nodes.row, 'gameId', String(game.id));
  if (inWindow) nodes.row.removeAttribute('aria-hidden');
  else nodes.row.setAttribute('aria-hidden', 'true');
  nodes.row.classList.toggle('outside', !inWindow);
  setText(nodes.number, game.number);
  setText(nodes.slot, game.slot);
  setText(nodes.provider, game.provider);
  nodes.initial.textContent = game.slot.charAt(0).toUpperCase();
  if (nodes.image.getAttribute('src') !== game.image) {
    if (game.image === null) nodes.image.removeAttribute('src');
    else nodes.image.src = game.image;
    nodes.image.hidden = game.image === null;
  }
  setText(nodes.bet, game.bet);
  setText(nodes.win, game.win);
  setData(nodes.win, 'pending', game.pending ? 'true' : undefined);
  setText(nodes.multi, game.multi);
  setData(nodes.multi, 'tone', game.tier);
}

export function createGamesTable() {
  const table = element('div', 'games');
  table.setAttribute('role', 'table');
  table.setAttribute('aria-label', 'Slots');
  const head = element('div', 'row head');
  head.setAttribute('role', 'row');
  for (const title of COLUMNS) {
    const header = element('div', 'cell', title);
    header.setAttribute('role', 'columnheader');
    head.append(header);
  }
  const viewport = element('div', 'viewport');
  const list = element('div', 'list');
  list.setAttribute('role', 'rowgroup');
  viewport.append(list);
  table.append(head, viewport);
  const rows = new Map<number, RowNodes>();

  return {
    node: table,
    /** Shows the games, the window starting at game index `start`. Rows are kept per game, so changes animate. */
    update(games: GameRow[], start: number): void {
      const ids = new Set(games.map((game) => game.id));
      for (const [id, nodes] of rows) {
        if (!ids.has(id)) {
          nodes.row.remove();
          rows.delete(id);
        }
      }
      games.forEach((game, index) => {
        let nodes = rows.get(game.id);
        if (!nodes) {
          nodes = createRow();
          rows.set(game.id, nodes);
        }
        if (list.children[index] !== nodes.row) list.insertBefore(nodes.row, list.children[index] ?? null);
        updateRow(nodes, game, index >= start && index < start + OVERLAY_WINDOW);
      });
      table.style.setProperty('--window-rows', String(Math.min(OVERLAY_WINDOW, games.length)));
      table.style.setProperty('--window-start', String(start));
    },
  };
}
