// Tricks from a list of plays: who won each, for the end-of-deal replay and the deal viewer.

import { parseCard, RANKS, SEATS } from "../lib/cards.js";

/** The winner of a complete or partial trick [[seat, card], ...] with `trump` ("S"… or null). */
export function trickWinner(cards, trump) {
  if (!cards.length) return null;
  const led = parseCard(cards[0][1]).suit;
  let best = cards[0];
  for (const play of cards.slice(1)) {
    const card = parseCard(play[1]);
    const top = parseCard(best[1]);
    const beats = card.suit === top.suit
      ? RANKS.indexOf(card.rank) < RANKS.indexOf(top.rank)
      : card.suit === trump && top.suit !== trump;
    if (beats && (card.suit === led || card.suit === trump)) best = play;
  }
  return best[0];
}

/** Chunks of `size` plays from the view's `played` ([[seat, card], ...]). */
export function tricksFromPlayed(played, trump, size = 4) {
  const tricks = [];
  for (let i = 0; i < played.length; i += size) {
    const cards = played.slice(i, i + size);
    tricks.push({ cards, winner: cards.length === size ? trickWinner(cards, trump) : null });
  }
  return tricks;
}

/** A deal record's play (cards only) given its contract: the opening lead comes from
 *  declarer's left, each trick's winner leads the next. */
export function tricksFromRecord(play, contract, seats = SEATS) {
  if (!contract || !play.length) return [];
  const trump = contract.strain === "NT" ? null : contract.strain;
  let leader = seats[(seats.indexOf(contract.declarer) + 1) % seats.length];
  const tricks = [];
  for (let i = 0; i < play.length; i += seats.length) {
    const cards = play.slice(i, i + seats.length).map((card, k) => [seats[(seats.indexOf(leader) + k) % seats.length], card]);
    const winner = cards.length === seats.length ? trickWinner(cards, trump) : null;
    tricks.push({ cards, winner });
    if (winner) leader = winner;
  }
  return tricks;
}

/** Each seat's cards before trick `index` (0-based) is played. */
export function handsBefore(deal, tricks, index) {
  const gone = new Set(tricks.slice(0, index).flatMap((trick) => trick.cards.map(([, card]) => card)));
  return Object.fromEntries(Object.entries(deal).map(([seat, cards]) => [seat, (cards || []).filter((c) => !gone.has(c))]));
}
