// @ts-check
/**
 * Starting a game: the first visit's welcome, the "New game" dialog, and
 * the side-choosing ritual of the games that hold one before play (MG-3).
 * The New game dialog's module is fetched when it first opens.
 * @module start
 */

import { randomHidden, randomSeed, ritualChooser, ritualSeats } from './engine.js';
import { runRitual } from './ritual.js';
import { seatsFor } from './state.js';
import { dropWelcome, openWelcome } from './welcome.js';

/** @typedef {import('./app.js').Context} Context */
/** @typedef {import('./chooser.js').Choice} Choice */
/** @typedef {import('./session.js').Session} Session */
/** @typedef {import('./play.js').Play} Play */
/** @typedef {import('./panels.js').Panels} Panels */

export class Start {
  /**
   * @param {Context} ctx
   * @param {Session} session
   * @param {Play} play
   * @param {Panels} panels
   * @param {Promise<import('./welcome.js').Start | null> | null} [opened] the welcome main.js opened
   *   before the engine was in (a first visit), until {@link Start#welcome} takes it
   */
  constructor(ctx, session, play, panels, opened = null) {
    this.ctx = ctx;
    this.session = session;
    this.play = play;
    this.panels = panels;
    this.opened = opened;
  }

  /** @private */
  get s() {
    return this.ctx.store.state;
  }

  /**
   * The first visit: the games, each one click from a game against the computer or for two. Any
   * other start closes the welcome main.js opened early, if it did (a card picked there is not played).
   * @param {boolean} first whether the session found a first visit (Session#restore)
   */
  async welcome(first) {
    const epoch = this.s.epoch;
    const opened = this.opened;
    this.opened = null;
    if (!first) {
      dropWelcome(); // one drawn early and not yet opened stays closed
      if (opened && this.ctx.el.start.open) this.ctx.el.start.close();
      return;
    }
    // A card picked before the engine was in is played now.
    const start = await (opened ?? this.openAfterFrame(epoch));
    if (!start || epoch !== this.s.epoch) return;
    const human = 'south';
    await this.begin({
      variant: start.variant,
      options: {},
      seating: { mode: start.mode, human, level: this.s.seating.level, players: seatsFor(start.mode, human) },
      ritual: this.s.settings.ritual,
    });
  }

  /**
   * Opens the welcome in the board's first frame, after its paint; null if another game came
   * first. Until it opens, `data-coming` says it will (for tools and tests).
   * @private
   * @param {number} epoch the game's when the welcome was asked for
   * @returns {Promise<import('./welcome.js').Start | null>}
   */
  async openAfterFrame(epoch) {
    const dialog = this.ctx.el.start;
    dialog.dataset.coming = 'true';
    await new Promise((resolve) => requestAnimationFrame(resolve));
    delete dialog.dataset.coming;
    if (epoch !== this.s.epoch) return null;
    return openWelcome(
      dialog,
      this.ctx.m,
      this.session.engine.variants.map((v) => v.id),
    );
  }

  /** The "New game" dialog, opened at the last choice or the game shown. */
  async choose() {
    const s = this.s;
    const g = s.game;
    const initial = s.lastChoice ?? {
      variant: g?.variant ?? this.session.engine.variants[0].id,
      options: g ? { ...g.options } : {},
      seating: s.seating,
      ritual: s.settings.ritual,
    };
    initial.ritual = s.settings.ritual;
    const m = this.ctx.m;
    await m.loadRules();
    const choice = await (await import('./chooser.js')).openChooser(this.ctx.el.chooser, m, this.session.engine.variants, initial, () =>
      randomSeed(),
    );
    if (!choice) return;
    this.ctx.store.update({ lastChoice: choice });
    if (choice.ritual !== this.s.settings.ritual) this.panels.setSetting({ ritual: choice.ritual });
    await this.begin(choice);
  }

  /** The game just finished, once more with the same options and players. */
  again() {
    const g = this.s.game;
    if (!g) return;
    const options = this.session.replayOptions(g);
    this.begin({ variant: g.variant, options, seating: this.session.freshSeating(), ritual: this.s.settings.ritual });
  }

  /** @param {Choice} choice */
  async begin(choice) {
    const { ctx, session } = this;
    const error = session.start(choice.variant, choice.options, choice.seating);
    if (error !== null) {
      ctx.store.update({ notice: ctx.m.t('chooser.bad', { reason: error }), noticeIsError: true });
      return;
    }
    const game = /** @type {import('./engine.js').Game} */ (session.game);
    const epoch = this.s.epoch;
    if (this.s.variant?.ritual && choice.ritual && choice.seating.mode !== 'demo' && !this.s.viewOnly) {
      ctx.store.update({ phase: 'ritual' });
      const first = choice.options.first ?? 'south';
      const players = await runRitual(
        ctx.el.ritual,
        ctx.m,
        choice.seating,
        first,
        {
          chooser: ritualChooser,
          seats: ritualSeats,
          hidden: randomHidden,
          side: () => this.play.computer.chooseSide(game.save(), choice.seating.level).catch(() => first),
          decided: () => game.forcedEnd(),
        },
        (text) => ctx.announce(text),
      );
      if (epoch !== this.s.epoch) return;
      ctx.store.update({ phase: 'idle' });
      if (players) {
        const seating = { ...this.s.seating, players };
        if (seating.mode === 'computer') seating.human = players.south === 'you' ? 'south' : 'north';
        ctx.store.update({ seating });
        session.autosave();
      }
    }
    ctx.announce(this.play.whereNow());
    this.play.board.focus();
    this.play.next();
  }
}
