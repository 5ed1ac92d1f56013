cli-seeds = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
cli-resume-hint = La partie inachevée est enregistrée dans { $path } ; `mancala play --resume` la reprend.
cli-south = Sud
cli-north = Nord
cli-row-south = sud
cli-row-north = nord
cli-you = vous
cli-person = joueur
cli-computer = ordinateur
cli-too-small = Le terminal est trop petit : { $width }x{ $height }.
    Le plateau demande au moins { $min_width }x{ $min_height }.
    Agrandissez la fenêtre, ou appuyez sur q pour quitter.
cli-keys-puzzle = ←→↑↓ A-{ $last } Entrée semer  t indice  u reprendre  v solution  n problème suivant  +/- vitesse  ? aide  q quitter
cli-keys-resign = x ou y : abandonner  ·  toute autre touche : continuer
cli-keys-setup = mise en place : ←→ trou  ↑/+ ↓/- graines  0-9 saisir  Entrée valider  u annuler  ? aide  q quitter
cli-keys-game = ←→↑↓ A-{ $last } Entrée semer  u/r annuler/rétablir  t indice  n nouvelle  x abandonner  s enregistrer  +/- vitesse  ? aide  q quitter
cli-title = { " " }mancala · { $game } ({ $board })  Sud : { $south }  Nord : { $north }
cli-title-computer = ordinateur : { $name }
cli-board = plateau
cli-lap = tour { $lap }
cli-in-hand = { $count } en main
cli-to-move = au trait
cli-game-over-resigned = Partie finie : { $side } abandonne, { $winner } gagne  ·  n nouvelle partie, u reprendre, s enregistrer, q quitter
cli-game-over = Partie finie : { $outcome }  ·  n nouvelle partie, u reprendre, s enregistrer, q quitter
cli-outcome-win = { $side } gagne { $south }-{ $north } ({ $reason })
cli-outcome-draw = nulle { $south }-{ $north } ({ $reason })
cli-outcome-win-plain = { $side } gagne ({ $reason })
cli-outcome-draw-plain = nulle ({ $reason })
cli-status-playing = { $side } joue { $move }
cli-wait-computer = attendez : l'ordinateur joue { $side }
cli-took-back = coup repris ; { $count } à rejouer
cli-nothing-to-redo = rien à rejouer
cli-cannot-redo = impossible de rejouer { $move } : { $error }
cli-computer-failed = l'ordinateur a échoué : { $error }
cli-status-to-move = { $side } joue ({ $who })
cli-sowing-at-once = semailles montrées d'un coup
cli-sowing-speed = semailles à { $ms } ms par graine
cli-thinking = réflexion…
cli-paused = en pause (p)
cli-move-prompt = coup : { $text }_   (Entrée pour jouer, Échap pour annuler)
cli-last-move = dernier coup { $move }{ $captured }
cli-captured-last = pris par le dernier coup { $count }
cli-moves = coups
cli-changed-options = (options modifiées en jaune ; ? les explique)
cli-rules-title = état de la partie et règles
cli-help = aide
cli-help-more = aide · ↓ suite
cli-help-board = { $game } — plateau { $board }
cli-help-sow = Semez les graines d'un de vos trous dans le sens inverse des aiguilles d'une montre, une par trou (A→F, puis a→f).
cli-help-captures = Prises
cli-help-keys = Touches
cli-help-options = Options de règles en vigueur
cli-help-close = ↑/↓ et PgPréc/PgSuiv font défiler ; toute autre touche ferme cet écran.
cli-keys =
    ←/→  déplacer le curseur sur les trous jouables ;  ↑/↓  changer de rangée
    Entrée ou Espace  semer le trou sous le curseur ;  un clic de souris sur un trou le sème
    A-F / a-f (A-H / a-h à l'Isolo)  semer ce trou directement (majuscule ou minuscule : le trou que vous pouvez jouer)
    Mise en place de l'Isolo : ←/→ ou une lettre choisit un trou, ↑/+ ↓/- ajoute/retire, les chiffres saisissent, Entrée valide
    :  saisir un coup en texte (pour les coups qui ne sont pas un seul trou)
    u  annuler (contre l'ordinateur : jusqu'à votre tour) ;  r  rétablir
    t  indice : le coup du moteur et sa valeur
    n  nouvelle partie ;  x  abandonner ;  s  enregistrer la partie
    + / -  semer plus vite / plus lentement ;  0  sans animation ;  Espace ou Échap  passer l'animation
    p  pause ou reprise (ordinateur contre ordinateur)
    ?  ou F1  cette aide ;  q  ou Ctrl-C  quitter (une partie inachevée est enregistrée automatiquement)
cli-captures-oware = Si votre dernière graine tombe dans un trou de l'adversaire et l'amène à exactement 2 ou 3 graines, vous les prenez ; puis le trou précédent (dans le sens des aiguilles d'une montre) aussi s'il est à l'adversaire et contient 2 ou 3 graines, et ainsi de suite, jusqu'à un trou d'un autre compte ou jusqu'à votre propre rangée. On ne prend jamais dans sa propre rangée. Une prise qui enlèverait toutes les graines de la rangée adverse (un grand chelem) suit l'option grand_slam.
cli-captures-awari = Si votre dernière graine tombe dans un trou de l'adversaire et l'amène à exactement 2 ou 3 graines, vous les prenez, et en remontant sa rangée chaque trou de 2 ou 3 graines. Un coup qui laisse l'adversaire sans graine n'est permis que si tous les coups le font ; ses prises comptent alors. Un joueur sans graine à jouer laisse le reste à son adversaire, et un cycle sans fin partage les graines restantes, moitié chacun.
cli-captures-olowuka = Semailles en relais : si votre dernière graine amène un trou à 4 graines ou plus, ses graines sont semées à partir du trou suivant. Si elle tombe dans un trou de l'adversaire et l'amène à 2 ou 3, vous le prenez, puis le trou précédent (dans le sens des aiguilles d'une montre) s'il est à l'adversaire et contient 2 ou 3, et ainsi de suite, et le coup s'arrête. Une chaîne qui prendrait toutes les graines de la rangée adverse laisse son dernier trou.
cli-captures-ba-awa = Chaque fois qu'un trou atteint exactement 4 pendant vos semailles, son propriétaire prend aussitôt les quatre graines et les semailles continuent. Si votre dernière graine amène un trou à exactement 4, vous les prenez et le coup s'arrête ; dans un trou vide le coup s'arrête ; sinon ses graines sont semées à leur tour. À chaque manche, chaque groupe de quatre graines prises achète un trou pour la manche suivante.
cli-captures-isolo = Un tour qui finit dans un trou occupé de votre rangée intérieure prend les trous adverses d'en face quand les deux sont occupés, et les graines prises sont semées à nouveau en un nouveau tour (depuis votre trou le plus à gauche au premier tour, sinon depuis le début du tour qui a pris). Une graine seule en face, près d'un bout, prend aussi les trous du bout. Il n'y a pas de greniers : les graines prises restent dans vos rangées.
cli-check-title = Catalogues de { $dir } :
cli-check-line = { $lang } ({ $name }) : { $translated }/{ $total } messages{ $complete ->
    [yes] , doit être complète
   *[no] { "" }
}
cli-check-missing = manquants : { $ids }
cli-check-unused = absents de l'anglais (inutilisés) : { $ids }
cli-check-placeholders = { $id } : variables { $theirs } au lieu de { $ours }
cli-check-syntax = syntaxe : { $error }
cli-check-gaps = { $count ->
    [one] { $count } langue complète a des lacunes
   *[other] { $count } langues complètes ont des lacunes
}
cli-check-ok = Chaque langue complète a tous les messages.

## The play screen's opponents, moves and hints
cli-engine-level = moteur niveau { $level } ({ $name }, environ { $elo } Elo)
cli-random-mover = joueur au hasard
cli-random-mover-unknown = joueur au hasard (le moteur ne connaît pas encore ce jeu)
cli-random-mover-failed = joueur au hasard (le moteur a échoué)
cli-puzzle-opponent = problème { $id } (cote { $rating })
cli-move-played = { $side } a joué { $mv }
cli-move-capturing = { $side } a joué { $mv } et prend { $seeds }
cli-move-laps = { $side } a joué { $mv } ({ $laps } tours)
cli-move-setup = { $side } a disposé sa rangée { $mv }
cli-move-picks-again = { $side } choisit encore
cli-move-refused = { $mv } n'est pas permis : { $reason }
cli-move-unreadable = « { $text } » n'est pas un coup
cli-move-passes = { $other } n'a pas de coup et passe : { $side } rejoue
cli-hint = conseil : { $mv }
cli-hint-value = conseil : { $mv } ({ $value })
cli-hint-depth = profondeur
cli-hint-line = ligne

## Puzzles in the terminal (`mancala puzzle`): the full screen and the line by line mode
cli-puzzle-title = mancala · { $game } problème { $id } (cote { $rating })  ·  { $task }  ·  { $record }
cli-puzzle-header = problème { $id } (cote { $rating }) : { $task }
cli-puzzle-task = { $side } joue et { $goal }
cli-puzzle-goal-win = gagne
cli-puzzle-goal-draw = fait nulle
cli-puzzle-goal-margin = gagne de { $margin }
cli-puzzle-goal-forced = gagne par force en { $plies } demi-coups au plus
cli-puzzle-find = { $task } : trouvez le seul meilleur coup
cli-puzzle-record = votre cote { $rating } · série { $streak } (record { $best }) · { $solved } résolus sur { $played }
cli-puzzle-kept = { $record } ; gardé dans { $path }
cli-puzzle-rating-change = cote { $delta }
cli-puzzle-solved = résolu !{ $delta } · { $record } · n : problème suivant
cli-puzzle-not-it = { $mv } n'est pas le bon coup : { $why }{ $delta } · { $record } · u : réessayer, v : solution
cli-puzzle-solution = solution : { $moves }{ $delta }
cli-puzzle-theme = thème : { $themes }
cli-puzzle-refuted = réfuté : u revient en arrière pour réessayer
cli-puzzle-done = ce problème est terminé : n pour le suivant
cli-puzzle-illegal = coup interdit
cli-puzzle-off-line = hors de la ligne de la solution : u revient en arrière
cli-puzzle-next-failed = impossible d'ouvrir le problème suivant : { $error }
cli-puzzle-why = { $answer } ; { $claim }
cli-puzzle-why-took = { $mv } prend { $seeds }, mais { $answer } ; { $claim }
cli-puzzle-answers = { $side } répond { $reply }
cli-puzzle-answers-capturing = { $side } répond { $reply } et prend { $seeds }
cli-puzzle-ends-win = la partie s'arrête
cli-puzzle-ends-loss = la partie s'arrête et vous la perdez
cli-puzzle-ends-draw = la partie s'arrête sur une nulle
cli-puzzle-only-forced = seul { $best } gagne ici par force en { $plies } demi-coups au plus
cli-puzzle-only-margin = seul { $best } gagne ici de { $margin }
cli-puzzle-only-win = seul { $best } gagne ici
cli-puzzle-only-draw = seul { $best } tient la nulle ici ; tout autre coup perd
cli-puzzle-only-best = seul { $best } garde ici le meilleur résultat
cli-puzzle-prompt = votre coup (hint, show, quit) :
cli-puzzle-right = juste ; la réponse est { $reply }
cli-puzzle-try-again = { $mv } n'est pas le bon coup : { $why } ; réessayez
cli-puzzle-refutes = { $mv } n'est pas le bon coup : { $reply } le réfute ; réessayez
cli-puzzle-not-best = { $mv } n'est pas le meilleur coup ; réessayez
cli-puzzle-solved-line = résolu !
cli-puzzle-verdict-solved = { $id } : résolu
cli-puzzle-verdict-wrong = { $id } : { $mv } n'est pas le bon coup
cli-puzzle-verdict-refuted = { $id } : { $mv } n'est pas le bon coup (réfuté par { $reply })
cli-puzzle-verdict-unsolved = { $id } : pas encore résolu
cli-puzzle-not-a-move = { $id } : « { $mv } » n'est pas un coup de cette position ; les coups sont { $moves }
cli-puzzle-not-allowed = { $id } : { $mv } n'est pas permis dans cette position ({ $reason }) ; les coups sont { $moves }
cli-puzzle-no-id = pas de problème { $id }
cli-puzzle-no-preset = pas de problème pour ce jeu
cli-puzzle-over = la partie est finie dans ce problème
