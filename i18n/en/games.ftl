### Game names, summaries and rule-option texts, and the fixed texts of the rules pages.
### English is the rules core's own text (mancala variants).
### The rules-* messages are HTML (they may hold <em> and <code>); the others are plain text.

## Games (one per preset)
game-oware-name = Oware
game-oware-summary = Oware as the Oware app describes it: grand slam forbidden (a forced one loses), must feed, seeds left unscored when nobody can feed
game-oware-board = 2×6 board
game-abapa-name = Abapa
game-abapa-summary = international Abapa rules: a grand slam captures nothing, must feed, each takes his own row when nobody can feed (= OpenSpiel oware, Aualé)
game-abapa-board = 2×6 board
game-wuri-name = Wuri
game-wuri-summary = Wuri: Abapa mechanics (grand slam forfeits the capture)
game-wuri-board = 2×6 board
game-awari-name = Awari
game-awari-summary = Awari as Romein and Bal solved it: no move may leave the opponent without seeds unless all do, a player with no seeds leaves the rest to his opponent, an endless cycle shares the seeds left (halves count)
game-awari-board = 2×6 board
game-ouril-name = Ouril
game-ouril-summary = Ouril (Cabo Verde): singletons only when nothing bigger, a grand slam earns an extra turn that must feed
game-ouril-board = 2×6 board
game-ouril-ludii-name = Ouril (Ludii)
game-ouril-ludii-summary = Ouril as Ludii's Uril.lud plays it (grand slam illegal, no singleton rule), for cross-checking
game-ouril-ludii-board = 2×6 board
game-olowuka-name = Ọlọwuka
game-olowuka-summary = Ọlọwuka (Yoruba): relay sowing while the last pit holds 4+, 2/3 chain captures, a grand slam leaves the chain's last pit, must not starve
game-olowuka-board = 2×6 board
game-ba-awa-name = Ba-awa
game-ba-awa-summary = Ba-awa (Ghana): relay sowing, every 4 made while sowing is captured, a match of rounds won by owning 10 pits
game-ba-awa-board = 2×6 board
game-isolo-name = Isolo
game-isolo-summary = Isolo (Zambia): a foregame with stock seeds, the winner's kucheleka set-up, then the proper game; empty the opponent's row to win (S4 read literally)
game-isolo-board = 2×8 board

## Rule options of oware
option-oware-seeds = seeds per pit at the start; thresholds scale with the total
option-oware-first-player = who moves first
option-oware-skip-origin = a lap of 12+ seeds skips the pit it was lifted from (kroo)
option-oware-grand-slam = a capture that would empty the opponent's row
option-oware-must-feed = if the opponent's row is empty, a move must reach it
option-oware-no-move-end = what happens when the player to move has no legal move
option-oware-repetition = what the first repetition of (pits, scores, side, extra turn) does
option-oware-max-plies = end the game after this many plies, each player taking his own row
option-oware-win-threshold = captured seeds that win at once (auto: more than half)
option-oware-draw-at-half = exactly half of the seeds each is a draw
option-oware-singleton-rule = singletons may be played only when no own pit holds 2+ (Ouril)
option-oware-singleton-feed = singleton rule versus must-feed (Ouril OU-a)
option-oware-extra-turn-ignores-singleton = the grand-slam extra turn ignores the singleton rule (Ouril OU-b)
option-oware-chain-requires-sown-this-move = a chain pit counts only if it received a seed this move (Wuri WU-c)

## Rule options of olowuka
option-olowuka-seeds = seeds per pit at the start
option-olowuka-first-player = who moves first
option-olowuka-relay-threshold = OL-a: relay when the last pit holds 4+ after the drop, or held 4+ before it
option-olowuka-relay-on-any-occupied = OL-b: any occupied last pit that is not captured relays (Ayo style)
option-olowuka-relay-own-row-only = OL-c: only pits of the mover's row relay
option-olowuka-grand-slam = OL-d: a capture chain that would empty the opponent's row
option-olowuka-single-pit-grand-slam = OL-e: a grand slam of a single pit
option-olowuka-slam-needs-opponent-seeds = a grand slam only when the opponent had seeds as the move began (MancalaGames)
option-olowuka-skip-origin = OL-f: pits that laps skip
option-olowuka-must-not-starve = OL-g: a move must leave the opponent a seed (judged after all laps and captures)
option-olowuka-no-move-end = OL-h: what happens when the player to move has no legal move
option-olowuka-repetition = what the first repetition of (pits, scores, side) does
option-olowuka-max-plies = end the game after this many plies, each player taking his own row
option-olowuka-infinite-move = a move whose laps never end
option-olowuka-end-at-one-seed = the game ends when one seed is left (MancalaGames)

## Rule options of ba-awa
option-ba-awa-first-player = who starts the first round
option-ba-awa-mid-capture-to = BA-a: who gets a 4 made while sowing (not by the lap's last seed)
option-ba-awa-final-capture-to = BA-b: who gets a 4 made by a lap's last seed
option-ba-awa-skip-origin = BA-c: the move's origin pit receives no seed
option-ba-awa-round-end-check = BA-d: when 'eight seeds left' is checked
option-ba-awa-last-eight = BA-e: who takes the last seeds of a round
option-ba-awa-no-move = BA-f: the player to move has no seeds to move
option-ba-awa-territory = BA-g: which pits change hands between rounds
option-ba-awa-round-starter = BA-h: who starts the next round
option-ba-awa-match-target = BA-i: pits owned after a round that win the match
option-ba-awa-infinite-move = BA-j: a move whose laps never end
option-ba-awa-repetition = what the first repetition within a round does
option-ba-awa-max-rounds = end the match after this many rounds (more pits wins)

## Rule options of isolo
option-isolo-first-player = who moves first in the foregame
option-isolo-proper-first-lap-start = where a proper-game move starts sowing (IS-a)
option-isolo-regular-resow = where a regular capture is sown again (IS-b)
option-isolo-singleton-resow-start = which own extreme pit a singleton capture is sown from (IS-c)
option-isolo-singleton-rule-after-first-lap-only = singleton captures only after the first lap; before, a regular capture (IS-e)
option-isolo-infinite-move = what a move that never ends is (IS-i)
option-isolo-repetition = what the first repetition of (pits, side) in the proper game does
option-isolo-max-plies = a phase (foregame or proper game) reaching this many plies ends drawn
option-isolo-stock-limit = stock seeds each player may use in the foregame
option-isolo-kucheleka-max-total = the most seeds the foregame winner may place at kucheleka (IS-j)
option-isolo-no-singletons = proper game: singletons only when no playable pit holds 2+ (IS-k)

## Rules pages
rules-options-title = Rule options
rules-options-intro = Every game starts with these defaults. To play another reading of the rules, change them under <em>Rule options</em> when you start a game; the game page lists the rules in force.
rules-footer = The same options are listed by <code>mancala variants</code>; the text of these pages is in the repository's <code>{ $path }</code>.
rules-nav-new-game = New game
rules-nav-all-games = All games
rules-index-title = Rules of the games
rules-index-intro = The rules of every game this program plays, each with its rule options and their defaults.
rules-col-option = option
rules-col-default = default
rules-col-values = values
rules-col-meaning = meaning
