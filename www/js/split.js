// @ts-check
/**
 * Al-manqala's split (AM-9): a player proposes to share the seeds left, the
 * other accepts or plays on. The computer answers at once; a human sees the
 * offer beside the board, which stays playable (a move declines it). Once
 * declined, the computer proposes again only after a capture.
 * @module split
 */

import { resultLine, splitAnswer, splitOffer } from './narrate.js';
import { controller, other } from './state.js';

/** @typedef {import('./app.js').Context} Context */
/** @typedef {import('./play.js').Play} Play */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./engine.js').Side} Side */

/** Seeds captured so far by both players: a split declined is not offered again until it grows. @param {GameState} g */
const captured = (g) => g.stores.south + g.stores.north;

export class Split {
  /**
   * @param {Context} ctx
   * @param {Play} play
   */
  constructor(ctx, play) {
    this.ctx = ctx;
    this.play = play;
  }

  /** @private */
  get s() {
    return this.ctx.store.state;
  }

  /** The player to move proposes the split: the computer answers, a human is asked. */
  async propose() {
    const { play, ctx } = this;
    const g = this.s.game;
    const game = play.session.game;
    if (!g?.canSplit || !g.toMove || this.s.phase === 'moving' || !game) return;
    const proposer = g.toMove;
    const answerer = other(proposer);
    if (controller(this.s.seating, answerer) !== 'computer') {
      this.offer(proposer);
      return;
    }
    const epoch = play.bump();
    ctx.store.update({ thinking: true, notice: ctx.m.t('split.asking') });
    let accept = false;
    try {
      accept = await play.computer.acceptsSplit(game.save(), answerer, this.s.seating.level);
    } catch {
      accept = false;
    }
    if (epoch !== this.s.epoch) return;
    ctx.store.update({ thinking: false });
    const text = splitAnswer(ctx.m, this.s.seating, answerer, accept);
    ctx.announce(text);
    if (accept) {
      await play.playMove('split');
      const now = this.s.game;
      ctx.store.update({ notice: `${text} ${now ? resultLine(ctx.m, this.s.seating, now) : ''}` });
    } else {
      ctx.store.update({ notice: text });
    }
  }

  /**
   * Whether the computer's thought proposes the split in `g`: it would rather split, and has not
   * been declined since the last capture.
   * @param {import('./computer.js').Thought} thought
   * @param {GameState} g the position it thought in
   */
  proposes(thought, g) {
    return thought.proposeSplit && g.canSplit && this.s.splitDeclined !== captured(g);
  }

  /**
   * After the computer's move from `g`, its proposal to the human who moves next.
   * @param {GameState} g
   */
  proposeAfter(g) {
    const mover = /** @type {Side} */ (g.toMove);
    const after = this.s.game;
    const human = controller(this.s.seating, other(mover)) === 'human';
    if (after?.ply === g.ply + 1 && after.canSplit && after.toMove === other(mover) && human) this.offer(mover);
  }

  /**
   * Shows a proposal of the split for the other player to answer. The board
   * stays playable: a move declines it (AM-9).
   * @param {Side} proposer
   */
  offer(proposer) {
    const { el, m } = this.ctx;
    const g = this.s.game;
    if (!g) return;
    const offer = splitOffer(m, this.s.seating, g, proposer);
    el.splitTitle.textContent = offer.title;
    el.splitText.textContent = offer.text;
    el.splitText.append(` ${m.t('split.playDeclines')}`);
    el.splitOffer.hidden = false;
    this.ctx.store.update({ splitOffer: { proposer } });
    this.ctx.announce(`${el.splitTitle.textContent} ${el.splitText.textContent}`);
  }

  /** @param {boolean} accept */
  answer(accept) {
    if (!this.s.splitOffer) return;
    if (accept) {
      this.ctx.el.splitOffer.hidden = true;
      this.ctx.store.update({ splitOffer: null });
      this.play.playMove('split');
    } else {
      this.decline();
      this.play.board.focus();
    }
  }

  /** Declines the split on offer: play goes on, and the offer is not made again before a capture. */
  decline() {
    const offer = this.s.splitOffer;
    const g = this.s.game;
    if (!offer || !g) return;
    this.ctx.el.splitOffer.hidden = true;
    const text = splitAnswer(this.ctx.m, this.s.seating, other(offer.proposer), false);
    this.ctx.store.update({ splitOffer: null, splitDeclined: captured(g), notice: text, noticeIsError: false });
    this.ctx.announce(text);
  }
}
