cli-seeds = { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}
cli-resume-hint = O jogo por acabar está guardado em { $path }; `mancala play --resume` continua-o.
cli-south = Sul
cli-north = Norte
cli-row-south = sul
cli-row-north = norte
cli-you = você
cli-person = jogador
cli-computer = computador
cli-too-small = O terminal é demasiado pequeno: { $width }x{ $height }.
    O tabuleiro precisa de pelo menos { $min_width }x{ $min_height }.
    Aumente a janela, ou carregue em q para sair.
cli-keys-puzzle = ←→↑↓ A-{ $last } Enter semear  t dica  u voltar atrás  v solução  n próximo problema  +/- velocidade  ? ajuda  q sair
cli-keys-resign = x ou y: desistir  ·  qualquer outra tecla: continuar
cli-keys-setup = preparação: ←→ casa  ↑/+ ↓/- sementes  0-9 escrever  Enter confirmar  u desfazer  ? ajuda  q sair
cli-keys-game = ←→↑↓ A-{ $last } Enter semear  u/r desfazer/refazer  t dica  n novo  x desistir  s guardar  +/- velocidade  ? ajuda  q sair
cli-title = { " " }mancala · { $game } ({ $board })  Sul: { $south }  Norte: { $north }
cli-title-computer = computador: { $name }
cli-board = tabuleiro
cli-lap = volta { $lap }
cli-in-hand = { $count } na mão
cli-to-move = joga
cli-game-over-resigned = Fim do jogo: { $side } desistiu, { $winner } ganha  ·  n novo jogo, u voltar atrás, s guardar, q sair
cli-game-over = Fim do jogo: { $outcome }  ·  n novo jogo, u voltar atrás, s guardar, q sair
cli-outcome-win = { $side } ganha { $south }-{ $north } ({ $reason })
cli-outcome-draw = empate { $south }-{ $north } ({ $reason })
cli-outcome-win-plain = { $side } ganha ({ $reason })
cli-outcome-draw-plain = empate ({ $reason })
cli-status-playing = { $side } joga { $move }
cli-wait-computer = espere: o computador joga { $side }
cli-took-back = jogada desfeita; { $count } para refazer
cli-nothing-to-redo = nada para refazer
cli-cannot-redo = não é possível refazer { $move }: { $error }
cli-computer-failed = o computador falhou: { $error }
cli-status-to-move = { $side } joga ({ $who })
cli-sowing-at-once = sementeira mostrada de uma vez
cli-sowing-speed = sementeira a { $ms } ms por semente
cli-thinking = a pensar…
cli-paused = em pausa (p)
cli-move-prompt = jogada: { $text }_   (Enter para jogar, Esc para cancelar)
cli-last-move = última jogada { $move }{ $captured }
cli-captured-last = capturadas pela última jogada { $count }
cli-moves = jogadas
cli-changed-options = (opções alteradas a amarelo; ? explica-as)
cli-rules-title = estado do jogo e regras
cli-help = ajuda
cli-help-more = ajuda · ↓ mais
cli-help-board = { $game } — tabuleiro { $board }
cli-help-sow = Semeie as sementes de uma das suas casas no sentido contrário ao dos ponteiros do relógio, uma por casa (A→F, depois a→f).
cli-help-captures = Capturas
cli-help-keys = Teclas
cli-help-options = Opções de regras em vigor
cli-help-close = ↑/↓ e PgUp/PgDn deslocam; qualquer outra tecla fecha este ecrã.
cli-keys =
    ←/→  mover o cursor pelas casas que pode jogar;  ↑/↓  mudar de fila
    Enter ou Espaço  semear a casa sob o cursor;  um clique do rato numa casa semeia-a
    A-F / a-f (A-H / a-h no Isolo)  semear essa casa diretamente (maiúscula ou minúscula: a casa que pode jogar)
    Preparação do Isolo: ←/→ ou uma letra escolhe uma casa, ↑/+ ↓/- junta/tira, os algarismos escrevem, Enter confirma
    :  escrever uma jogada em texto (para jogadas que não são uma só casa)
    u  desfazer (contra o computador: até à sua vez);  r  refazer
    t  dica: a jogada do motor e o seu valor
    n  novo jogo;  x  desistir;  s  guardar o jogo num registo
    + / -  semear mais depressa / mais devagar;  0  sem animação;  Espaço ou Esc  saltar a animação
    p  pausa ou retomar (computador contra computador)
    ?  ou F1  esta ajuda;  q  ou Ctrl-C  sair (um jogo por acabar é guardado automaticamente)
cli-captures-oware = Se a sua última semente cair numa casa do adversário e a deixar com exatamente 2 ou 3 sementes, captura-as; depois também a casa anterior (no sentido dos ponteiros do relógio) se for do adversário e tiver 2 ou 3, e assim por diante, até uma casa com outra contagem ou até à sua própria fila. Nunca se captura na própria fila. Uma captura que levaria todas as sementes da fila do adversário (um grande slam) segue a opção grand_slam.
cli-captures-awari = Se a sua última semente cair numa casa do adversário e a deixar com exatamente 2 ou 3 sementes, captura-as, e para trás ao longo da fila dele cada casa com 2 ou 3. Uma jogada que deixa o adversário sem sementes só é permitida quando todas o fazem; as suas capturas contam então. Um jogador sem sementes para jogar deixa o resto ao adversário, e um ciclo sem fim reparte as sementes restantes, metade para cada um.
cli-captures-olowuka = Sementeira em revezamento: se a sua última semente deixar uma casa com 4 ou mais, as suas sementes são semeadas a partir da casa seguinte. Se cair numa casa do adversário e a deixar com 2 ou 3, captura-a, depois a casa anterior (no sentido dos ponteiros do relógio) se for do adversário e tiver 2 ou 3, e assim por diante, e a jogada acaba. Uma cadeia que levaria todas as sementes da fila do adversário deixa a sua última casa.
cli-captures-ba-awa = Sempre que uma casa chega a exatamente 4 enquanto semeia, o seu dono captura as quatro de imediato e a sementeira continua. Se a sua última semente deixar uma casa com exatamente 4, captura-as e a jogada acaba; numa casa vazia a jogada acaba; caso contrário as suas sementes são semeadas por sua vez. Em cada ronda, cada quatro sementes capturadas compram uma casa para a ronda seguinte.
cli-captures-isolo = Uma volta que acaba numa casa ocupada da sua fila interior captura as casas do adversário em frente quando ambas estão ocupadas, e as sementes capturadas são semeadas de novo numa nova volta (a partir da sua casa mais à esquerda na primeira volta, senão de onde começou a volta que capturou). Uma semente sozinha em frente, perto de uma ponta, leva também as casas da ponta. Não há depósitos: as sementes capturadas ficam nas suas filas.
cli-check-title = Catálogos em { $dir }:
cli-check-line = { $lang } ({ $name }): { $translated }/{ $total } mensagens{ $complete ->
    [yes] , tem de estar completa
   *[no] { "" }
}
cli-check-missing = em falta: { $ids }
cli-check-unused = ausentes do inglês (não usadas): { $ids }
cli-check-placeholders = { $id }: variáveis { $theirs } em vez de { $ours }
cli-check-syntax = sintaxe: { $error }
cli-check-gaps = { $count ->
    [one] { $count } língua completa tem lacunas
   *[other] { $count } línguas completas têm lacunas
}
cli-check-ok = Todas as línguas completas têm todas as mensagens.

## The play screen's opponents, moves and hints
cli-engine-level = motor nível { $level } ({ $name }, cerca de { $elo } Elo)
cli-random-mover = jogador ao acaso
cli-random-mover-unknown = jogador ao acaso (o motor ainda não conhece este jogo)
cli-random-mover-failed = jogador ao acaso (o motor falhou)
cli-puzzle-opponent = problema { $id } (classificação { $rating })
cli-move-played = { $side } jogou { $mv }
cli-move-capturing = { $side } jogou { $mv } e captura { $seeds }
cli-move-laps = { $side } jogou { $mv } ({ $laps } voltas)
cli-move-setup = { $side } dispôs a fila { $mv }
cli-move-picks-again = { $side } escolhe de novo
cli-move-refused = { $mv } não é permitida: { $reason }
cli-move-unreadable = "{ $text }" não é uma jogada
cli-move-passes = { $other } não tem jogada e passa: { $side } joga de novo
cli-hint = sugestão: { $mv }
cli-hint-value = sugestão: { $mv } ({ $value })
cli-hint-depth = profundidade
cli-hint-line = linha

## Puzzles in the terminal (`mancala puzzle`): the full screen and the line by line mode
cli-puzzle-title = mancala · { $game } problema { $id } (classificação { $rating })  ·  { $task }  ·  { $record }
cli-puzzle-header = problema { $id } (classificação { $rating }): { $task }
cli-puzzle-task = { $side } joga e { $goal }
cli-puzzle-goal-win = ganha
cli-puzzle-goal-draw = empata
cli-puzzle-goal-margin = ganha por { $margin }
cli-puzzle-goal-forced = ganha à força em { $plies } meias-jogadas no máximo
cli-puzzle-find = { $task }: encontre a única melhor jogada
cli-puzzle-record = a sua classificação { $rating } · série { $streak } (recorde { $best }) · { $solved } resolvidos de { $played }
cli-puzzle-kept = { $record }; guardado em { $path }
cli-puzzle-rating-change = classificação { $delta }
cli-puzzle-solved = resolvido!{ $delta } · { $record } · n: próximo problema
cli-puzzle-not-it = { $mv } não é a jogada: { $why }{ $delta } · { $record } · u: tentar de novo, v: solução
cli-puzzle-solution = solução: { $moves }{ $delta }
cli-puzzle-theme = tema: { $themes }
cli-puzzle-refuted = refutado: u volta atrás para tentar de novo
cli-puzzle-done = este problema acabou: n para o próximo
cli-puzzle-illegal = jogada ilegal
cli-puzzle-off-line = fora da linha da solução: u volta atrás
cli-puzzle-next-failed = não foi possível abrir o próximo problema: { $error }
cli-puzzle-why = { $answer }; { $claim }
cli-puzzle-why-took = { $mv } captura { $seeds }, mas { $answer }; { $claim }
cli-puzzle-answers = { $side } responde { $reply }
cli-puzzle-answers-capturing = { $side } responde { $reply } e captura { $seeds }
cli-puzzle-ends-win = o jogo acaba
cli-puzzle-ends-loss = o jogo acaba e perde-o
cli-puzzle-ends-draw = o jogo acaba empatado
cli-puzzle-only-forced = só { $best } ganha aqui à força em { $plies } meias-jogadas no máximo
cli-puzzle-only-margin = só { $best } ganha aqui por { $margin }
cli-puzzle-only-win = só { $best } ganha aqui
cli-puzzle-only-draw = só { $best } segura o empate aqui; qualquer outra jogada perde
cli-puzzle-only-best = só { $best } mantém aqui o melhor resultado
cli-puzzle-prompt = a sua jogada (hint, show, quit):
cli-puzzle-right = certo; a resposta é { $reply }
cli-puzzle-try-again = { $mv } não é a jogada: { $why }; tente de novo
cli-puzzle-refutes = { $mv } não é a jogada: { $reply } refuta-a; tente de novo
cli-puzzle-not-best = { $mv } não é a melhor jogada; tente de novo
cli-puzzle-solved-line = resolvido!
cli-puzzle-verdict-solved = { $id }: resolvido
cli-puzzle-verdict-wrong = { $id }: { $mv } não é a jogada
cli-puzzle-verdict-refuted = { $id }: { $mv } não é a jogada (refutada por { $reply })
cli-puzzle-verdict-unsolved = { $id }: ainda não resolvido
cli-puzzle-not-a-move = { $id }: "{ $mv }" não é uma jogada desta posição; as jogadas são { $moves }
cli-puzzle-not-allowed = { $id }: { $mv } não é permitida nesta posição ({ $reason }); as jogadas são { $moves }
cli-puzzle-no-id = não há problema { $id }
cli-puzzle-no-preset = não há problemas para este jogo
cli-puzzle-over = o jogo acabou neste problema
