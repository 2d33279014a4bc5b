// Textos em português do Brasil: o que a mesa diz a um leitor de tela (lib/announce.js), a caixa
// de declarações como um só controle, e a confirmação de cada carta.  As chaves são as mesmas de
// ../en/access.js (um teste confere).

import { plural } from "../plural.js";

export default {
  // o registro da mesa, lido pelos leitores de tela
  "say.log": "O que acontece na mesa",
  "say.you": "{seat} (você)",
  "say.deal": "Mão {n}. Carteador: {dealer}.",
  "say.call": "{who}: {call}",
  "say.bid": ({ who, n }) => `${who} aposta ${n} ${plural(n, "vaza", "vazas")}`,
  "say.contract": "Contrato: {contract}",
  "say.card": "{who} joga {card}",
  "say.trick": "{who} ganha a vaza",
  "say.claim.settled": "A reivindicação foi decidida",
  "say.undo": "{who} pede para voltar a última declaração ou carta",
  "say.undo.settled": "O pedido para voltar foi respondido",
  "say.over": "Fim da mão. {result}",
  "say.turn": "Sua vez",
  "say.turn.dummy": "Sua vez: jogue do morto",
  "felt.label": "A mesa",
  "bidding.keys": "As setas passam de uma declaração a outra; Enter faz a declaração",
  // a confirmação de cada carta
  "settings.confirm_cards": "Confirmar cada carta",
  "settings.confirm_cards.about": "A carta é jogada ao tocá-la de novo (ou com Enter duas vezes), e um toque errado não custa nada. Ligado por padrão no celular.",
  "confirm.card": "Toque de novo para jogar {card}",
};
