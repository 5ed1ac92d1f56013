### Game names, summaries and rule-option texts, and the fixed texts of the rules pages.
### Translated from the English catalogue (en/games.ftl).
### The rules-* messages are HTML (they may hold <em> and <code>); the others are plain text.

## Games (one per preset)
game-oware-name = Oware
game-oware-summary = l'oware tel que le décrit l'application Oware : grand chelem interdit (un grand chelem forcé perd), obligation de nourrir, graines restantes non comptées quand personne ne peut nourrir
game-oware-board = plateau 2×6
game-abapa-name = Awalé (Abapa)
game-abapa-summary = règles internationales Abapa : un grand chelem ne prend rien, obligation de nourrir, chacun prend sa propre rangée quand personne ne peut nourrir (= oware d'OpenSpiel, Aualé)
game-abapa-board = plateau 2×6
game-wuri-name = Wuri
game-wuri-summary = Wuri : le mécanisme de l'Abapa (un grand chelem annule la prise)
game-wuri-board = plateau 2×6
game-awari-name = Awari
game-awari-summary = l'awari tel que Romein et Bal l'ont résolu : aucun coup ne peut laisser l'adversaire sans graines sauf si tous le font, un joueur sans graines laisse le reste à son adversaire, un cycle sans fin partage les graines restantes (les moitiés comptent)
game-awari-board = plateau 2×6
game-ouril-name = Ouril
game-ouril-summary = Ouril (Cap-Vert) : une case d'une seule graine ne se joue que s'il n'y a rien de plus gros, un grand chelem donne un coup supplémentaire qui doit nourrir
game-ouril-board = plateau 2×6
game-ouril-ludii-name = Ouril (Ludii)
game-ouril-ludii-summary = l'ouril tel que le joue Uril.lud de Ludii (grand chelem interdit, pas de règle des graines isolées), pour les vérifications croisées
game-ouril-ludii-board = plateau 2×6
game-olowuka-name = Ọlọwuka
game-olowuka-summary = Ọlọwuka (yoruba) : semis en relais tant que la dernière case contient 4 graines ou plus, prises en chaîne de 2 et de 3, un grand chelem laisse la dernière case de la chaîne, interdiction d'affamer
game-olowuka-board = plateau 2×6
game-ba-awa-name = Ba-awa
game-ba-awa-summary = Ba-awa (Ghana) : semis en relais, tout 4 formé pendant le semis est pris, un match en manches gagné en possédant 10 cases
game-ba-awa-board = plateau 2×6
game-isolo-name = Isolo
game-isolo-summary = Isolo (Zambie) : un jeu préliminaire avec des graines de réserve, la mise en place kucheleka du gagnant, puis la partie proprement dite ; videz la rangée adverse pour gagner (S4 lu à la lettre)
game-isolo-board = plateau 2×8

## Rule options of oware
option-oware-seeds = graines par case au départ ; les seuils varient avec le total
option-oware-first-player = qui joue le premier
option-oware-skip-origin = un tour de 12 graines ou plus saute la case d'où il est parti (kroo)
option-oware-grand-slam = une prise qui viderait la rangée adverse
option-oware-must-feed = si la rangée adverse est vide, un coup doit l'atteindre
option-oware-no-move-end = ce qui se passe quand le joueur au trait n'a aucun coup légal
option-oware-repetition = l'effet de la première répétition de (cases, scores, joueur au trait, coup supplémentaire)
option-oware-max-plies = arrêter la partie après ce nombre de coups, chaque joueur prenant sa propre rangée
option-oware-win-threshold = graines prises qui font gagner aussitôt (auto : plus de la moitié)
option-oware-draw-at-half = exactement la moitié des graines chacun, c'est une partie nulle
option-oware-singleton-rule = une case d'une seule graine ne peut être jouée que si aucune case du joueur n'en contient 2 ou plus (Ouril)
option-oware-singleton-feed = règle des graines isolées contre obligation de nourrir (Ouril OU-a)
option-oware-extra-turn-ignores-singleton = le coup supplémentaire du grand chelem ignore la règle des graines isolées (Ouril OU-b)
option-oware-chain-requires-sown-this-move = une case de la chaîne ne compte que si elle a reçu une graine pendant ce coup (Wuri WU-c)

## Rule options of olowuka
option-olowuka-seeds = graines par case au départ
option-olowuka-first-player = qui joue le premier
option-olowuka-relay-threshold = OL-a : relais quand la dernière case contient 4 graines ou plus après le dépôt, ou en contenait 4 ou plus avant
option-olowuka-relay-on-any-occupied = OL-b : toute dernière case occupée qui n'est pas prise donne un relais (à la manière de l'ayo)
option-olowuka-relay-own-row-only = OL-c : seules les cases de la rangée du joueur qui sème donnent un relais
option-olowuka-grand-slam = OL-d : une chaîne de prises qui viderait la rangée adverse
option-olowuka-single-pit-grand-slam = OL-e : un grand chelem d'une seule case
option-olowuka-slam-needs-opponent-seeds = un grand chelem seulement si l'adversaire avait des graines au début du coup (MancalaGames)
option-olowuka-skip-origin = OL-f : cases que les tours sautent
option-olowuka-must-not-starve = OL-g : un coup doit laisser une graine à l'adversaire (jugé après tous les tours et toutes les prises)
option-olowuka-no-move-end = OL-h : ce qui se passe quand le joueur au trait n'a aucun coup légal
option-olowuka-repetition = l'effet de la première répétition de (cases, scores, joueur au trait)
option-olowuka-max-plies = arrêter la partie après ce nombre de coups, chaque joueur prenant sa propre rangée
option-olowuka-infinite-move = un coup dont les tours ne finissent jamais
option-olowuka-end-at-one-seed = la partie s'arrête quand il ne reste qu'une graine (MancalaGames)

## Rule options of ba-awa
option-ba-awa-first-player = qui commence la première manche
option-ba-awa-mid-capture-to = BA-a : qui prend un 4 formé pendant le semis (pas par la dernière graine du tour)
option-ba-awa-final-capture-to = BA-b : qui prend un 4 formé par la dernière graine d'un tour
option-ba-awa-skip-origin = BA-c : la case de départ du coup ne reçoit pas de graine
option-ba-awa-round-end-check = BA-d : quand la condition « huit graines restantes » est vérifiée
option-ba-awa-last-eight = BA-e : qui prend les dernières graines d'une manche
option-ba-awa-no-move = BA-f : le joueur au trait n'a aucune graine à jouer
option-ba-awa-territory = BA-g : quelles cases changent de propriétaire entre les manches
option-ba-awa-round-starter = BA-h : qui commence la manche suivante
option-ba-awa-match-target = BA-i : nombre de cases possédées après une manche qui fait gagner le match
option-ba-awa-infinite-move = BA-j : un coup dont les tours ne finissent jamais
option-ba-awa-repetition = l'effet de la première répétition au cours d'une manche
option-ba-awa-max-rounds = arrêter le match après ce nombre de manches (celui qui a le plus de cases gagne)

## Rule options of isolo
option-isolo-first-player = qui joue le premier au jeu préliminaire
option-isolo-proper-first-lap-start = où un coup de la partie proprement dite commence à semer (IS-a)
option-isolo-regular-resow = où une prise ordinaire est ressemée (IS-b)
option-isolo-singleton-resow-start = depuis laquelle de ses cases d'extrémité une prise de graine isolée est semée (IS-c)
option-isolo-singleton-rule-after-first-lap-only = prises de graines isolées seulement après le premier tour ; avant, une prise ordinaire (IS-e)
option-isolo-infinite-move = ce qu'est un coup qui ne finit jamais (IS-i)
option-isolo-repetition = l'effet de la première répétition de (cases, joueur au trait) dans la partie proprement dite
option-isolo-max-plies = une phase (jeu préliminaire ou partie proprement dite) qui atteint ce nombre de coups se termine par une partie nulle
option-isolo-stock-limit = graines de réserve que chaque joueur peut utiliser au jeu préliminaire
option-isolo-kucheleka-max-total = le plus de graines que le gagnant du jeu préliminaire peut placer au kucheleka (IS-j)
option-isolo-no-singletons = partie proprement dite : une case d'une seule graine ne se joue que si aucune case jouable n'en contient 2 ou plus (IS-k)

## Rules pages
rules-options-title = Options de règles
rules-options-intro = Chaque partie commence avec ces valeurs par défaut. Pour jouer une autre lecture des règles, changez-les sous <em>Options de règles</em> quand vous commencez une partie ; la page de la partie indique les règles en vigueur.
rules-footer = Les mêmes options sont listées par <code>mancala variants</code> ; le texte de ces pages se trouve dans le dossier <code>{ $path }</code> du dépôt.
rules-nav-new-game = Nouvelle partie
rules-nav-all-games = Tous les jeux
rules-index-title = Les règles des jeux
rules-index-intro = Les règles de chaque jeu que joue ce programme, chacun avec ses options de règles et leurs valeurs par défaut.
rules-col-option = option
rules-col-default = par défaut
rules-col-values = valeurs
rules-col-meaning = signification
