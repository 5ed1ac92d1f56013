### Game names, summaries and rule-option texts, and the fixed texts of the rules pages.
### Translated from the English catalogue (en/games.ftl).
### The rules-* messages are HTML (they may hold <em> and <code>); the others are plain text.

## Games (one per preset)
game-oware-name = Oware
game-oware-summary = o oware tal como a aplicação Oware o descreve: grand slam proibido (um grand slam forçado perde), obrigação de alimentar, as sementes que restam não contam quando ninguém pode alimentar
game-oware-board = tabuleiro 2×6
game-abapa-name = Abapa
game-abapa-summary = regras internacionais Abapa: um grand slam não captura nada, obrigação de alimentar, cada um fica com a sua própria fila quando ninguém pode alimentar (= oware do OpenSpiel, Aualé)
game-abapa-board = tabuleiro 2×6
game-wuri-name = Wuri
game-wuri-summary = Wuri: a mecânica do Abapa (um grand slam anula a captura)
game-wuri-board = tabuleiro 2×6
game-awari-name = Awari
game-awari-summary = o awari tal como Romein e Bal o resolveram: nenhuma jogada pode deixar o adversário sem sementes a não ser que todas o deixem, um jogador sem sementes deixa o resto ao adversário, um ciclo sem fim divide as sementes restantes (as metades contam)
game-awari-board = tabuleiro 2×6
game-ouril-name = Ouril
game-ouril-summary = o ouril de Cabo Verde: casas de uma só semente só quando não há maiores, um grand slam dá uma jogada extra que tem de alimentar
game-ouril-board = tabuleiro 2×6
game-ouril-ludii-name = Ouril (Ludii)
game-ouril-ludii-summary = o ouril tal como o joga o Uril.lud do Ludii (grand slam proibido, sem regra da semente sozinha), para verificação cruzada
game-ouril-ludii-board = tabuleiro 2×6
game-olowuka-name = Ọlọwuka
game-olowuka-summary = Ọlọwuka (iorubá): sementeira com relançamento enquanto a última casa tem 4 ou mais, capturas em cadeia de 2 e 3, um grand slam deixa a última casa da cadeia, proibido deixar o adversário sem sementes
game-olowuka-board = tabuleiro 2×6
game-ba-awa-name = Ba-awa
game-ba-awa-summary = Ba-awa (Gana): sementeira com relançamento, cada 4 feito durante a sementeira é capturado, um encontro de várias rondas ganho por quem for dono de 10 casas
game-ba-awa-board = tabuleiro 2×6
game-isolo-name = Isolo
game-isolo-summary = Isolo (Zâmbia): um jogo preliminar com sementes de reserva, a preparação kucheleka do vencedor, depois o jogo propriamente dito; esvazie a fila do adversário para ganhar (S4 lido à letra)
game-isolo-board = tabuleiro 2×8

## Rule options of oware
option-oware-seeds = sementes por casa no início; os limiares variam com o total
option-oware-first-player = quem joga primeiro
option-oware-skip-origin = uma volta de 12 sementes ou mais salta a casa de onde saiu (kroo)
option-oware-grand-slam = uma captura que esvaziaria a fila do adversário
option-oware-must-feed = se a fila do adversário estiver vazia, a jogada tem de lá chegar
option-oware-no-move-end = o que acontece quando o jogador a quem cabe jogar não tem nenhuma jogada legal
option-oware-repetition = o efeito da primeira repetição de (casas, pontos, jogador a jogar, jogada extra)
option-oware-max-plies = acabar o jogo depois deste número de jogadas, ficando cada jogador com a sua própria fila
option-oware-win-threshold = sementes capturadas que dão logo a vitória (auto: mais de metade)
option-oware-draw-at-half = exatamente metade das sementes para cada um é empate
option-oware-singleton-rule = uma casa com uma só semente só pode ser jogada quando nenhuma casa própria tem 2 ou mais (Ouril)
option-oware-singleton-feed = regra da semente sozinha contra obrigação de alimentar (Ouril OU-a)
option-oware-extra-turn-ignores-singleton = a jogada extra do grand slam ignora a regra da semente sozinha (Ouril OU-b)
option-oware-chain-requires-sown-this-move = uma casa da cadeia só conta se tiver recebido uma semente nesta jogada (Wuri WU-c)

## Rule options of olowuka
option-olowuka-seeds = sementes por casa no início
option-olowuka-first-player = quem joga primeiro
option-olowuka-relay-threshold = OL-a: relançamento quando a última casa tem 4 ou mais depois de receber a semente, ou tinha 4 ou mais antes
option-olowuka-relay-on-any-occupied = OL-b: qualquer última casa ocupada que não seja capturada relança (à maneira do ayo)
option-olowuka-relay-own-row-only = OL-c: só as casas da fila de quem joga relançam
option-olowuka-grand-slam = OL-d: uma cadeia de capturas que esvaziaria a fila do adversário
option-olowuka-single-pit-grand-slam = OL-e: um grand slam de uma só casa
option-olowuka-slam-needs-opponent-seeds = só há grand slam se o adversário tinha sementes no início da jogada (MancalaGames)
option-olowuka-skip-origin = OL-f: casas que as voltas saltam
option-olowuka-must-not-starve = OL-g: a jogada tem de deixar uma semente ao adversário (avaliado depois de todas as voltas e capturas)
option-olowuka-no-move-end = OL-h: o que acontece quando o jogador a quem cabe jogar não tem nenhuma jogada legal
option-olowuka-repetition = o efeito da primeira repetição de (casas, pontos, jogador a jogar)
option-olowuka-max-plies = acabar o jogo depois deste número de jogadas, ficando cada jogador com a sua própria fila
option-olowuka-infinite-move = uma jogada cujas voltas nunca acabam
option-olowuka-end-at-one-seed = o jogo acaba quando resta uma só semente (MancalaGames)

## Rule options of ba-awa
option-ba-awa-first-player = quem começa a primeira ronda
option-ba-awa-mid-capture-to = BA-a: quem fica com um 4 feito durante a sementeira (não pela última semente da volta)
option-ba-awa-final-capture-to = BA-b: quem fica com um 4 feito pela última semente de uma volta
option-ba-awa-skip-origin = BA-c: a casa de onde parte a jogada não recebe sementes
option-ba-awa-round-end-check = BA-d: quando se verifica a condição «restam oito sementes»
option-ba-awa-last-eight = BA-e: quem fica com as últimas sementes de uma ronda
option-ba-awa-no-move = BA-f: o jogador a quem cabe jogar não tem sementes para jogar
option-ba-awa-territory = BA-g: que casas mudam de dono entre rondas
option-ba-awa-round-starter = BA-h: quem começa a ronda seguinte
option-ba-awa-match-target = BA-i: número de casas de que se é dono depois de uma ronda que dá a vitória no encontro
option-ba-awa-infinite-move = BA-j: uma jogada cujas voltas nunca acabam
option-ba-awa-repetition = o efeito da primeira repetição dentro de uma ronda
option-ba-awa-max-rounds = acabar o encontro depois deste número de rondas (ganha quem tiver mais casas)

## Rule options of isolo
option-isolo-first-player = quem joga primeiro no jogo preliminar
option-isolo-proper-first-lap-start = onde uma jogada do jogo propriamente dito começa a semear (IS-a)
option-isolo-regular-resow = onde uma captura normal volta a ser semeada (IS-b)
option-isolo-singleton-resow-start = de qual das casas da ponta próprias é semeada uma captura de semente sozinha (IS-c)
option-isolo-singleton-rule-after-first-lap-only = capturas de sementes sozinhas só depois da primeira volta; antes, uma captura normal (IS-e)
option-isolo-infinite-move = o que é uma jogada que nunca acaba (IS-i)
option-isolo-repetition = o efeito da primeira repetição de (casas, jogador a jogar) no jogo propriamente dito
option-isolo-max-plies = uma fase (jogo preliminar ou jogo propriamente dito) que chega a este número de jogadas acaba empatada
option-isolo-stock-limit = sementes de reserva que cada jogador pode usar no jogo preliminar
option-isolo-kucheleka-max-total = o máximo de sementes que o vencedor do jogo preliminar pode colocar no kucheleka (IS-j)
option-isolo-no-singletons = jogo propriamente dito: casas de uma só semente só quando nenhuma casa jogável tem 2 ou mais (IS-k)

## Rules pages
rules-options-title = Opções de regras
rules-options-intro = Cada jogo começa com estes valores por omissão. Para jogar outra leitura das regras, mude-os em <em>Opções de regras</em> quando começar um jogo; a página do jogo indica as regras em vigor.
rules-footer = As mesmas opções são listadas por <code>mancala variants</code>; o texto destas páginas está na pasta <code>{ $path }</code> do repositório.
rules-nav-new-game = Novo jogo
rules-nav-all-games = Todos os jogos
rules-index-title = Regras dos jogos
rules-index-intro = As regras de cada jogo que este programa joga, cada um com as suas opções de regras e os seus valores por omissão.
rules-col-option = opção
rules-col-default = por omissão
rules-col-values = valores
rules-col-meaning = significado
