// Regras curtas de cada jogo, em português (escritas para o Vaza a partir dos textos em seeds/).

export default {
  contract: {
    title: "Bridge (contrato)",
    lead: "Quatro jogadores em duas duplas, parceiros frente a frente: Norte–Sul contra Leste–Oeste. O baralho inteiro de 52 cartas é distribuído, treze para cada um.",
    sections: [
      ["O objetivo", ["Ganhar vazas. Uma vaza são quatro cartas, uma de cada jogador em sentido horário; leva a maior carta do naipe de saída, a não ser que alguém tenha jogado trunfo — aí leva o maior trunfo. A ordem é A K Q J 10 9 … 2."]],
      ["O leilão", [
        "O carteador fala primeiro, depois cada jogador em sentido horário. Uma declaração diz quantas vazas além de seis (1 a 7) e em que naipe: paus ♣, ouros ♦, copas ♥, espadas ♠ (do menor ao maior) ou sem trunfo. Cada declaração tem de ser maior que a anterior: mais vazas, ou o mesmo número num naipe mais alto.",
        "Em vez de declarar, você pode passar, dobrar a última declaração dos adversários ou redobrar um dobro contra a sua dupla. Uma nova declaração cancela os dobros. Quem passou pode declarar depois.",
        "O leilão termina quando três jogadores passam seguidos depois de uma declaração. Se os quatro passam de saída, a mão é anulada. A última declaração é o contrato; quem da dupla nomeou primeiro aquele naipe é o declarante, o parceiro é o morto.",
      ]],
      ["O carteio", [
        "O jogador à esquerda do declarante faz a saída. Depois o morto abre as cartas na mesa e o declarante joga as duas mãos: o morto não participa.",
        "É obrigatório seguir o naipe; sem ele, joga-se qualquer carta, trunfo ou descarte. Quem ganha a vaza sai para a seguinte.",
        "Pode-se ver a última vaza até você ou seu parceiro jogarem na próxima. Um jogador pode reivindicar parte das vazas restantes; os adversários aceitam ou recusam. Pode-se pedir para voltar uma declaração ou carta; os adversários decidem.",
      ]],
      ["A contagem", [
        "As vazas contratadas e cumpridas valem abaixo da linha: 20 cada em paus e ouros, 30 em copas e espadas, 40 na primeira vaza sem trunfo e 30 nas outras. Dobrado ×2, redobrado ×4. 100 pontos abaixo da linha fazem um jogo (3ST, 4♥, 4♠, 5♣, 5♦ de uma vez, ou parciais somados).",
        "O resto vai acima da linha: vazas a mais, o prêmio de 50 (redobrado 100) por cumprir um contrato dobrado, os slams (12 vazas: 500, vulnerável 750; 13 vazas: 1000 / 1500) e os pontos dos adversários pelas vazas que faltaram: 50 cada (vulnerável 100); dobrado 100, 200, 200, 300… (vulnerável 200, 300…); redobrado o dobro.",
        "A dupla que já ganhou um jogo está vulnerável: prêmios e multas maiores. Pontos de honra: ás 4, rei 3, dama 2, valete 1 (40 no baralho).",
      ]],
      ["Rober", ["A primeira dupla a ganhar dois jogos ganha o rober e um prêmio de 700 (500 se a outra tiver um jogo). Honras: quatro dos cinco maiores trunfos numa mão valem 100, os cinco 150, os quatro ases em sem trunfo 150. Um rober interrompido dá 300 à única dupla com jogo e 100 à única com parcial."]],
      ["Chicago", ["Quatro mãos, dadas por Norte, Leste, Sul e Oeste. A vulnerabilidade vem do número da mão: ninguém, Norte–Sul, Leste–Oeste, todos. Um jogo vale 300 na hora (vulnerável 500); um parcial na quarta mão vale 100. Sem prêmio de rober."]],
      ["Duplicado", ["Cada mão é contada sozinha: prêmio de jogo 300 (vulnerável 500), de parcial 50. O número do board fixa carteador e vulnerabilidade."]],
      ["IMP (contagem russa)", ["Rodadas de Chicago em que cada mão é comparada com o que a dupla com mais pontos de honra deveria fazer, pela tabela de pontos e vulnerabilidade; a diferença vira IMPs pela tabela padrão."]],
      ["Old Polish", ["O rober com outros números: vazas 6 (♣), 7 (♦), 8 (♥), 9 (♠), 10 (ST); o jogo é 30 pontos; 1000 pelo primeiro jogo e 2000 pelo segundo; slams 2000 e 4000; vazas a mais 100 (vulnerável 200), dobradas o dobro; 100 para cada dupla quando todos passam."]],
      ["Bridge-Leilão (Auction Bridge)", ["Como o rober, mas as vazas a mais contam abaixo da linha, para o jogo."]],
    ],
  },
  "bridge-whist": {
    title: "Bridge-Whist (sem leilão)",
    lead: "O bridge de antes do leilão: o carteador é sempre o declarante e o parceiro dele sempre o morto.",
    sections: [
      ["O trunfo", ["O carteador escolhe o trunfo (um naipe ou sem trunfo) ou passa a escolha ao parceiro, que então tem de escolher."]],
      ["O contrato", ["A dupla do declarante precisa fazer seis vazas. Cada vaza além de seis vale como vaza a mais (20 em paus e ouros, 30 em copas, espadas e sem trunfo); cada vaza a menos dá 50 aos defensores (vulnerável 100). Nada é dobrado. O carteio é o do bridge."]],
    ],
  },
  widow: {
    title: "A viúva",
    lead: "Um bridge muito jogado no Brasil: doze cartas para cada um e quatro no meio — a viúva.",
    sections: [
      ["A distribuição", ["Cada jogador recebe doze cartas; as quatro últimas ficam viradas para baixo no meio da mesa."]],
      ["A viúva", ["Depois do leilão e antes da saída, o declarante pega a viúva e distribui as cartas: uma para cada jogador e uma para si. Todos jogam então com treze cartas, e o resto é bridge. Cada um sabe só a carta que recebeu."]],
    ],
  },
  honeymoon: {
    title: "Bridge para dois",
    lead: "Bridge para dois jogadores, em duas fases.",
    sections: [
      ["A compra", ["Treze cartas para cada um; o resto forma um monte com a carta de cima virada. Cada um joga uma carta: quem responde segue o naipe se puder. Quem ganha fica com a carta virada, o outro pega a seguinte sem mostrar, e vira-se a próxima. Essas vazas não contam."]],
      ["O bridge", ["Acabado o monte, cada um tem treze cartas: leilão e carteio como no bridge, sem morto, cada um por si."]],
    ],
  },
  boerenbridge: {
    title: "Boerenbridge (o bridge do fazendeiro)",
    lead: "O jogo de vazas holandês para 3 a 7 jogadores, cada um por si: aposte exatamente as vazas que vai fazer.",
    sections: [
      ["As rodadas", ["O número de cartas sobe de 1 até o topo e desce de volta (quatro jogadores: de 1 a 8 e volta, 15 rodadas). Depois da distribuição vira-se a carta seguinte: o naipe dela é o trunfo. A vez de dar passa em sentido horário."]],
      ["As apostas", ["A partir da esquerda do carteador, cada um aposta uma vez o número exato de vazas que fará. O carteador aposta por último e não pode fazer a soma das apostas igual ao número de cartas — assim alguém sempre erra."]],
      ["O carteio", ["Sai o jogador à esquerda do carteador. Siga o naipe se puder; senão, jogue qualquer carta. Leva o maior trunfo, senão a maior carta do naipe de saída; quem leva sai na seguinte."]],
      ["A contagem", ["Aposta exata vale 10 mais 2 por vaza (apostou 0 e fez 0: 10). Aposta errada vale 0, ou menos a diferença na contagem severa. Vence o maior total; no empate, quem acertou mais apostas, depois a melhor rodada."]],
      ["Variantes", ["Mão fixa, rodadas sem trunfo, rodadas de uma carta às cegas (aposta-se sem ver; a pontuação é multiplicada), o consolo do fazendeiro (+5) e o estilo Wizard, com quatro Magos que sempre ganham e quatro Bobos que sempre perdem."]],
    ],
  },
};
