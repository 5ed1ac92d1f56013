## As lições (`mancala learn`, /learn): os seus textos e as explicações de uma jogada avaliada.
## As casas são designadas pelas suas letras (A-F / a-f, A-H / a-h no isolo) em todas as línguas.

## Uma jogada avaliada.
learn-right = Certo: { $move }.
learn-right-captured = Certo: { $move } captura { $seeds ->
    [one] { $seeds } semente
   *[other] { $seeds } sementes
}.
learn-right-forbidden = Certo: { $move } não é permitida ({ $reason }).
learn-why-not-a-move = { $move } não é uma jogada aqui.
learn-why-refused = { $move } não é permitida: { $reason }.
learn-why-allowed = { $move } é permitida pelas regras. Encontre a jogada que elas proíbem.
learn-why-other-reason = { $move } não é permitida, mas por outra razão: { $reason }.
learn-why-capture = { $move } { $got ->
    [0] não captura nada
    [one] captura { $got } semente
   *[other] captura { $got } sementes
}; a tarefa pede { $want }.
learn-why-capture-pits = { $move } { $got ->
    [0] não captura nada
    [one] captura em { $got } casa
   *[other] captura em { $got } casas
}; a tarefa pede { $want } casas.
learn-why-last-pit = A última semente de { $move } cai em { $got }, não em { $want }.
learn-why-laps = { $move } semeia { $got ->
    [one] { $got } volta
   *[other] { $got } voltas
}; a tarefa pede pelo menos { $want }.
learn-why-not-empty = A última volta de { $move } acaba em { $pit }, que não estava vazia.
learn-why-feed = Depois de { $move } a fila do adversário tem { $got ->
    [one] { $got } semente
   *[other] { $got } sementes
}; a tarefa pede pelo menos { $want }.
learn-why-no-grand-slam = { $move } não leva todas as sementes da fila do adversário.
learn-why-no-extra-turn = { $move } não lhe dá outra jogada.
learn-why-fours-me = { $move } dá-lhe { $got ->
    [0] nenhum quatro
    [one] { $got } quatro
   *[other] { $got } quatros
}; a tarefa pede { $want }.
learn-why-fours-me-sowing = { $move } dá-lhe { $got ->
    [0] nenhum quatro
    [one] { $got } quatro
   *[other] { $got } quatros
} a semear; a tarefa pede { $want }.
learn-why-fours-me-end = { $move } dá-lhe { $got ->
    [0] nenhum quatro
    [one] { $got } quatro
   *[other] { $got } quatros
} com a última semente de uma volta; a tarefa pede { $want }.
learn-why-fours-opponent = { $move } dá ao adversário { $got ->
    [0] nenhum quatro
    [one] { $got } quatro
   *[other] { $got } quatros
}; a tarefa pede { $want }.
learn-why-fours-opponent-sowing = { $move } dá ao adversário { $got ->
    [0] nenhum quatro
    [one] { $got } quatro
   *[other] { $got } quatros
} a semear; a tarefa pede { $want }.
learn-why-fours-opponent-end = { $move } dá ao adversário { $got ->
    [0] nenhum quatro
    [one] { $got } quatro
   *[other] { $got } quatros
} com a última semente de uma volta; a tarefa pede { $want }.
learn-why-pits = Depois de { $move } ficaria com { $got } casas; a tarefa pede pelo menos { $want }.
learn-why-round-goes-on = { $move } não acaba a ronda.
learn-why-game-goes-on = { $move } não acaba o jogo.
learn-why-other-end = { $move } acaba o jogo, mas não como a tarefa pede: { $reason }.
learn-why-foregame-goes-on = { $move } não esvazia a fila do adversário: o jogo preliminar continua.
learn-why-no-singleton = { $move } não captura uma semente sozinha numa casa da ponta ou na casa ao lado.
learn-why-too-many-seeds = Colocou { $placed } sementes; a tarefa permite no máximo { $max }.
learn-why-no-follow-up = Depois desta preparação, nenhuma das suas primeiras jogadas faz o que a tarefa pede.
learn-why-refuted = { $captured ->
    [0] Depois de { $move },
    [one] { $move } captura { $captured } semente, mas
   *[other] { $move } captura { $captured } sementes, mas
} o { $side } responde { $reply }{ $reply_captured ->
    [0] {""}
    [one] {" "}e captura { $reply_captured } semente
   *[other] {" "}e captura { $reply_captured } sementes
}. Há uma jogada melhor.
learn-why-not-best = { $move } não é a melhor jogada aqui.

## As lições: cada jogo, as suas etapas (título e ideia que ensinam) e os seus exercícios
## (tarefa, dica, e explicação mostrada quando o exercício está resolvido).

learn-mistakes-title = Erros clássicos
learn-mistakes-intro = Posições de jogos verdadeiros em que uma jogada tentadora corre mal. Encontre a única boa jogada; uma jogada errada recebe a resposta de um jogador forte.
learn-mistakes-task = Encontre a única boa jogada aqui.
learn-mistake-greedy = Capturar o máximo de sementes agora não é a melhor jogada: veja o que o adversário recupera, ou a jogada que ganha mais tarde.
learn-mistake-greedy-hint = Antes de capturar, veja a resposta do adversário.
learn-mistake-kroo = Uma casa grande (um kroo) muda tudo: conte para onde vão todas as suas sementes antes de a jogar, ou de a guardar.
learn-mistake-kroo-hint = Conte para onde iriam as sementes da sua maior casa, e o que fica depois para o adversário.
learn-mistake-feeding = Quando uma fila está vazia, o outro jogador tem de a alimentar: alimente de modo que as respostas do adversário não o possam prejudicar.
learn-mistake-feeding-hint = Aqui todas as jogadas alimentam; veja o que o adversário pode fazer com as sementes que lhe dá.
learn-mistake-relay = Um relançamento longo é difícil de ler: siga-o volta a volta antes de escolher, e veja onde deixa as sementes.
learn-mistake-relay-hint = Siga cada jogada volta a volta até ao fim.
learn-mistake-owner = No ba-awa, veja de quem são as casas por onde passam as suas sementes: um quatro feito numa casa do adversário é dele, e um jogador sem sementes nas suas casas passa.
learn-mistake-owner-hint = Conte os quatros que cada jogada dá, e a quem.
learn-mistake-resow = No isolo, as sementes capturadas são semeadas de novo: a jogada que de início captura pouco pode ir muito mais longe.
learn-mistake-resow-hint = Siga as capturas: onde são semeadas as sementes capturadas, e o que capturam depois?

## As etapas comuns à família do ouril (Oware, Abapa, Wuri, Ouril, Awari).
learn-oware-family-sowing-title = Semear
learn-oware-family-sowing-intro = Tire todas as sementes de uma das suas casas e semeie-as uma a uma, no sentido contrário ao dos ponteiros do relógio: para a direita na sua fila, e depois na fila do adversário.
learn-oware-family-sowing-where-task = Cada casa tem 4 sementes. Semeie de modo que a sua última semente caia na casa b do Norte.
learn-oware-family-sowing-where-hint = Quatro sementes vão para as quatro casas seguintes. A fila do Norte começa em a, a casa em frente da sua F.
learn-oware-family-sowing-where-explain = As quatro sementes de D vão para E, F, a e b: semeia-se no sentido contrário ao dos ponteiros do relógio, para a direita na sua fila e depois na do Norte, de a a f.
learn-oware-family-sowing-north-task = Agora joga o Norte, a fila de cima, com as letras de a a f a partir da esquerda dele. Faça cair a sua última semente na casa A do Sul.
learn-oware-family-sowing-north-hint = Para o Norte, a casa A do Sul vem depois de f. Que casa fica quatro casas antes de A?
learn-oware-family-sowing-north-explain = As quatro sementes de c vão para d, e, f e A. Cada fila tem as letras a partir da esquerda do seu dono: a fica em frente de F, e f em frente de A.
learn-oware-family-sowing-kroo-task = A tem 12 sementes. Faça cair a sua última semente na sua casa B.
learn-oware-family-sowing-kroo-hint = Doze sementes dão a volta inteira ao tabuleiro, e a casa que esvaziou é saltada.
learn-oware-family-sowing-kroo-explain = As sementes de A enchem de B a f, 11 casas; a 12.ª cairia em A, mas a casa esvaziada é sempre saltada: cai em B. Uma casa com 12 sementes ou mais chama-se kroo.
learn-oware-family-capture-title = Capturar
learn-oware-family-capture-intro = Quando a sua última semente deixa uma casa do adversário com 2 ou 3 sementes, captura-as, e também as casas anteriores que tenham 2 ou 3.
learn-oware-family-capture-two-or-three-task = Capture: faça cair a sua última semente numa casa do Norte que fique então com 2 ou 3 sementes.
learn-oware-family-capture-two-or-three-hint = A casa a do Norte tem 1 semente e d tem 2: mais uma semente faz 2 ou 3.
learn-oware-family-capture-two-or-three-explain = As sementes são suas quando a sua última semente faz 2 ou 3 numa casa do adversário: D acaba em a (1 + 1 = 2), E em d (2 + 1 = 3).
learn-oware-family-capture-chain-task = Capture em pelo menos três casas do Norte numa só jogada.
learn-oware-family-capture-chain-hint = Depois de uma captura, a casa anterior também é capturada se tiver 2 ou 3 sementes, e assim por diante. Procure uma sementeira longa na fila do Norte.
learn-oware-family-capture-chain-explain = A última semente de E faz 3 em e. d, c, b e a, antes dela, também têm 2 ou 3: são todas capturadas. A cadeia anda para trás, no sentido dos ponteiros do relógio, enquanto as casas tiverem 2 ou 3, e nunca entra na sua própria fila.
learn-oware-family-capture-chain-stops-task = Capture pelo menos 3 sementes.
learn-oware-family-capture-chain-stops-hint = A captura de D só leva 2. Onde cai a última semente de E, e o que tem então a casa anterior?
learn-oware-family-capture-chain-stops-explain = A última semente de E faz 3 em d: capturadas. A cadeia continuaria para c, mas c tem agora 4: uma cadeia para na primeira casa com 0, 1, ou 4 sementes ou mais.
learn-oware-family-capture-kroo-task = A tem 19 sementes. Capture pelo menos 7 sementes.
learn-oware-family-capture-kroo-hint = Conte à volta do tabuleiro: as sementes de A passam por A, que é saltada, e chegam uma segunda vez à fila do Norte.
learn-oware-family-capture-kroo-explain = A semeia de B a f, salta A, depois de B a F e em a, b, c: a última semente cai em c. c, b e a ficam então com 2, 3 e 2: 7 sementes. A fica vazia.
learn-oware-family-feeding-title = Alimentar
learn-oware-family-feeding-intro = Quando o adversário já não tem sementes, tem de lhe dar algumas: uma jogada que não chega à fila dele não é permitida se outra chegar.
learn-oware-family-feeding-must-feed-task = O Norte já não tem sementes. Uma das suas jogadas não é permitida: qual, e porquê?
learn-oware-family-feeding-must-feed-hint = Qual das suas casas não consegue chegar à fila do Norte?
learn-oware-family-feeding-must-feed-explain = As 3 sementes de A param em D e deixam o Norte sem nada. Quando a fila do adversário está vazia, tem de lhe dar sementes se puder.
learn-oware-family-feeding-feed-more-task = A fila do Norte está vazia. Dê-lhe pelo menos 3 sementes.
learn-oware-family-feeding-feed-more-hint = Quanto mais à direita estiver uma casa, menos sementes precisa para chegar ao Norte.
learn-oware-family-feeding-feed-more-explain = E semeia F, a, b e c: três sementes para o Norte. D dar-lhe-ia só uma, e C, que não chega até ele, não é permitida.
learn-oware-family-feeding-kroo-task = Dê pelo menos 6 sementes ao Norte.
learn-oware-family-feeding-kroo-hint = E tem 12 sementes: para onde vão todas?
learn-oware-family-feeding-kroo-explain = As 12 sementes de E dão a volta inteira: uma para cada uma das seis casas do Norte, e a última para F, porque E é saltada. Uma casa grande alimenta a fila inteira.

## Oware e Abapa.
learn-oware-title = Oware e Abapa
learn-oware-intro = O oware tal como a aplicação Oware o descreve, e o Abapa, as regras internacionais: semear, capturar e alimentar, depois o grand slam de cada um e o fim do jogo.
learn-oware-grand-slam-title = O grand slam
learn-oware-grand-slam-intro = Uma captura que levaria todas as sementes da fila do adversário é um grand slam. O oware proíbe-o; no Abapa pode ser jogado, mas não captura nada.
learn-oware-grand-slam-forbidden-task = No oware, uma das suas jogadas capturaria todas as sementes da fila do Norte. Essa jogada não é permitida: qual é?
learn-oware-grand-slam-forbidden-hint = O Norte tem 1, 1 e 2 sementes em a, b e c. Que casa acaba em c?
learn-oware-grand-slam-forbidden-explain = F deixaria a, b e c com 2, 2 e 3 sementes e capturava-as todas: um grand slam. O oware proíbe-o enquanto tiver outra jogada; se todas as suas jogadas fossem grand slams, teria de jogar uma, e perderia logo.
learn-oware-grand-slam-capture-instead-task = Capture pelo menos 2 sementes, e deixe o resto ao Norte.
learn-oware-grand-slam-capture-instead-hint = Uma captura que para antes de c deixa sementes ao Norte.
learn-oware-grand-slam-capture-instead-explain = A última semente de D faz 2 em a: captura-as, e b e c ficam para o Norte.
learn-oware-grand-slam-abapa-task = Nas regras do Abapa, o mesmo grand slam pode ser jogado. Jogue-o e veja o que captura.
learn-oware-grand-slam-abapa-hint = É a jogada cuja última semente cai em c.
learn-oware-grand-slam-abapa-explain = F é permitida no Abapa, mas um grand slam não captura nada: as sementes ficam na fila do Norte.
learn-oware-grand-slam-abapa-capture-task = Aqui um grand slam não captura nada. Capture pelo menos 5 sementes.
learn-oware-grand-slam-abapa-capture-hint = A jogada que chega a c levaria tudo, e por isso não captura nada.
learn-oware-grand-slam-abapa-capture-explain = A última semente de E faz 3 em b, e a tem 2: 5 sementes, e c fica com a sua semente, por isso não é um grand slam. F levaria todas as sementes, e por isso não capturaria nada.
learn-oware-end-title = O fim do jogo
learn-oware-end-intro = Um jogador com 25 sementes ou mais ganha logo. Uma posição que se repete acaba o jogo, e também um jogador que não pode jogar.
learn-oware-end-twenty-five-task = Tem 22 sementes. Ganhe o jogo agora.
learn-oware-end-twenty-five-hint = 25 sementes, mais de metade das 48, ganham logo.
learn-oware-end-twenty-five-explain = E captura 3: 25 sementes, mais de metade das 48, e ganha logo.
learn-oware-end-repetition-task = As jogadas feitas até aqui estão na lista. Uma das suas jogadas traz de volta uma posição já vista: jogue-a, e o jogo acaba.
learn-oware-end-repetition-hint = No início da lista, a sua semente estava em E, as do Norte em a e e, e era a vez do Norte.
learn-oware-end-repetition-explain = Depois de F o tabuleiro está como no início, com os mesmos pontos e a vez do Norte. Da primeira vez que uma posição se repete o jogo acaba, e cada jogador junta aos seus pontos as sementes da sua fila.
learn-oware-end-cannot-feed-task = A fila do Norte está outra vez vazia. Que jogada não é permitida?
learn-oware-end-cannot-feed-hint = As sementes de A param em D.
learn-oware-end-cannot-feed-explain = A não consegue alimentar o Norte: só D é permitida. Se nenhuma jogada o pudesse alimentar, o jogo acabava: no oware as sementes que ficam no tabuleiro não contam e ganha quem tiver mais pontos; no Abapa cada jogador fica com as sementes da sua fila.
learn-oware-practice-ending = Um final em que ganha por 23 a 13: jogue-o até ao fim contra o computador, e ganhe.
learn-oware-practice-whole-game = Um jogo inteiro de Abapa contra o computador no nível mais fácil: ganhe-o.

## Wuri.
learn-wuri-title = Wuri
learn-wuri-intro = O wuri: semear, capturar e alimentar, um grand slam que não captura nada, e o fim do jogo.
learn-wuri-grand-slam-title = O grand slam
learn-wuri-grand-slam-intro = Uma captura que levaria todas as sementes da fila do adversário é um grand slam. No wuri pode ser jogado, mas não captura nada.
learn-wuri-grand-slam-nothing-task = Uma jogada levaria todas as sementes da fila do Norte. Jogue-a e veja o que captura.
learn-wuri-grand-slam-nothing-hint = O Norte tem 1, 1 e 2 sementes em a, b e c. Que casa acaba em c?
learn-wuri-grand-slam-nothing-explain = F deixa a, b e c com 2, 2 e 3 sementes: todas as sementes do Norte. Por isso nada é capturado: no wuri, um grand slam não captura nada.
learn-wuri-grand-slam-capture-instead-task = Capture pelo menos 2 sementes.
learn-wuri-grand-slam-capture-instead-hint = Uma captura que deixa sementes ao Norte conta.
learn-wuri-grand-slam-capture-instead-explain = D captura as 2 sementes de a; b e c ficam para o Norte, por isso a captura conta.
learn-wuri-end-cannot-feed-task = A fila do Norte está vazia. Que jogada não é permitida?
learn-wuri-end-cannot-feed-hint = As sementes de A param em D.
learn-wuri-end-cannot-feed-explain = A não consegue alimentar o Norte: só D é permitida. Se nenhuma jogada o pudesse alimentar, o jogo acabava e cada jogador ficava com as sementes da sua fila.
learn-wuri-practice-ending = Um final em que ganha por 23 a 13: jogue-o até ao fim contra o computador, e ganhe.
learn-wuri-practice-whole-game = Um jogo inteiro contra o computador no nível mais fácil: ganhe-o.

## Ouril.
learn-ouril-title = Ouril
learn-ouril-intro = O ouril, tal como se joga em Cabo Verde: semear, capturar e alimentar, as sementes sozinhas, o grand slam e a sua jogada extra, e o fim do jogo.
learn-ouril-singletons-title = Sementes sozinhas
learn-ouril-singletons-intro = Uma casa com uma só semente só pode ser jogada quando nenhuma das suas casas tem duas ou mais.
learn-ouril-singletons-not-yet-task = Uma das suas jogadas não é permitida: qual, e porquê?
learn-ouril-singletons-not-yet-hint = Olhe para as casas com uma só semente.
learn-ouril-singletons-not-yet-explain = A e C têm uma só semente enquanto B tem 3: uma semente sozinha só se joga quando nenhuma casa sua tem duas ou mais.
learn-ouril-singletons-only-singletons-task = Só restam sementes sozinhas, por isso agora pode jogá-las. Capture 2 sementes.
learn-ouril-singletons-only-singletons-hint = A casa a do Norte tem uma semente.
learn-ouril-singletons-only-singletons-explain = A semente de F faz 2 em a: capturadas. O Norte fica com a sua semente em c.
learn-ouril-singletons-feed-first-task = A fila do Norte está vazia. Que jogada não é permitida?
learn-ouril-singletons-feed-first-hint = Alimentar vem antes da regra das sementes sozinhas.
learn-ouril-singletons-feed-first-explain = As 2 sementes de A não chegam ao Norte. F tem uma só semente, mas é a única jogada que o alimenta: quando a fila do adversário está vazia, alimenta-o com uma casa de duas sementes ou mais se alguma lá chegar, senão com qualquer casa que lá chegue.
learn-ouril-grand-slam-title = O grand slam e a jogada extra
learn-ouril-grand-slam-intro = No ouril um grand slam é capturado, e volta a jogar logo; essa jogada extra tem de deixar pelo menos uma semente ao adversário.
learn-ouril-grand-slam-extra-turn-task = Capture todas as sementes da fila do Norte: depois volta a jogar.
learn-ouril-grand-slam-extra-turn-hint = O Norte tem 1, 1 e 2 sementes em a, b e c.
learn-ouril-grand-slam-extra-turn-explain = F captura c, b e a: 7 sementes, a fila inteira do Norte. Volta a jogar logo.
learn-ouril-grand-slam-feed-him-task = Esta é a sua jogada extra depois de um grand slam. Que jogada não é permitida?
learn-ouril-grand-slam-feed-him-hint = A jogada extra tem de deixar uma semente ao Norte.
learn-ouril-grand-slam-feed-him-explain = As sementes de A ficam na sua fila e deixariam o Norte sem nada; D chega a a. A jogada extra tem de deixar pelo menos uma semente ao adversário.
learn-ouril-grand-slam-twenty-five-task = Tem 18 sementes. Ganhe já.
learn-ouril-grand-slam-twenty-five-hint = Um grand slam que o leva a 25 acaba o jogo.
learn-ouril-grand-slam-twenty-five-explain = O grand slam de F leva 7 sementes: 25, mais de metade, e ganha logo. Não é precisa jogada extra.
learn-ouril-end-no-extra-move-task = Acabe o jogo agora.
learn-ouril-end-no-extra-move-hint = Depois de um grand slam tem de voltar a jogar e alimentar o Norte. E se nenhuma jogada sua o puder fazer?
learn-ouril-end-no-extra-move-explain = Depois do grand slam de F volta a jogar e tem de alimentar o Norte, mas as 2 sementes de A não chegam até ele: o jogo acaba, e cada jogador fica com as sementes da sua fila. Aqui isso dá 24 para cada um: empate.
learn-ouril-practice-ending = Um final em que ganha por 23 a 13: jogue-o até ao fim contra o computador, e ganhe.
learn-ouril-practice-whole-game = Um jogo inteiro contra o computador no nível mais fácil: ganhe-o.

## Awari.
learn-awari-title = Awari
learn-awari-intro = O awari segundo as regras da sua solução: semear, capturar e alimentar, não deixar o adversário sem sementes, e o fim do jogo com os seus ciclos sem fim.
learn-awari-starving-title = Deixar o adversário sem sementes
learn-awari-starving-intro = Uma jogada que deixa o adversário sem sementes, capturando-as todas ou não alimentando a sua fila vazia, não é permitida se tiver outra jogada.
learn-awari-starving-take-all-task = Uma jogada capturaria todas as sementes do Norte. Não é permitida: qual é?
learn-awari-starving-take-all-hint = O Norte tem 1, 1 e 2 sementes em a, b e c. Que casa acaba em c?
learn-awari-starving-take-all-explain = F capturaria a, b e c: todas as sementes do Norte. Isso não é permitido enquanto outra jogada lhe deixar sementes. Se todas as suas jogadas o deixassem sem nada, jogaria uma e a captura contava; depois, sem sementes para jogar, ele deixava-lhe todas as sementes ainda no tabuleiro.
learn-awari-starving-leave-one-task = Capture pelo menos 2 sementes, e deixe o resto ao Norte.
learn-awari-starving-leave-one-hint = Uma captura que para antes de c deixa sementes ao Norte.
learn-awari-starving-leave-one-explain = A última semente de D faz 2 em a: captura-as, e b e c ficam para o Norte.
learn-awari-starving-bigger-task = Capture pelo menos 5 sementes.
learn-awari-starving-bigger-hint = A jogada que chega a c levaria tudo, e não é permitida.
learn-awari-starving-bigger-explain = A última semente de E faz 3 em b, e a tem 2: 5 sementes, e c fica com a sua semente. F levaria todas as sementes e não é permitida.
learn-awari-end-title = O fim do jogo
learn-awari-end-intro = Um jogador com 25 sementes ou mais ganha logo. Um ciclo sem fim acaba o jogo, e as sementes que restam são divididas igualmente.
learn-awari-end-twenty-five-task = Tem 22 sementes. Ganhe o jogo agora.
learn-awari-end-twenty-five-hint = 25 sementes, mais de metade das 48, ganham logo.
learn-awari-end-twenty-five-explain = E captura 3: 25 sementes, mais de metade das 48, e ganha logo.
learn-awari-end-cycle-task = As jogadas feitas até aqui estão na lista: as sementes andam às voltas. Traga de volta uma posição já vista para acabar o jogo.
learn-awari-end-cycle-hint = No início da lista, a sua semente estava em E, as do Norte em a e e, e era a vez do Norte.
learn-awari-end-cycle-explain = Depois de F volta a posição do início: o jogo acaba e as 3 sementes do tabuleiro são divididas igualmente, 1,5 para cada um. Ganha por 24,5 a 23,5.
learn-awari-end-cycle-draw-task = Outra vez as sementes andam às voltas. Acabe o jogo trazendo de volta uma posição já vista.
learn-awari-end-cycle-draw-hint = No início da lista, as suas sementes estavam em E e F, as do Norte em d e e, e era a vez do Norte.
learn-awari-end-cycle-draw-explain = Depois de D volta a posição do início. As 4 sementes do tabuleiro são divididas, 2 para cada um: 24 a 24, empate.
learn-awari-practice-ending = Um final em que ganha por 23 a 13: jogue-o até ao fim contra o computador, e ganhe.
learn-awari-practice-whole-game = Um jogo inteiro contra o computador no nível mais fácil: ganhe-o.

## Ọlọwuka.
learn-olowuka-title = Ọlọwuka
learn-olowuka-intro = O ọlọwuka, da terra iorubá: semear em várias voltas, capturar no fim da última volta e o seu grand slam, não deixar o adversário sem sementes, e o fim do jogo.
learn-olowuka-laps-title = Semear em várias voltas
learn-olowuka-laps-intro = Semeia-se no sentido contrário ao dos ponteiros do relógio pelas duas filas. Se a última semente de uma volta deixa uma casa com 4 ou mais, tira todas as suas sementes e continua a semear: um relançamento. Uma última semente numa casa vazia acaba a jogada.
learn-olowuka-laps-relay-task = Faça uma jogada de pelo menos duas voltas.
learn-olowuka-laps-relay-hint = Qual das suas jogadas acaba numa casa que já tem 3?
learn-olowuka-laps-relay-explain = A última semente de A faz 4 em C: tira-as e semeia a partir de D. Essa volta acaba na casa a do Norte, que fica então com 3: capturadas.
learn-olowuka-laps-ends-empty-task = Faça um relançamento cuja última volta acabe numa casa vazia.
learn-olowuka-laps-ends-empty-hint = As três sementes de A chegam a D, que já tem 3.
learn-olowuka-laps-ends-empty-explain = A última semente de A faz 4 em D: relançamento. As 4 sementes de D vão para E, F, a e b; b estava vazia, por isso a jogada acaba aí.
learn-olowuka-laps-own-row-task = Faça cair a sua última semente na sua casa D.
learn-olowuka-laps-own-row-hint = D tem 1 semente. Conte as 3 sementes de A.
learn-olowuka-laps-own-row-explain = A última semente de A faz 2 em D, uma das suas próprias casas: nem captura nem relançamento, a jogada simplesmente acaba.
learn-olowuka-capture-title = Capturar
learn-olowuka-capture-intro = Só se captura no fim da última volta: 2 ou 3 sementes numa casa do adversário, e as casas anteriores com 2 ou 3. Uma captura que levaria todas as sementes deixa-lhe uma casa.
learn-olowuka-capture-after-relay-task = Capture em duas casas do Norte, depois de um relançamento.
learn-olowuka-capture-after-relay-hint = Uma semente que faz 4 na fila do Norte também começa um relançamento.
learn-olowuka-capture-after-relay-explain = Uma volta que acaba numa casa com 4 ou mais continua, mesmo na fila do Norte. Aqui o relançamento acaba em e, que fica com 2, e d, antes dela, também tem 2: as duas são capturadas.
learn-olowuka-capture-grand-slam-task = Uma jogada capturaria todas as sementes da fila do Norte. Encontre-a e veja o que a regra lhe deixa.
learn-olowuka-capture-grand-slam-hint = Siga o relançamento de D até ao fim.
learn-olowuka-capture-grand-slam-explain = O relançamento de D acaba em f, e a cadeia f, e, d, c, b, a levaria a fila inteira do Norte. Por isso a última casa da cadeia, a, fica com as suas 2 sementes: leva as outras 11.
learn-olowuka-capture-single-pit-task = O Norte só tem uma casa com sementes. Encontre a jogada que a capturaria, e veja o que acontece.
learn-olowuka-capture-single-pit-hint = Qual das suas casas chega a a?
learn-olowuka-capture-single-pit-explain = F faz 2 em a, mas a tem todas as sementes do Norte: quando uma captura levaria uma só casa com tudo, nada é capturado.
learn-olowuka-end-title = O fim do jogo
learn-olowuka-end-intro = Não pode deixar o adversário sem sementes. Um jogador com 25 sementes ou mais ganha logo, e uma posição que se repete acaba o jogo.
learn-olowuka-end-starve-task = A fila do Norte está vazia. Que jogada não é permitida?
learn-olowuka-end-starve-hint = Que jogada deixa o Norte sem nada?
learn-olowuka-end-starve-explain = A semente de A fica na sua fila e não deixa nada ao Norte; F alimenta-o. Não pode deixar o adversário sem sementes enquanto outra jogada lhe deixar alguma. Se nenhuma o fizesse, qualquer jogada seria permitida; ele já não poderia jogar, o jogo acabava, e cada jogador ficava com as sementes da sua fila.
learn-olowuka-end-twenty-five-task = Tem 14 sementes. Ganhe o jogo com uma jogada.
learn-olowuka-end-twenty-five-hint = Siga o relançamento de D.
learn-olowuka-end-twenty-five-explain = O relançamento de D acaba em f e a sua cadeia leva 11 sementes (a fica com as suas 2): 25 sementes, mais de metade, e ganha.
learn-olowuka-practice-ending = Um final em que ganha por 20 a 4: jogue-o até ao fim contra o computador, e ganhe.
learn-olowuka-practice-whole-game = Um jogo inteiro contra o computador no nível mais fácil: ganhe-o.

## Ba-awa.
learn-ba-awa-title = Ba-awa
learn-ba-awa-intro = O ba-awa, do Gana: semear em várias voltas, os quatros capturados a semear, as rondas que mudam os donos das casas, e o encontro.
learn-ba-awa-laps-title = Semear em várias voltas
learn-ba-awa-laps-intro = Semeie a partir de uma casa sua. Se a última semente de uma volta cai numa casa que não estava vazia (sem fazer 4), tire todas as suas sementes e continue: um relançamento. Uma última semente numa casa vazia acaba a jogada.
learn-ba-awa-laps-relay-task = Faça uma jogada de pelo menos duas voltas.
learn-ba-awa-laps-relay-hint = A semente de A cai em B, que tem 1.
learn-ba-awa-laps-relay-explain = A semente de A faz 2 em B: tira-as e continua, para C e depois D, que fica com 3: outra vez. A terceira volta acaba na casa a do Norte, que estava vazia: a jogada acaba.
learn-ba-awa-laps-ends-empty-task = Faça um relançamento cuja última volta acabe numa casa vazia.
learn-ba-awa-laps-ends-empty-hint = As jogadas de E e de F acabam numa volta cuja última semente faz 4.
learn-ba-awa-laps-ends-empty-explain = C relança até que uma volta acabe numa casa vazia. E e F acabam numa volta cuja última semente faz 4 em c: esses quatro são capturados, e a jogada acaba aí.
learn-ba-awa-laps-pass-task = O Norte não tem sementes. Faça uma jogada depois da qual ele continue sem nenhuma: passa, e volta a jogar.
learn-ba-awa-laps-pass-hint = Que jogada mantém as suas sementes na sua fila?
learn-ba-awa-laps-pass-explain = As sementes de B param em D e as casas do Norte continuam vazias: um jogador que não é dono de nenhuma casa com sementes passa, e o adversário volta a jogar.
learn-ba-awa-fours-title = Os quatros
learn-ba-awa-fours-intro = Sempre que uma semente deixa uma casa com exatamente 4, essas 4 são capturadas: pelo dono da casa se a sementeira continua, por quem semeia se era a última semente da volta.
learn-ba-awa-fours-last-seed-task = Capture um quatro com a última semente de uma volta.
learn-ba-awa-fours-last-seed-hint = E tem 3. Que jogada acaba aí?
learn-ba-awa-fours-last-seed-explain = A última semente de B faz 4 em E: captura-os, e a jogada acaba.
learn-ba-awa-fours-while-sowing-task = Ganhe um quatro a semear, a meio de uma volta.
learn-ba-awa-fours-while-sowing-hint = B tem 3, e é uma casa sua.
learn-ba-awa-fours-while-sowing-explain = A primeira semente de A faz 4 em B, a sua casa: fica logo com eles, e a sementeira continua para C.
learn-ba-awa-fours-his-four-task = Que jogada faz um quatro numa casa do Norte a semear? Jogue-a e veja quem o leva.
learn-ba-awa-fours-his-four-hint = A casa a do Norte tem 3.
learn-ba-awa-fours-his-four-explain = A segunda semente de E faz 4 em a: esses quatro vão para o Norte, o dono da casa, mesmo sendo o Sul a semear.
learn-ba-awa-fours-last-in-his-row-task = Capture um quatro na fila do Norte com a última semente de uma volta.
learn-ba-awa-fours-last-in-his-row-hint = A casa a do Norte tem 3. Que jogada deixa lá a sua última semente?
learn-ba-awa-fours-last-in-his-row-explain = A última semente de D faz 4 em a: um quatro feito pela última semente de uma volta vai para quem semeia, seja quem for o dono da casa.
learn-ba-awa-rounds-title = As rondas e o encontro
learn-ba-awa-rounds-intro = Quando uma jogada deixa 8 sementes ou menos, o jogador que começou a ronda fica com elas e a ronda acaba. Cada jogador passa a ser dono de uma casa por cada 4 sementes capturadas; o primeiro a ser dono de 10 casas ganha o encontro.
learn-ba-awa-rounds-end-round-task = Acabe a ronda.
learn-ba-awa-rounds-end-round-hint = Há 12 sementes no tabuleiro: um quatro capturado deixa 8.
learn-ba-awa-rounds-end-round-explain = O relançamento de D faz um quatro na casa c do Norte, que fica com ele: restam 8 sementes, a ronda acaba, e o jogador que a começou, o Sul, fica com elas.
learn-ba-awa-rounds-more-pits-task = Acabe a ronda de modo a ser dono de pelo menos 8 casas na seguinte.
learn-ba-awa-rounds-more-pits-hint = 8 casas precisam de 32 sementes, e quem começou a ronda fica com as 8 últimas.
learn-ba-awa-rounds-more-pits-explain = A última semente de F faz 4 em a: seus. Com as 8 sementes que restam, que leva por ter começado a ronda, tem 32 sementes: 8 casas na ronda seguinte. D também acabava a ronda, mas dava o quatro ao Norte: 28 sementes, 7 casas.
learn-ba-awa-rounds-new-owners-task = Uma nova ronda: é dono da casa f, na fila do Norte (está marcada como sua). Ganhe um quatro.
learn-ba-awa-rounds-new-owners-hint = Jogue a casa de que é dono na fila do Norte.
learn-ba-awa-rounds-new-owners-explain = As casas mudam de dono entre as rondas, e pode semear a partir de qualquer casa sua, em qualquer das filas: os relançamentos de f acabam numa volta cuja última semente faz 4, e esse quatro é seu.
learn-ba-awa-rounds-win-match-task = É dono de 9 casas e começou esta ronda. Ganhe o encontro.
learn-ba-awa-rounds-win-match-hint = 10 casas ganham: precisa de 40 sementes nesta ronda, incluindo as 8 últimas.
learn-ba-awa-rounds-win-match-explain = A última semente de C faz 4 em D: 32 sementes, e como começou a ronda fica com as 8 que restam: 40 sementes, 10 casas, e o encontro é seu.
learn-ba-awa-practice-round = Uma ronda contra o computador no nível mais fácil: capture mais sementes do que ele.
learn-ba-awa-practice-match = Uma ronda antes do fim de um encontro: ganhe-o contra o computador.

## Isolo.
learn-isolo-title = Isolo
learn-isolo-intro = O isolo, da Zâmbia: cada jogador só semeia na sua própria fila. Um jogo preliminar com sementes da reserva, capturas semeadas de novo, a preparação do vencedor (o kucheleka) e o jogo propriamente dito.
learn-isolo-foregame-title = O jogo preliminar
learn-isolo-foregame-intro = Cada jogada junta uma semente da sua reserva a uma das suas casas; tira as sementes dessa casa e semeia-as a partir da sua casa mais à esquerda, A. Uma volta que acaba numa casa vazia acaba a jogada: dorme.
learn-isolo-foregame-stock-task = Junte uma semente da reserva a uma casa e semeie de modo que a sua última semente caia em B.
learn-isolo-foregame-stock-hint = D tem 1 semente: com a semente da reserva, são semeadas 2 sementes a partir de A.
learn-isolo-foregame-stock-explain = D recebe uma semente da reserva, tira as suas 2 sementes e semeia-as a partir de A: A, B. B estava vazia, por isso a jogada acaba.
learn-isolo-foregame-seventh-task = Faça cair a sua última semente em A.
learn-isolo-foregame-seventh-hint = Uma jogada da sua 7.ª casa, G, começa na sua 8.ª casa, H.
learn-isolo-foregame-seventh-explain = G recebe uma semente da reserva: as suas 2 sementes são semeadas a partir de H, a sua 8.ª casa, e depois de volta ao início da sua fila, em A, que estava vazia: a jogada acaba.
learn-isolo-foregame-relay-task = Faça uma jogada de duas voltas.
learn-isolo-foregame-relay-hint = Uma volta que acaba numa casa sua que não estava vazia, em frente de uma casa vazia do Norte, continua.
learn-isolo-foregame-relay-explain = As 2 sementes de D vão para A e B. B tinha uma semente e a casa g do Norte, em frente, está vazia: tira as sementes de B e continua a semear a partir de C, um relançamento.
learn-isolo-foregame-capture-task = Capture 2 sementes do Norte.
learn-isolo-foregame-capture-hint = Desta vez, a casa g do Norte, em frente da sua B, tem 2 sementes.
learn-isolo-foregame-capture-explain = A volta de D acaba em B, que tinha uma semente, em frente das 2 sementes de g: captura-as e, como era a primeira volta da jogada, semeia-as a partir de A. As sementes capturadas voltam logo para a sua fila.
learn-isolo-foregame-win-task = Cada casa tem 2 sementes. Ganhe o jogo preliminar com a sua primeira jogada.
learn-isolo-foregame-win-hint = Duas jogadas conseguem-no; uma delas é a jogada da sua 7.ª casa.
learn-isolo-foregame-win-explain = As capturas trazem outras capturas: G (tal como B) leva todas as sementes da fila do Norte numa só jogada, e quem esvazia a fila do adversário ganha o jogo preliminar. O texto de 1977, lido à letra, permite-o.
learn-isolo-captures-title = Capturas semeadas de novo
learn-isolo-captures-intro = Quando uma volta acaba numa casa sua que não estava vazia e a casa em frente tem sementes, captura-as e semeia-as numa nova volta: a partir da sua casa mais à esquerda depois da primeira volta, senão a partir da casa onde a volta que capturou começou. Uma semente sozinha capturada numa casa da ponta, ou na casa ao lado, leva também as casas das pontas.
learn-isolo-captures-first-lap-task = O jogo propriamente dito: a sementeira começa na casa seguinte. Capture 3 sementes.
learn-isolo-captures-first-lap-hint = A casa e do Norte tem 3 sementes; qual das suas casas fica em frente dela?
learn-isolo-captures-first-lap-explain = A sua primeira volta acaba em D, que tinha uma semente, em frente das 3 sementes de e: captura-as e semeia-as a partir da sua casa mais à esquerda, A, porque a captura foi na primeira volta.
learn-isolo-captures-later-lap-task = Capture numa volta seguinte, depois de um relançamento.
learn-isolo-captures-later-lap-hint = A primeira volta de A acaba em C, em frente de uma casa vazia.
learn-isolo-captures-later-lap-explain = A primeira volta de A acaba em C, em frente de um f vazio: relançamento. A volta seguinte acaba em E, em frente das 2 sementes de d: capturadas, e semeadas a partir de D, onde essa volta começou.
learn-isolo-captures-single-seed-task = Capture uma semente sozinha na casa ao lado da casa da ponta do Norte.
learn-isolo-captures-single-seed-hint = A casa b do Norte tem uma só semente; qual das suas casas fica em frente dela?
learn-isolo-captures-single-seed-explain = A volta de E acaba em G, em frente da semente sozinha de b. b fica ao lado da casa da ponta do Norte: leva também a, a casa da ponta, e a sua própria casa da ponta em frente, H, e semeia tudo a partir da sua outra ponta, A.
learn-isolo-kucheleka-title = Kucheleka
learn-isolo-kucheleka-intro = O vencedor do jogo preliminar prepara o jogo propriamente dito: o perdedor põe 2 sementes em cada uma das suas casas, o vencedor as que quiser nas suas, pelo menos uma semente ao todo. Depois o vencedor joga primeiro.
learn-isolo-kucheleka-capture-task = Ganhou o jogo preliminar. Prepare a sua fila com no máximo 3 sementes, de modo que uma das suas primeiras jogadas capture pelo menos 2.
learn-isolo-kucheleka-capture-hint = As casas do Norte vão ter todas 2 sementes: uma volta que acabe numa casa sua ocupada captura. Experimente 2 sementes em C e 1 em E.
learn-isolo-kucheleka-capture-explain = As casas do Norte têm todas 2 sementes, por isso qualquer volta que acabe numa casa sua ocupada captura. Joga primeiro no jogo propriamente dito: a preparação é sua para montar essa captura.
learn-isolo-kucheleka-capture-more-task = Prepare a sua fila com no máximo 4 sementes, de modo que uma das suas primeiras jogadas capture pelo menos 4.
learn-isolo-kucheleka-capture-more-hint = Experimente 1 semente em B, 2 em C e 1 em E, e depois jogue C.
learn-isolo-kucheleka-capture-more-explain = As sementes capturadas são semeadas de novo e podem voltar a capturar: poucas sementes bem colocadas rendem muito mais do que valem.
learn-isolo-kucheleka-win-at-once-task = Prepare a sua fila com no máximo 6 sementes, de modo que uma das suas primeiras jogadas esvazie a fila do Norte e ganhe o jogo.
learn-isolo-kucheleka-win-at-once-hint = Uma semente em cada uma das casas A, B, E e G, e depois jogue A.
learn-isolo-kucheleka-win-at-once-explain = Com a preparação certa, as capturas sucedem-se até esvaziar a fila do Norte: o vencedor do jogo preliminar pode ganhar o jogo propriamente dito logo na primeira jogada.
learn-isolo-proper-title = O jogo propriamente dito
learn-isolo-proper-intro = Já não há reserva, e uma jogada semeia a partir da casa a seguir à que esvazia. Quem esvazia a fila do adversário ganha; uma posição que se repete dá empate.
learn-isolo-proper-next-pit-task = Faça cair a sua última semente em E.
learn-isolo-proper-next-pit-hint = No jogo propriamente dito, a sementeira começa na casa seguinte.
learn-isolo-proper-next-pit-explain = As 2 sementes de C vão para D e E: no jogo propriamente dito semeia-se a partir da casa a seguir à que se esvazia, e não da casa mais à esquerda.
learn-isolo-proper-empty-row-task = Ganhe o jogo: esvazie a fila do Norte.
learn-isolo-proper-empty-row-hint = As sementes capturadas, semeadas de novo, podem voltar a capturar; siga as voltas de D.
learn-isolo-proper-empty-row-explain = As voltas e as capturas de D levam as últimas sementes do Norte: quem esvazia a fila do adversário ganha o jogo.
learn-isolo-proper-repetition-task = As jogadas feitas até aqui estão na lista. Uma das suas jogadas traz de volta uma posição já vista: jogue-a.
learn-isolo-proper-repetition-hint = No início da lista, as suas sementes estavam em A e E, a do Norte em h, e era a sua vez.
learn-isolo-proper-repetition-explain = Depois de D as suas sementes estão em B e E e a do Norte em h, com a vez do Norte, como depois da sua primeira jogada: da primeira vez que uma posição do jogo propriamente dito se repete, o jogo é empate.
learn-isolo-practice-foregame = Jogue o jogo preliminar contra o computador no nível mais fácil, e ganhe-o.
learn-isolo-practice-proper-game = Um jogo propriamente dito em que cada casa tem 2 sementes: esvazie a fila do computador.

## O ecrã das lições de `mancala learn`.
learn-screen-title = { " " }mancala · aprender
learn-screen-games = jogos
learn-screen-stages = lições e treino
learn-screen-practice = treino
learn-screen-keys-list = ↑↓ escolher  Enter abrir  Esc voltar  q sair
learn-screen-step-title = { " " }mancala · aprender · { $game } · { $stage } · exercício { $step }/{ $steps }
learn-screen-practice-title = { " " }mancala · aprender · { $game } · treino contra o computador (nível { $level })
learn-screen-lesson = lição
learn-screen-task = Tarefa:
learn-screen-hint = Dica:
learn-screen-answer = Uma jogada que o faz: { $move }
learn-screen-moves = Jogadas feitas: { $moves }
learn-screen-keys-step = ←→↑↓ A-{ $last } Enter jogar  t dica  v resposta  r recomeçar  n seguinte  p anterior  Esc lista  ? ajuda  q sair
learn-screen-keys-setup = preparação: ←→ casa  ↑/+ ↓/- sementes  0-9 escrever  Enter confirmar  t dica  v resposta  r recomeçar  n seguinte  Esc lista  q sair
learn-screen-keys-solved = n ou Enter: exercício seguinte  p anterior  r recomeçar  Esc lista  q sair
learn-screen-keys-practice = ←→↑↓ A-{ $last } Enter jogar  u/r anular/refazer  t dica do motor  n recomeçar  Esc lista  q sair
learn-screen-stage-done = Etapa concluída: { $stage }.
learn-screen-practice-won = Ganhou: este treino está feito.
learn-screen-practice-lost = Desta vez não ganhou: n para recomeçar.
learn-screen-save-failed = não é possível guardar o progresso: { $error }
learn-screen-reset = { $count ->
    [one] Esquecido { $count } exercício ou treino feito.
   *[other] Esquecidos { $count } exercícios e treinos feitos.
}
learn-screen-not-terminal = Corra `mancala learn` num terminal para seguir as lições.
